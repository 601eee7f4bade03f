import { EndpointError, quote } from "../errors.js";
import { isToken, normalizeHeaderValue } from "../headers.js";
import { hasOwn, isPlainObject, setOwn } from "../object.js";
import { describeHeaderValue } from "../redact.js";
import type { Headers } from "../types.js";
import { describeSafely, readSafely } from "./read-safely.js";

/**
 * Headers that describe the connection or the framing of the message rather than the request.
 * Every client computes them from the url and the body (fetch lists them among its forbidden
 * request-header names, https://fetch.spec.whatwg.org/#forbidden-request-header), so the
 * adapters leave them out: a stale `content-length` would make a client throw or cut the body.
 */
export const CLIENT_COMPUTED_HEADERS: ReadonlySet<string> = new Set([
  "connection",
  "content-length",
  "expect",
  "host",
  "keep-alive",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * The headers an adapter sends: lowercase names, string values, without `CLIENT_COMPUTED_HEADERS`.
 * Hand-made options are checked as `endpoint()` checks headers (lib/headers.ts): every name an
 * RFC 9110 token, every value a string or finite number that `normalizeHeaderValue()` accepts (no
 * CR, LF, NUL or other controls, nothing above U+00FF), then sent as fetch sends it, without
 * leading and trailing spaces and tabs (`fieldValue()`), so that every client sends the same bytes;
 * `undefined` values are left out. An own `__proto__` header is kept
 * as an own property. Anything else is `ERR_INVALID_HEADER` (`ERR_INVALID_OPTIONS` when `headers`
 * is not a plain object or cannot be read).
 *
 * @example
 * outgoingHeaders("toFetch", { "X-Page": 2, "content-length": 5 }); // { "x-page": "2" }
 */
export function outgoingHeaders(adapter: string, headers: Headers | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers === undefined) return result;
  const names = readSafely(
    "ERR_INVALID_OPTIONS",
    `${adapter}: the headers cannot be read (a revoked Proxy, or a Proxy trap that throws)`,
    () => {
      if (typeof headers !== "object" || headers === null || !isPlainObject(headers)) {
        throw new EndpointError(
          "ERR_INVALID_OPTIONS",
          `${adapter}: "headers" must be a plain object of header names to values, got ${describeSafely(headers)}`,
        );
      }
      return Object.keys(headers);
    },
  );
  for (const name of names) {
    const value = readSafely(
      "ERR_INVALID_HEADER",
      `${adapter}: the value of header ${quote(name)} cannot be read (a getter or Proxy trap that throws)`,
      () => (hasOwn(headers, name) ? headers[name] : undefined),
    );
    if (value === undefined) continue;
    // RFC 9110 §5.1: field-name = token; CR, LF or ":" in a name would forge other header lines.
    if (!isToken(name)) {
      throw new EndpointError(
        "ERR_INVALID_HEADER",
        `${adapter}: Invalid header name ${quote(name)}: not an RFC 9110 token`,
      );
    }
    const lowercaseName = name.toLowerCase();
    let normalized: string | number;
    try {
      normalized = normalizeHeaderValue(name, value);
    } catch (error) {
      // The message endpoint() gives, naming the adapter; a value that cannot even be described
      // (a revoked Proxy) is refused in the same words.
      const message =
        error instanceof EndpointError
          ? error.message
          : `Invalid value for header ${quote(name)}: ${describeHeaderValue(name, value, -1)}`;
      throw new EndpointError("ERR_INVALID_HEADER", `${adapter}: ${message}`);
    }
    if (CLIENT_COMPUTED_HEADERS.has(lowercaseName)) continue;
    // `result[name] = …` would call the `__proto__` setter and drop a header endpoint() returned.
    setOwn(
      result,
      lowercaseName,
      typeof normalized === "string" ? fieldValue(normalized) : String(normalized),
    );
  }
  return result;
}

/**
 * A header value as it goes on the wire: without leading and trailing spaces and tabs, which are
 * not part of a field value (RFC 9110 §5.5) and which fetch strips itself ("normalize",
 * https://fetch.spec.whatwg.org/#concept-header-value-normalize). `endpoint()` returns values
 * unchanged (CONTRACT.md); the adapters send what fetch sends, so curl, node:http, axios and got
 * put the same bytes on the wire as fetch, and curl never reads a value of only whitespace as
 * `-H 'name:'`, its form for removing a header. `value` holds no CR or LF (`normalizeHeaderValue`).
 *
 * @example
 * fieldValue(" \t padded \t "); // "padded"
 */
export function fieldValue(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isSpaceOrTab(value.charCodeAt(start))) start++;
  while (end > start && isSpaceOrTab(value.charCodeAt(end - 1))) end--;
  // A slice of the whole string is the string itself: no copy when there is nothing to trim.
  return value.slice(start, end);
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** The `content-type` of `outgoingHeaders()`'s result, an own property only (never an inherited one). */
export function contentTypeOf(headers: Record<string, string>): string | undefined {
  return hasOwn(headers, "content-type") ? headers["content-type"] : undefined;
}
