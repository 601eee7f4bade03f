import { buildRequest } from "./build-request.js";
import type { RequestPolicy } from "./build-request.js";
import { compileUrl } from "./compiled-url.js";
import { EndpointError, quote } from "./errors.js";
import { mergeHeaders, normalizeHeaders } from "./headers.js";
import { normalizeMediaType } from "./media-type.js";
import { validateRequestMeta } from "./normalize.js";
import { hasOwn, isPlainObject } from "./object.js";
import { RESERVED_KEYS } from "./reserved-keys.js";
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
  const given = (key: string): unknown => (hasOwn(input, key) ? input[key] : undefined);
  const method = given("method") === undefined ? "GET" : validateMethod(given("method"));
  const headers = given("headers") === undefined ? undefined : normalizeHeaders(given("headers"));
  const mediaType = given("mediaType") === undefined ? {} : normalizeMediaType(given("mediaType"));
  const request = given("request") === undefined ? undefined : validateRequestMeta(given("request"));
  const parameterKeys: string[] = [];
  for (const key in input) if (hasOwn(input, key) && !RESERVED_KEYS.has(key)) parameterKeys.push(key);
  const compiled = compileUrl(checkUrl(given("url")));
  return buildRequest(
    {
      method,
      compiled,
      baseUrl: given("baseUrl"),
      // `null` removes a header here too; every object is this call's own.
      headers: mergeHeaders(undefined, headers ?? {}),
      format: mediaType.format ?? "",
      previews: mediaType.previews ?? [],
      parameters: input,
      parameterKeys,
      hasData: given("data") !== undefined,
      data: given("data"),
      request,
    },
    policy,
  );
}
