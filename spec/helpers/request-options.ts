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

/**
 * Absolute urls both adapters refuse as `endpoint()` refuses them (docs/security.md items 1 and
 * 6), so that every client reads the same target: `[url, the reason in the message]`.
 */
export const REFUSED_AS_BY_ENDPOINT: ReadonlyArray<[string, string]> = [
  ["https://x.example/a/%2e%2e/admin", 'the path segment "%2e%2e" would be resolved away by clients'],
  ["https://x.example/a/./b", 'the path segment "." would be resolved away by clients'],
  ["https://x.example/a#/../admin", 'the fragment segment ".." would be resolved away by clients'],
  ["https://a@b@x.example/", 'more than one "@" in the authority'],
  ["https:///x.example/", "an empty host"],
  ["https://%78.example/", "a percent-encoded host"],
];
