import { buildRequest, isBodyMethod, lowerCaseMethod, placeParameters } from "./build-request.js";
import type { RequestPolicy } from "./build-request.js";
import { compileUrl } from "./compiled-url.js";
import { EndpointError, quote } from "./errors.js";
import { normalizeHeaders } from "./headers.js";
import { normalizeMediaType } from "./media-type.js";
import { validateRequestMeta } from "./normalize.js";
import { hasOwn, isPlainObject, own } from "./object.js";
import { isReservedKey } from "./reserved-keys.js";
import { validateMethod } from "./route.js";
import type { ParseInput, RequestOptions } from "./types.js";

/** `ERR_MISSING_URL` / `ERR_INVALID_URL` for a merged url that is not a non-empty string. */
export function checkUrl(url: unknown): string {
  if (url === undefined || url === "") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      `Missing url: give a route such as "GET /users/{id}", or options.url`,
    );
  }
  if (typeof url !== "string") {
    throw new EndpointError("ERR_INVALID_URL", `Invalid url: ${quote(url)}; expected a string`);
  }
  return url;
}

/** `check(input[key])` for an own `key` that is not `undefined`, else `undefined`. */
function read<T>(input: object, key: string, check: (value: unknown) => T): T | undefined {
  const value = own(input, key);
  return value === undefined ? undefined : check(value);
}

/**
 * `parse()` for any object of the merged shape, hand-made ones too: validates and fills in what
 * `merge()` would have (method GET, no headers, no mediaType) without touching the input, then
 * takes the one pipeline of `endpoint()`. Own properties only: an `Object.prototype.baseUrl`
 * that other code set never redirects a request.
 */
export function parse(input: ParseInput, policy: RequestPolicy): RequestOptions {
  if (!isPlainObject(input)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid options for parse(): ${quote(input)}; expected a plain object`,
    );
  }
  // Each option read once, own properties only, checked in this order.
  const method = read(input, "method", validateMethod) ?? "GET";
  // A new object of this call's own; `null` removes a header here too (merged over no headers).
  const headers = read(input, "headers", (given) => normalizeHeaders(given, {})) ?? {};
  const { format = "", previews = [] } = read(input, "mediaType", normalizeMediaType) ?? {};
  const request = read(input, "request", validateRequestMeta);
  const data = own(input, "data");
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const key in input) {
    if (!hasOwn(input, key) || isReservedKey(key)) continue;
    keys.push(key);
    values.push(input[key]);
  }
  const compiled = compileUrl(checkUrl(own(input, "url")));
  const { slots, leftover } = placeParameters(compiled, keys, values);
  return buildRequest(
    policy,
    compiled,
    method,
    isBodyMethod(method),
    lowerCaseMethod(method),
    own(input, "baseUrl"),
    headers,
    format,
    previews,
    slots,
    leftover,
    data !== undefined,
    data,
    request,
  );
}
