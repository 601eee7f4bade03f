import { rethrowAs } from "../errors.js";
import type { EndpointErrorCode } from "../errors.js";

/**
 * Runs `read` on the caller's objects: what it throws (a revoked Proxy, a getter that throws)
 * becomes `EndpointError` `code` with `message`, what was thrown its `cause`.
 */
export function readSafely<T>(code: EndpointErrorCode, message: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    rethrowAs(error, code, message);
  }
}
