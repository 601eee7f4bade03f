import { EndpointError, describe } from "../errors.js";
import type { RequestOptions } from "../types.js";

function faultOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null)
    return `request options must be an object, got ${describe(value)}`;
  const { method, url, headers } = value as Partial<RequestOptions>;
  if (typeof method !== "string") return `"method" must be a string, got ${describe(method)}`;
  if (typeof url !== "string") return `"url" must be a string, got ${describe(url)}`;
  if (headers !== undefined && (typeof headers !== "object" || headers === null)) {
    return `"headers" must be an object, got ${describe(headers)}`;
  }
  return undefined;
}

/**
 * The adapters take request options from JavaScript callers too: anything without a string
 * `method` and `url` (and object `headers`, when given) is refused with `ERR_INVALID_OPTIONS`
 * rather than failing inside with a `TypeError`.
 */
export function assertRequestOptions(adapter: string, value: unknown): asserts value is RequestOptions {
  const fault = faultOf(value);
  if (fault !== undefined) throw new EndpointError("ERR_INVALID_OPTIONS", `${adapter}: ${fault}`);
}
