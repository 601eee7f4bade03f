import { EndpointError, notAToken, quote } from "../errors.js";
import { isToken, normalizeHeaderValue } from "../headers.js";
import { hasOwn, isPlainObject, setOwn } from "../object.js";
import type { Headers } from "../types.js";
import { PROXY, fromAdapter, mustBe, readSafely } from "./read-safely.js";

/** Left out: every client computes these (fetch forbids them), and a stale `content-length` cuts the body. */
const CLIENT_COMPUTED_HEADERS: ReadonlySet<string> = new Set(
  "connection content-length expect host keep-alive te trailer transfer-encoding upgrade".split(" "),
);

/** The headers to send, checked as `endpoint()` checks them: lowercase names, values as fetch sends them. */
export function outgoingHeaders(adapter: string, headers: Headers | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers === undefined) return result;
  const names = readSafely(
    "ERR_INVALID_OPTIONS",
    `${adapter}: the headers`,
    () => {
      if (!isPlainObject(headers))
        throw mustBe(adapter, "headers", "a plain object of header names to values", headers);
      return Object.keys(headers);
    },
    PROXY,
  );
  for (const name of names) {
    const value = readSafely(
      "ERR_INVALID_HEADER",
      `${adapter}: the value of header ${quote(name)}`,
      () => (hasOwn(headers, name) ? headers[name] : undefined),
      "a getter or Proxy trap that throws",
    );
    if (value === undefined) continue;
    // RFC 9110 §5.1: CR, LF or ":" in a name would forge other header lines.
    if (!isToken(name)) throw fromAdapter(adapter, notAToken("ERR_INVALID_HEADER", "header name", name));
    let normalized: string | number;
    try {
      normalized = normalizeHeaderValue(name, value);
    } catch (error) {
      throw fromAdapter(adapter, error as EndpointError); // it throws only EndpointErrors
    }
    const lowercaseName = name.toLowerCase();
    if (CLIENT_COMPUTED_HEADERS.has(lowercaseName)) continue;
    // (Not `result[name] = …`, which would call the `__proto__` setter.)
    setOwn(result, lowercaseName, typeof normalized === "string" ? fieldValue(normalized) : `${normalized}`);
  }
  return result;
}

/** A header value as fetch sends it, leading and trailing spaces and tabs cut (RFC 9110 §5.5). */
function fieldValue(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value[start] === " " || value[start] === "\t")) start++;
  while (end > start && (value[end - 1] === " " || value[end - 1] === "\t")) end--;
  return value.slice(start, end);
}

/** The `content-type` of `outgoingHeaders()`'s result, an own property only (never an inherited one). */
export function contentTypeOf(headers: Record<string, string>): string | undefined {
  return hasOwn(headers, "content-type") ? headers["content-type"] : undefined;
}
