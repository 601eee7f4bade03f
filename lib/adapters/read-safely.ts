import { rethrowAs } from "../errors.js";
import type { EndpointErrorCode } from "../errors.js";

/** What can make the caller's objects unreadable, as the messages say it. */
export const GETTER_OR_PROXY = "a revoked Proxy, or a getter or Proxy trap that throws";
export const PROXY = "a revoked Proxy, or a Proxy trap that throws";

/**
 * Runs `read` on the caller's objects: what it throws (a revoked Proxy, a getter that throws)
 * becomes `EndpointError` `code` saying `<what> cannot be read (<how>)`, what was thrown its `cause`.
 */
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
