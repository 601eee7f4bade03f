import { describe, rethrowAs } from "../errors.js";
import type { EndpointErrorCode } from "../errors.js";

/**
 * `describe(value)`, or a fixed text when the value cannot even be looked at: `describe` asks a
 * Proxy for its prototype, and a revoked Proxy throws a TypeError for that.
 */
export function describeSafely(value: unknown): string {
  try {
    return describe(value);
  } catch {
    return "an object that cannot be read (a revoked Proxy, or a Proxy trap that throws)";
  }
}

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
