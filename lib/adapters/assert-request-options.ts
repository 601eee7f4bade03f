import { EndpointError, codePointLabel, quote } from "../errors.js";
import { isToken } from "../headers.js";
import { own } from "../object.js";
import { quoteUrl } from "../redact.js";
import { absoluteUrlFault, authorityEnd, dotSegmentLabel, findDotSegment } from "../url.js";
import type { RequestOptions } from "../types.js";
import { outgoingHeaders } from "./outgoing-headers.js";
import { describeSafely, readSafely } from "./read-safely.js";

/**
 * Where a url may point for an adapter: `"absolute"` (curl has no page to resolve a path against)
 * or `"absolute-or-path"` (fetch resolves an origin-relative `/path` against the page's origin).
 */
export type UrlPolicy = "absolute" | "absolute-or-path";

/** The request options an adapter sends, read once and checked: the caller's object is not read again. */
export interface CheckedRequestOptions {
  /** Uppercase, an RFC 9110 token. */
  method: string;
  /** An absolute http(s) url, or (with `"absolute-or-path"`) a path starting with exactly one `/`. */
  url: string;
  /** As `outgoingHeaders()` gives them. */
  headers: Record<string, string>;
  /** The caller's `body`, by reference; `undefined` when there is none. */
  body: unknown;
  /** The caller's `request` object, by reference; `undefined` when there is none. */
  request: Record<string, unknown> | undefined;
}

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * The offset of the first character a url must not hold, or -1: controls, space, DEL, `\` and
 * anything beyond ASCII. `endpoint()` percent-encodes all of them; in a hand-made url they make
 * clients disagree (WHATWG URL drops tabs and newlines and reads `\` as `/`, curl refuses
 * controls and spaces, and the two percent-encode non-ASCII with different hex case).
 */
function invalidUrlOffset(url: string): number {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f || code === 0x5c) return i;
  }
  return -1;
}

function invalidUrl(adapter: string, url: string, reason: string): EndpointError {
  return new EndpointError("ERR_INVALID_URL", `${adapter}: Invalid url ${quoteUrl(url)}: ${reason}`);
}

/** Throws `ERR_INVALID_URL` unless `url` is one the adapter can send to the place it names. */
function checkUrl(adapter: string, url: string, policy: UrlPolicy): void {
  const offset = invalidUrlOffset(url);
  if (offset !== -1) {
    throw invalidUrl(
      adapter,
      url,
      `character ${codePointLabel(url.charCodeAt(offset))} at offset ${offset}; ` +
        'controls, space, "\\" and non-ASCII characters must be percent-encoded',
    );
  }
  const scheme = SCHEME.exec(url)?.[1];
  if (scheme !== undefined) {
    const lowercaseScheme = scheme.toLowerCase();
    if (lowercaseScheme !== "http" && lowercaseScheme !== "https") {
      throw invalidUrl(adapter, url, `the scheme ${quote(scheme)} is not http or https`);
    }
    // `http:x` and `http:/x` are read as `http://x/` by WHATWG URL, but not by curl.
    if (!url.startsWith("//", scheme.length + 1)) {
      throw invalidUrl(adapter, url, `"//" must follow "${scheme}:"`);
    }
    // endpoint()'s own check: a URL the WHATWG parser reads, whose host every client reads alike
    // (one "@", a host that is not empty or pct-encoded: docs/security.md item 6).
    const fault = absoluteUrlFault(url);
    if (fault !== undefined) throw invalidUrl(adapter, url, fault);
    const end = authorityEnd(url);
    // RFC 3986 §3.2.1 userinfo: fetch throws a TypeError for it ("If parsedURL includes
    // credentials", https://fetch.spec.whatwg.org/#dom-request), curl sends `authorization: Basic …`,
    // a header that was never built.
    if (url.lastIndexOf("@", end) > scheme.length) {
      throw invalidUrl(
        adapter,
        url,
        'user info before "@" in the authority, which fetch refuses and curl turns into an authorization header; ' +
          "put credentials in headers.authorization",
      );
    }
    return checkDotSegments(adapter, url, end);
  }
  // Exactly one "/": `//host/x` is a network-path reference (RFC 3986 §4.2) to another origin.
  const isOriginRelative = url.startsWith("/") && !url.startsWith("//");
  if (isOriginRelative && policy === "absolute-or-path") return checkDotSegments(adapter, url, 0);
  if (isOriginRelative) {
    throw invalidUrl(
      adapter,
      url,
      "origin-relative; curl needs an absolute http(s) url, so build the request with an absolute baseUrl",
    );
  }
  throw invalidUrl(
    adapter,
    url,
    policy === "absolute"
      ? "expected an absolute http(s) url"
      : 'expected an absolute http(s) url or a path starting with exactly one "/"',
  );
}

/**
 * RFC 3986 §5.2.4: fetch resolves a "." or ".." segment (`/a/%2e%2e/admin` is sent as `/admin`)
 * where curl sends it as written, so one set of options would reach two paths. Refused as
 * `endpoint()` refuses it (docs/security.md item 1).
 */
function checkDotSegments(adapter: string, url: string, start: number): void {
  const found = findDotSegment(url, start);
  if (found !== undefined) {
    throw invalidUrl(adapter, url, `the ${dotSegmentLabel(url, found)} would be resolved away by clients`);
  }
}

function invalidOptions(adapter: string, reason: string): EndpointError {
  return new EndpointError("ERR_INVALID_OPTIONS", `${adapter}: ${reason}`);
}

/**
 * Reads request options handed to an adapter, once, and checks them as `endpoint()` checks what
 * it builds: an object with a string `method` that is an RFC 9110 token (`ERR_INVALID_METHOD`), a
 * string `url` that is an absolute http(s) url without user info or, with `"absolute-or-path"`, a
 * path starting with exactly one `/` (`ERR_INVALID_URL`), `headers` as `outgoingHeaders()` checks them
 * (`ERR_INVALID_HEADER`), and `request`, when given, an object. Only own properties are read.
 * Anything unreadable (a revoked Proxy, a throwing getter) is an `EndpointError` too, never a
 * TypeError.
 *
 * @example
 * readRequestOptions("toCurl", { method: "get", url: "file:///etc/passwd", headers: {} }, "absolute");
 * // EndpointError ERR_INVALID_URL: toCurl: Invalid url "file:///etc/passwd": the scheme "file" is not http or https
 */
export function readRequestOptions(
  adapter: string,
  value: unknown,
  policy: UrlPolicy,
): CheckedRequestOptions {
  if (typeof value !== "object" || value === null) {
    throw invalidOptions(adapter, `request options must be an object, got ${describeSafely(value)}`);
  }
  const { method, url, headers, body, request } = readSafely(
    "ERR_INVALID_OPTIONS",
    `${adapter}: the request options cannot be read (a revoked Proxy, or a getter or Proxy trap that throws)`,
    // Own properties only: an `Object.prototype.body` set by other code is not a body.
    () => ({
      method: own(value, "method"),
      url: own(value, "url"),
      headers: own(value, "headers"),
      body: own(value, "body"),
      request: own(value, "request"),
    }),
  );
  if (typeof method !== "string")
    throw invalidOptions(adapter, `"method" must be a string, got ${describeSafely(method)}`);
  if (typeof url !== "string")
    throw invalidOptions(adapter, `"url" must be a string, got ${describeSafely(url)}`);
  if (headers !== undefined && (typeof headers !== "object" || headers === null)) {
    throw invalidOptions(adapter, `"headers" must be an object, got ${describeSafely(headers)}`);
  }
  if (request !== undefined && (typeof request !== "object" || request === null)) {
    throw invalidOptions(adapter, `"request" must be an object, got ${describeSafely(request)}`);
  }
  if (request !== undefined) {
    // toCurl ignores `request` and toFetch reads a few fields: a revoked Proxy fails here for both.
    readSafely(
      "ERR_INVALID_OPTIONS",
      `${adapter}: "request" cannot be read (a revoked Proxy, or a Proxy trap that throws)`,
      () => Object.keys(request),
    );
  }
  // RFC 9110 §9.1: method = token; anything else (a space, CR, LF) would forge the request line.
  if (!isToken(method)) {
    throw new EndpointError(
      "ERR_INVALID_METHOD",
      `${adapter}: Invalid method ${quote(method)}: not an RFC 9110 token`,
    );
  }
  checkUrl(adapter, url, policy);
  return {
    method: method.toUpperCase(),
    url,
    headers: outgoingHeaders(adapter, headers as RequestOptions["headers"] | undefined),
    body,
    request: request as Record<string, unknown> | undefined,
  };
}
