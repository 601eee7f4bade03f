import type { RequestOptions } from "../../lib/types.js";

/** The url of the request options the adapter specs (to-curl, to-fetch) pass in. */
export const url = "https://api.service.example/repos/octo/hello";

/**
 * A maker of request options for the adapter specs: `method` at `url`, with a fresh copy of
 * `headers`, and `extra` over them (its `headers`, if given, replace them).
 */
export function requestOptionsWith(
  headers: RequestOptions["headers"],
): (method: string, extra?: Partial<RequestOptions>) => RequestOptions {
  return (method, extra = {}) => ({ method, url, headers: { ...headers }, ...extra });
}
