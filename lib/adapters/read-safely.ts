import { EndpointError, describe, rethrowAs } from "../errors.js";
import type { EndpointErrorCode } from "../errors.js";

/** What can make the caller's objects unreadable, as the messages say it. */
const GETTER_OR_PROXY = "a revoked Proxy, or a getter or Proxy trap that throws";
export const PROXY = "a revoked Proxy, or a Proxy trap that throws";

/** Runs `read` on the caller's objects: what it throws becomes `code`, `<what> cannot be read (<how>)`. */
export function readSafely<T>(
  code: EndpointErrorCode,
  what: string,
  read: () => T,
  how = GETTER_OR_PROXY,
): T {
  try {
    return read();
  } catch (error) {
    rethrowAs(error, code, `${what} cannot be read (${how})`);
  }
}

export function invalidOptions(adapter: string, reason: string): EndpointError {
  return new EndpointError("ERR_INVALID_OPTIONS", `${adapter}: ${reason}`);
}

/** `<adapter>: "<name>" must be <expected>, got <value described>`. */
export function mustBe(adapter: string, name: string, expected: string, value: unknown): EndpointError {
  return invalidOptions(adapter, `"${name}" must be ${expected}, got ${describe(value)}`);
}

/** An error of `endpoint()`'s own checks, the adapter named first: `toFetch: Invalid url …`. */
export function fromAdapter(adapter: string, error: EndpointError): EndpointError {
  return new EndpointError(error.code, `${adapter}: ${error.message}`);
}
