import { describe, rethrowAs } from "../errors.js";
import type { EndpointErrorCode } from "../errors.js";

/** `describe`, which never throws: it has its own text for a value that cannot be looked at. */
export { describe as describeSafely };

/**
 * Runs `read`, which looks at the caller's objects, and turns anything but an EndpointError that
 * it throws (a revoked Proxy, a getter that throws) into `EndpointError` `code` with `message`:
 * the adapters never let a TypeError from inside escape. The original error is the `cause`.
 *
 * @example
 * readSafely("ERR_INVALID_OPTIONS", "toCurl: the request options cannot be read", () => options.url);
 */
export function readSafely<T>(code: EndpointErrorCode, message: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    rethrowAs(error, code, message);
  }
}
