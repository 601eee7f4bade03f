import { remember } from "./bounded-cache.js";
import { EndpointError, describe, quote } from "./errors.js";

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://" for a url with
// an authority. Anchored and without nested quantifiers: linear on any input.
const ABSOLUTE_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** A url with a scheme and authority (`https://…`) is used as given; anything else is a path. */
export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE_URL.test(url);
}

// The base urls that passed, so the check costs one lookup per call. An app has few (one per
// builder, say the API and its uploads host); a bound keeps hostile ones from piling up.
const validBaseUrls = new Map<string, string>();
const VALID_BASE_URLS_SIZE = 64;

/**
 * Checks that `baseUrl` is an absolute http(s) URL without query or fragment, made only of
 * visible ASCII: the WHATWG URL Standard's basic URL parser removes every ASCII tab or newline
 * (and trims C0 controls and spaces) first, so it would send a different url than the one we
 * return.
 */
export function validateBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl === "string" && validBaseUrls.has(baseUrl)) return baseUrl;
  if (typeof baseUrl !== "string") {
    throw new EndpointError(
      "ERR_INVALID_BASE_URL",
      `Invalid baseUrl: ${describe(baseUrl)}; expected a string`,
    );
  }
  for (let i = 0; i < baseUrl.length; i++) {
    const code = baseUrl.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f) {
      throw new EndpointError(
        "ERR_INVALID_BASE_URL",
        `Invalid baseUrl ${quote(baseUrl)}: whitespace, control or non-ASCII character at offset ${i}`,
      );
    }
  }
  let protocol: string;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    throw new EndpointError("ERR_INVALID_BASE_URL", `Invalid baseUrl ${quote(baseUrl)}: not an absolute URL`);
  }
  if ((protocol !== "https:" && protocol !== "http:") || !isAbsoluteUrl(baseUrl)) {
    throw new EndpointError(
      "ERR_INVALID_BASE_URL",
      `Invalid baseUrl ${quote(baseUrl)}: expected an http or https URL`,
    );
  }
  if (baseUrl.includes("?") || baseUrl.includes("#")) {
    throw new EndpointError(
      "ERR_INVALID_BASE_URL",
      `Invalid baseUrl ${quote(baseUrl)}: a base URL cannot have a query or fragment`,
    );
  }
  return remember(validBaseUrls, baseUrl, baseUrl, VALID_BASE_URLS_SIZE);
}

/** Checks that an absolute url parses as the WHATWG URL parser (what fetch uses) would. */
export function validateAbsoluteUrl(url: string): void {
  try {
    new URL(url);
  } catch {
    throw new EndpointError("ERR_INVALID_URL", `Invalid url ${quote(url)}: not a valid absolute URL`);
  }
}

/** `baseUrl` and a path joined by exactly one "/"; a trailing "/" of the path is kept. */
export function joinUrl(baseUrl: string, path: string, pathStartsWithSlash?: boolean): string {
  if (path === "") return baseUrl;
  const baseHasSlash = baseUrl.charCodeAt(baseUrl.length - 1) === 0x2f; /* / */
  // Known from the template when it starts with "/": reading the expansion would flatten it.
  const pathHasSlash = pathStartsWithSlash ?? path.charCodeAt(0) === 0x2f;
  if (baseHasSlash !== pathHasSlash) return baseUrl + path;
  return baseHasSlash ? baseUrl + path.slice(1) : baseUrl + "/" + path;
}

/** Appends a query string before any fragment, with "?" or, when the url has a query, "&". */
export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const last = beforeHash.charAt(beforeHash.length - 1);
  // A trailing "&" only continues a query that exists: "https://host.example&" + "q=1" would put
  // the parameters into the host (found by the fuzzer).
  const separator = !beforeHash.includes("?") ? "?" : last === "?" || last === "&" ? "" : "&";
  return beforeHash + separator + query + (hash === -1 ? "" : url.slice(hash));
}
