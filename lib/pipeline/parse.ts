import { quote } from "../errors.js";
import { normalizeHeaders } from "../headers.js";
import { normalizeMediaType } from "../media-type.js";
import { hasOwn, isPlainObject, own } from "../object.js";
import { isReservedKey } from "../reserved-keys.js";
import { buildRequest } from "../request/build.js";
import { compileUrl, emptySlots } from "../request/compile-url.js";
import type { FlatParameters, RequestPolicy } from "./types.js";
import { validateMethod } from "../route.js";
import type { ParseInput, RequestOptions } from "../types.js";
import { checkUrl, fillSlots } from "./plan.js";
import { invalidOptions, validateRequestMeta } from "./read-options.js";

/** `check(input[key])` for an own `key` that is not `undefined`, else `undefined`. */
function read<T>(input: object, key: string, check: (value: unknown) => T): T | undefined {
  const value = own(input, key);
  return value === undefined ? undefined : check(value);
}

/** Any merged-shape object, hand-made too (missing: method GET, no headers), built as `endpoint()` builds. */
export function parse(input: ParseInput, policy: RequestPolicy): RequestOptions {
  if (!isPlainObject(input)) {
    throw invalidOptions(`Invalid options for parse(): ${quote(input)}; expected a plain object`);
  }
  // Each option read once, in this order.
  const method = read(input, "method", validateMethod) ?? "GET";
  // A new object of this call's own; `null` removes a header here too.
  const headers = read(input, "headers", (given) => normalizeHeaders(given, {})) ?? {};
  const { format = "", previews = [] } = read(input, "mediaType", normalizeMediaType) ?? {};
  const request = read(input, "request", validateRequestMeta);
  const data = own(input, "data");
  const parameters: FlatParameters = [];
  for (const key in input) if (hasOwn(input, key) && !isReservedKey(key)) parameters.push(key, input[key]);
  const compiled = compileUrl(checkUrl(own(input, "url")));
  const slots = emptySlots(compiled);
  const leftover = fillSlots(compiled, parameters, slots);
  return buildRequest(policy, compiled, {
    method,
    baseUrl: own(input, "baseUrl"),
    headers,
    format,
    previews,
    slots,
    leftover,
    leftoverHoldsFrozen: true,
    hasData: data !== undefined,
    data,
    request,
  });
}
