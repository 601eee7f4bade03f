import { boundedCache } from "./bounded-cache.js";
import { EndpointError, quote } from "./errors.js";
import { quoteUrl } from "./redact.js";

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then "://" for a url with
// an authority. Anchored and without nested quantifiers: linear on any input.
const ABSOLUTE_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** A url with a scheme and authority (`https://…`) is used as given; anything else is a path. */
export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE_URL.test(url);
}

// RFC 3986 §2: the characters a URI is made of (unreserved, reserved and "%"). Anything else —
// "\" above all, which the WHATWG parser reads as "/" and curl does not — is read differently
// by different parsers, so a base URL holding one could reach another host than the one shown.
const NOT_URI_CHARACTER = /[^\w\-.~:/?#[\]@!$&'()*+,;=%]/;

/** The offset after `scheme://authority` of an absolute url. */
export function authorityEnd(url: string): number {
  const start = url.indexOf("://") + 3;
  return start + url.slice(start).search(/[/?#]|$/);
}

/**
 * The reason a url is not one every client sends to the same host, or `undefined`: not a URL
 * the WHATWG parser reads, a scheme other than http(s) (`otherScheme` says so), more than one
 * "@" (WHATWG takes the last, others the first), a pct-encoded host (WHATWG decodes it,
 * others do not) or an empty one.
 */
export function absoluteUrlFault(
  url: string,
  otherScheme = "only http and https URLs are allowed",
): string | undefined {
  try {
    if (!/^https?:$/.test(new URL(url).protocol)) return otherScheme;
  } catch {
    return "not a valid absolute URL";
  }
  const authority = url.slice(url.indexOf("://") + 3, authorityEnd(url));
  const at = authority.lastIndexOf("@");
  if (at !== authority.indexOf("@")) return 'more than one "@" in the authority';
  if (authority.includes("%", at + 1)) return "a percent-encoded host";
  // `https:///host/x`, `https://:443/x`: WHATWG skips the extra "/" and reads "host" as the
  // host (and fails on an empty one), RFC 3986 parsers read no host at all.
  if (/^(:|$)/.test(authority.slice(at + 1))) return "an empty host";
  return undefined;
}

// The base urls that passed, so the check costs one lookup per call. An app has few (one per
// builder, say the API and its uploads host); a bound keeps hostile ones from piling up.
const validBaseUrls = /*#__PURE__*/ boundedCache<string>(64, 64);
let lastBaseUrl: string | undefined;

/**
 * Checks `baseUrl`: an absolute http(s) URL, or a path (`/api`, exactly one leading "/") for
 * origin-relative urls; without query or fragment; without a "." or ".." segment; made only of
 * the characters of RFC 3986 §2 (so no parser reads it differently: no "\", no whitespace, no
 * control or non-ASCII character, which the WHATWG parser would drop or re-encode).
 */
export function validateBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new EndpointError("ERR_INVALID_BASE_URL", `Invalid baseUrl: ${quote(baseUrl)}; expected a string`);
  }
  // The last base url that passed, in front of the cache: one comparison for most calls.
  if (baseUrl !== lastBaseUrl && validBaseUrls.get(baseUrl) === undefined) {
    const fault = baseUrlFault(baseUrl);
    if (fault !== undefined) {
      throw new EndpointError("ERR_INVALID_BASE_URL", `Invalid baseUrl ${quoteUrl(baseUrl)}: ${fault}`);
    }
    validBaseUrls.set(baseUrl, baseUrl);
  }
  lastBaseUrl = baseUrl;
  return baseUrl;
}

function baseUrlFault(baseUrl: string): string | undefined {
  const bad = NOT_URI_CHARACTER.exec(baseUrl);
  if (bad !== null) {
    const i = bad.index;
    return bad[0] <= " " || bad[0] >= "\x7f"
      ? `whitespace, control or non-ASCII character at offset ${i}`
      : `character ${quote(bad[0])} at offset ${i} is read differently by different URL parsers`;
  }
  const isPath = baseUrl.startsWith("/");
  const fault = isPath
    ? baseUrl.startsWith("//")
      ? 'a path base URL starts with exactly one "/" ("//" would name a host)'
      : undefined
    : isAbsoluteUrl(baseUrl)
      ? absoluteUrlFault(baseUrl, "expected an http or https URL")
      : 'not an absolute URL, nor a path starting with "/"';
  if (fault !== undefined) return fault;
  if (/[?#]/.test(baseUrl)) return "a base URL cannot have a query or fragment";
  if (findDotSegment(baseUrl, isPath ? 0 : authorityEnd(baseUrl)) !== undefined) {
    return 'a base URL cannot have a "." or ".." path segment';
  }
  return undefined;
}

/**
 * Checks an absolute url that an expansion produced: it parses as the WHATWG URL parser (what
 * fetch uses) reads it, its scheme is http or https (never `file:` or `gopher:`), and every
 * client reads the same host in it.
 */
export function validateAbsoluteUrl(url: string): void {
  const fault = absoluteUrlFault(url);
  if (fault !== undefined)
    throw new EndpointError("ERR_INVALID_URL", `Invalid url ${quoteUrl(url)}: ${fault}`);
}

/** Does `url` pass `validateAbsoluteUrl`? */
export function isValidAbsoluteUrl(url: string): boolean {
  return absoluteUrlFault(url) === undefined;
}

/** The origin a url targets: `scheme://authority` of an absolute url, "" for a path (the page's). */
export function targetOrigin(url: string): string {
  return isAbsoluteUrl(url) ? url.slice(0, authorityEnd(url)).toLowerCase() : "";
}

/** `baseUrl` and a path joined by exactly one "/"; a trailing "/" of the path is kept. */
export function joinUrl(baseUrl: string, path: string, pathStartsWithSlash?: boolean): string {
  if (path === "") return baseUrl;
  const baseHasSlash = baseUrl.charCodeAt(baseUrl.length - 1) === 0x2f; /* / */
  // Known from the template when it starts with "/": reading the expansion would flatten it.
  const pathHasSlash = pathStartsWithSlash ?? path.charCodeAt(0) === 0x2f;
  return baseUrl + (baseHasSlash !== pathHasSlash ? path : baseHasSlash ? path.slice(1) : "/" + path);
}

/**
 * The key of a query's `name=value` pair, percent-decoded (RFC 3986 §2.1, §6.2.2.2): `a[]`,
 * `a%5B%5D` and `a%5b%5d` are one key, the one a parameter named `a[]` is sent as. `undefined`
 * where the name decodes to no UTF-8 (`%FF`): no parameter is written as that.
 */
export function queryKey(pair: string): string | undefined {
  try {
    return decodeURIComponent(pair.split("=", 1)[0]!);
  } catch {
    return undefined;
  }
}

/** Appends a query string before any fragment, with "?" or, when the url has a query, "&". */
export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  let hash = url.indexOf("#");
  if (hash === -1) hash = url.length;
  const beforeHash = url.slice(0, hash);
  // A trailing "&" only continues a query that exists: "https://host.example&" + "q=1" would put
  // the parameters into the host (found by the fuzzer).
  const separator = !beforeHash.includes("?") ? "?" : /[?&]$/.test(beforeHash) ? "" : "&";
  return beforeHash + separator + query + url.slice(hash);
}

/**
 * `path segment ".."` or `fragment segment "%2e"`: the segment `findDotSegment` found, for a
 * message. Past a "#" it is the fragment's (RFC 3986 §3.5), which client-side routers resolve.
 */
export function dotSegmentLabel(url: string, [start, end]: [number, number]): string {
  return (url.lastIndexOf("#", start) < 0 ? "path" : "fragment") + " segment " + quote(url.slice(start, end));
}

/**
 * The first "." or ".." segment of `url` from `start` — in any spelling: "%2e", "%2E", ".%2E"
 * (the WHATWG URL Standard, "single-dot and double-dot URL path segments", reads those as dots
 * too) — in the path and in the fragment (client-side routers resolve it as a path); the query
 * is not a path. An encoded "/" or "\" (%2F, %5C, any case) ends a segment too: a server or
 * proxy that decodes it before resolving reads "..%2Fadmin" as "../admin"; and ";" parameters
 * after the dots make no other segment, as servers that drop them read "..;/admin" as
 * "../admin" (docs/decisions.md §15). Returns `[start, end]` of the segment, or `undefined`.
 */
export function findDotSegment(url: string, start: number): [number, number] | undefined {
  let segmentStart = start;
  let inQuery = false;
  for (let i = start; i <= url.length; i++) {
    const code = i === url.length ? 0x2f /* end: closes the last segment */ : url.charCodeAt(i);
    const encodedSlash = code === 0x25 /* % */ && ["%2f", "%5c"].includes(url.slice(i, i + 3).toLowerCase());
    // "#" ends a query or a segment and starts the fragment; outside a query, "?", "/" and an
    // encoded "/" or "\" end a segment, and "?" starts the query (in the fragment too: it is
    // where routers read one).
    if (
      code === 0x23 /* # */ ||
      (!inQuery && (code === 0x3f /* ? */ || code === 0x2f /* / */ || encodedSlash))
    ) {
      // A dot segment is at most 6 characters ("%2e%2e"), before any ";" parameters (raw or
      // %3B), which servers such as Tomcat and Spring drop before they resolve ("..;/admin" is
      // "../admin" to them): at most 9 characters are looked at.
      if (
        !inQuery &&
        /^(?:\.|%2e){1,2}(?:$|;|%3b)/i.test(url.slice(segmentStart, Math.min(i, segmentStart + 9)))
      ) {
        return [segmentStart, i];
      }
      inQuery = code === 0x3f;
      segmentStart = encodedSlash ? i + 3 : i + 1;
    }
  }
  return undefined;
}
