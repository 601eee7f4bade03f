import { boundedCache } from "./bounded-cache.js";
import { EndpointError, notAString, quote } from "./errors.js";
import { quoteUrl } from "./redact.js";

// RFC 3986 §3.1: a scheme, then "://" for a url with an authority; anchored, linear on any input.
const ABSOLUTE_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** A url with a scheme and authority (`https://…`) is used as given; anything else is a path. */
export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE_URL.test(url);
}

// Not RFC 3986 §2: such characters ("\" above all, "/" to WHATWG only) are read differently by parsers.
const NOT_URI_CHARACTER = /[^\w\-.~:/?#[\]@!$&'()*+,;=%]/;

/** The offset after `scheme://authority` of an absolute url. */
export function authorityEnd(url: string): number {
  const start = url.indexOf("://") + 3;
  return start + url.slice(start).search(/[/?#]|$/);
}

/**
 * Why clients would not all send `url` to one host, or `undefined`: not a WHATWG URL or not http(s),
 * two "@" (WHATWG takes the last, others the first), a pct-encoded (only WHATWG decodes it) or empty host.
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
  // `https:///host/x`: WHATWG skips the extra "/", RFC 3986 parsers read no host.
  if (/^(:|$)/.test(authority.slice(at + 1))) return "an empty host";
  return undefined;
}

// The base urls that passed: an app has a few, checked once each.
const validBaseUrls = /*#__PURE__*/ boundedCache<string>(64, 64);

/** `baseUrl` if `baseUrlFault` finds nothing, else `ERR_INVALID_BASE_URL`. */
export function validateBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") throw notAString("ERR_INVALID_BASE_URL", "baseUrl", baseUrl);
  const fault = baseUrlFault(baseUrl);
  if (fault === undefined) return baseUrl;
  throw new EndpointError("ERR_INVALID_BASE_URL", `Invalid baseUrl ${quoteUrl(baseUrl)}: ${fault}`);
}

/** Why `baseUrl` is not an http(s) URL or a "/" path, both without query, fragment or dot segment. */
export function baseUrlFault(baseUrl: string): string | undefined {
  if (validBaseUrls.get(baseUrl) !== undefined) return undefined; // checked once
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
  validBaseUrls.set(baseUrl, baseUrl, 1);
  return undefined;
}

/** `Invalid url "…": <problem>`, the url's password and secret query values redacted. */
export function invalidUrl(url: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_URL", `Invalid url ${quoteUrl(url)}: ${problem}`);
}

/** Checks an absolute url an expansion produced (see `absoluteUrlFault`). */
export function validateAbsoluteUrl(url: string): void {
  const fault = absoluteUrlFault(url);
  if (fault !== undefined) throw invalidUrl(url, fault);
}

/** The origin a url targets: `scheme://authority` of an absolute url, "" for a path (the page's). */
export function targetOrigin(url: string): string {
  return isAbsoluteUrl(url) ? url.slice(0, authorityEnd(url)).toLowerCase() : "";
}

/** `baseUrl` and a path joined by exactly one "/"; a trailing "/" of the path is kept. */
export function joinUrl(baseUrl: string, path: string, pathStartsWithSlash?: boolean): string {
  if (path === "") return baseUrl;
  const baseHasSlash = baseUrl.charCodeAt(baseUrl.length - 1) === 0x2f; /* / */
  const pathHasSlash = pathStartsWithSlash ?? path.charCodeAt(0) === 0x2f;
  return baseUrl + (baseHasSlash !== pathHasSlash ? path : baseHasSlash ? path.slice(1) : "/" + path);
}

/** A query pair's name, pct-decoded (RFC 3986 §6.2.2.2: `a[]` is `a%5B%5D`); `undefined` for no UTF-8. */
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
  // A trailing "&" only continues a query that exists ("https://host.example&" has none).
  const separator = !beforeHash.includes("?") ? "?" : /[?&]$/.test(beforeHash) ? "" : "&";
  return beforeHash + separator + query + url.slice(hash);
}

/** `path segment ".."` or `fragment segment "%2e"` (RFC 3986 §3.5): for a message. */
export function dotSegmentLabel(url: string, [start, end]: [number, number]): string {
  return (url.lastIndexOf("#", start) < 0 ? "path" : "fragment") + " segment " + quote(url.slice(start, end));
}

/**
 * `[start, end]` of the first "." or ".." segment from `start`, in the path or fragment (routers resolve
 * it), "%2e" too (WHATWG decodes it); an encoded "/" or "\" ends a segment (servers decode it first),
 * and some servers drop ";" parameters after the dots ("..;/admin" is "../admin"): docs/security.md.
 */
export function findDotSegment(url: string, start: number): [number, number] | undefined {
  // Most urls have no segment that begins with a dot ("." or "%2e"): then there is nothing to walk.
  if (!/(?:^|[/?#]|%2f|%5c)(?:\.|%2e)/i.test(url.slice(start))) return undefined;
  let segmentStart = start;
  let inQuery = false;
  for (let i = start; i <= url.length; i++) {
    const code = i === url.length ? 0x2f /* end: closes the last segment */ : url.charCodeAt(i);
    const encodedSlash = code === 0x25 /* % */ && ["%2f", "%5c"].includes(url.slice(i, i + 3).toLowerCase());
    // "#" ends a query or a segment; outside a query, "?", "/", %2F and %5C end a segment.
    if (
      code === 0x23 /* # */ ||
      (!inQuery && (code === 0x3f /* ? */ || code === 0x2f /* / */ || encodedSlash))
    ) {
      // At most "%2e%2e" then ";" or "%3b": the first 9 characters decide.
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

/**
 * Can a value of `{x}`, `{/x}` or `{;x}` (which encode "%" and "/") add to a dot segment? When all dots,
 * or a "." with "/", "\" or ";": encoded, they end a segment to servers that decode them, or are dropped.
 */
export function mayMakeDotSegment(text: string): boolean {
  return text === "." || text === ".." || (text.includes(".") && /[/\\;]/.test(text));
}
