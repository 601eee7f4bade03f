import { EndpointError, quote } from "../errors.js";
import type { Headers } from "../types.js";

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
 * A value holding CR, LF or NUL is refused (hand-made options; `endpoint()` never builds one).
 */
export function outgoingHeaders(adapter: string, headers: Headers | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers === undefined) return result;
  for (const [name, value] of Object.entries(headers)) {
    const lowercaseName = name.toLowerCase();
    if (CLIENT_COMPUTED_HEADERS.has(lowercaseName)) continue;
    const text = String(value);
    if (/[\r\n\0]/.test(text)) {
      throw new EndpointError(
        "ERR_INVALID_HEADER",
        `${adapter}: the value of header ${quote(lowercaseName)} holds CR, LF or NUL: ${quote(text)}`,
      );
    }
    result[lowercaseName] = text;
  }
  return result;
}
