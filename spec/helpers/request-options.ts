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
/** The reason every adapter gives for user info in the url (review of 2026-11-26, F3). */
export const USER_INFO_REASON =
  'user info before "@" in the authority, which fetch refuses and curl turns into an authorization header; ' +
  "put credentials in headers.authorization";

/** Urls `endpoint()` builds but no adapter sends: the clients disagree on user info. */
export const REFUSED_BY_THE_ADAPTERS: ReadonlyArray<[string, string]> = [
  ["https://user:pass@x.example/", USER_INFO_REASON],
  ["https://user@x.example/a", USER_INFO_REASON],
  ["http://:pass@x.example:8080/", USER_INFO_REASON],
  ["https://@x.example/", USER_INFO_REASON],
];

export const REFUSED_AS_BY_ENDPOINT: ReadonlyArray<[string, string]> = [
  ["https://x.example/a/%2e%2e/admin", 'the path segment "%2e%2e" would be resolved away by clients'],
  ["https://x.example/a/./b", 'the path segment "." would be resolved away by clients'],
  ["https://x.example/a#/../admin", 'the fragment segment ".." would be resolved away by clients'],
  ["https://a@b@x.example/", 'more than one "@" in the authority'],
  ["https:///x.example/", "an empty host"],
  ["https://%78.example/", "a percent-encoded host"],
];
