import { remember } from "./bounded-cache.js";
import { EndpointError, quote } from "./errors.js";
import { normalizeHeaders } from "./headers.js";
import { JSON_CONTENT_TYPE, applyMediaType, normalizeMediaType } from "./media-type.js";
import { hasOwn, isPlainObject, setOwn } from "./object.js";
import { validateRequestMeta } from "./normalize.js";
import { validateMethod } from "./route.js";
import type { RequestOptions, Headers, ParseInput, RequestMeta } from "./types.js";
import { compileUrl } from "./compiled-url.js";
import { RESERVED_KEYS } from "./reserved-keys.js";
import type { CallMerge } from "./merge.js";
import { appendQuery, isAbsoluteUrl, joinUrl, validateAbsoluteUrl, validateBaseUrl } from "./url.js";

/** What a builder decides for `parse()`: the subclass extension points (CONTRACT.md). */
export interface ParsePolicy {
  serializeQuery(parameters: ReadonlyArray<readonly [string, unknown]>): string;
  allowsAbsoluteUrl(url: string): boolean;
}

/** Merged options whose method, headers and mediaType are known to be valid and complete. */
export interface TrustedMerged {
  method: string;
  baseUrl?: unknown;
  url?: unknown;
  headers: Headers;
  mediaType: { format: string; previews: readonly string[] };
  request?: RequestMeta | undefined;
  data?: unknown;
  [parameter: string]: unknown;
}

// Spec §2.4: a body only for these. Every other method — GET and HEAD (§2.2), but also OPTIONS,
// TRACE and custom ones — sends its leftover parameters as the query (docs/decisions.md §2).
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** `BODY_METHODS.has(method.toUpperCase())`, without a new string for the usual spellings. */
function isBodyMethod(method: string): boolean {
  switch (method) {
    case "GET":
    case "HEAD":
      return false;
    case "POST":
    case "PUT":
    case "PATCH":
    case "DELETE":
      return true;
  }
  return BODY_METHODS.has(method.toUpperCase());
}

/** `method.toLowerCase()`, without a new string for the usual spellings. */
function lowerCaseMethod(method: string): string {
  switch (method) {
    case "GET":
      return "get";
    case "POST":
      return "post";
    case "PUT":
      return "put";
    case "PATCH":
      return "patch";
    case "DELETE":
      return "delete";
    case "HEAD":
      return "head";
  }
  return method.toLowerCase();
}

// The accept header a format gives is the same on every call: remember the last few.
const ACCEPT_CACHE_LIMIT = 64;
const acceptCache = new Map<string, string>();

let lastAccept = "";
let lastFormat = "";
let lastResult = "";

/** `applyMediaType`, remembered for a format without previews (the common case). */
function acceptFor(accept: string, format: string, previews: readonly string[]): string {
  if (previews.length > 0 || accept.length > 256) return applyMediaType(accept, format, previews);
  // One entry in front of the map: the same accept and format as the call before, no new key string.
  if (accept === lastAccept && format === lastFormat) return lastResult;
  const key = format + " " + accept;
  const result =
    acceptCache.get(key) ??
    remember(acceptCache, key, applyMediaType(accept, format, previews), ACCEPT_CACHE_LIMIT);
  lastAccept = accept;
  lastFormat = format;
  lastResult = result;
  return result;
}

/**
 * `parse()` for any object of the merged shape, hand-made ones too: validates and fills in what
 * `merge()` would have (method GET, no headers, no mediaType) without touching the input.
 */
export function parse(input: ParseInput, policy: ParsePolicy): RequestOptions {
  if (!isPlainObject(input)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid options for parse(): ${quote(input)}; expected a plain object`,
    );
  }
  const method = input.method === undefined ? "GET" : validateMethod(input.method);
  const headers = input.headers === undefined ? {} : normalizeHeaders(input.headers);
  const mediaType = input.mediaType === undefined ? {} : normalizeMediaType(input.mediaType);
  if (input.request !== undefined) validateRequestMeta(input.request);
  const trusted: TrustedMerged = {
    ...input,
    method,
    headers,
    mediaType: { format: mediaType.format ?? "", previews: mediaType.previews ?? [] },
  };
  return parseTrusted(trusted, policy);
}

/** RFC 6570 §2.3: undefined, null, an empty list or an object without defined members. */
function isUndefinedValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.every((item) => item === undefined || item === null);
  if (isPlainObject(value))
    return Object.keys(value).every((key) => value[key] === undefined || value[key] === null);
  return false;
}

/** Merged options → request options (spec §2.4). The input is never mutated. */
export function parseTrusted(
  merged: TrustedMerged,
  policy: ParsePolicy,
  /** What the one-pass merge of `endpoint()` already knows: keys, where the values are, the compiled url. */
  call?: CallMerge,
): RequestOptions {
  const parameterKeys = call?.parameterKeys;
  const parameterSource: Readonly<Record<string, unknown>> = call?.parameterSource ?? merged;
  const url = merged.url;
  if (url === undefined || url === "") {
    throw new EndpointError(
      "ERR_MISSING_URL",
      `Missing url: give a route such as "GET /users/{id}", or options.url`,
    );
  }
  if (typeof url !== "string") {
    throw new EndpointError("ERR_INVALID_URL", `Invalid url: ${quote(url)}; expected a string`);
  }

  // Spec §2.2 rule 1: parameters fill placeholders; the rest go to the query or the body.
  const compiled = call?.compiled ?? compileUrl(url);
  // The parameters are the keys of the source that are not reserved; the template reads them
  // from the source itself unless one of its variables is named like a reserved key.
  const keys = parameterKeys ?? Object.keys(merged).filter((key) => !RESERVED_KEYS.has(key));
  let parameters = parameterSource;
  if (compiled.namesReservedKey) {
    const own: Record<string, unknown> = {};
    for (const key of keys) setOwn(own, key, parameterSource[key]);
    parameters = own;
  }
  const required = compiled.requiredNames;
  for (let i = 0; i < required.length; i++) {
    const name = required[i]!;
    // The parameters are plain objects: only a name Object.prototype has needs the own check.
    const value = compiled.requiredNamesAreOwnOnly || hasOwn(parameters, name) ? parameters[name] : undefined;
    if (isUndefinedValue(value)) {
      throw new EndpointError(
        "ERR_MISSING_PARAMETER",
        `Missing parameter ${quote(name)} for url ${quote(url)}: a path placeholder needs a value (write {/${name}} for an optional segment)`,
      );
    }
  }
  const expanded = compiled.template.expand(parameters);

  let fullUrl: string;
  if (compiled.isValidAbsolute || (!compiled.isPath && isAbsoluteUrl(expanded))) {
    // Validated first: the policy hook of a subclass may run `new URL(url)` on what it is given.
    // A template whose literal start is a valid `scheme://authority/` needs no check per call.
    if (!compiled.isValidAbsolute) validateAbsoluteUrl(expanded);
    if (!policy.allowsAbsoluteUrl(expanded)) {
      throw new EndpointError(
        "ERR_ABSOLUTE_URL",
        `Absolute url ${quote(expanded)} is not allowed by this builder: only paths below baseUrl ${quote(merged.baseUrl)}`,
      );
    }
    fullUrl = expanded;
  } else {
    if (merged.baseUrl === undefined) {
      throw new EndpointError(
        "ERR_INVALID_BASE_URL",
        `Missing baseUrl: url ${quote(url)} is a path, and no baseUrl is given to put before it`,
      );
    }
    fullUrl = joinUrl(validateBaseUrl(merged.baseUrl), expanded, compiled.isPath || undefined);
  }

  const variableNames = compiled.variableNames;

  // Frozen headers are the defaults' own (mergeCall shares them): copy those; every other
  // headers object here was made for this call. A spread, never Object.assign: an own
  // "__proto__" header would call the prototype setter.
  const headers: Headers = Object.isFrozen(merged.headers) ? { ...merged.headers } : merged.headers;
  let body: unknown;
  let hasBody = false;
  const hasData = hasOwn(merged, "data") && merged.data !== undefined;
  if (isBodyMethod(merged.method)) {
    if (hasData) {
      // Spec §4 rule 7: data is the body as given, by reference.
      body = merged.data;
      hasBody = true;
    } else {
      // Spec §2.2 rule 3: a JSON body of the remaining parameters, keys in merged order.
      const built: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        if (variableNames.has(key)) continue;
        setOwn(built, key, parameterSource[key]);
        hasBody = true;
      }
      if (hasBody) body = built;
    }
    if (
      hasBody &&
      !hasOwn(headers, "content-type") &&
      (!hasData || isPlainObject(body) || Array.isArray(body))
    ) {
      headers["content-type"] = JSON_CONTENT_TYPE;
    }
  } else {
    if (hasData) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `Invalid options: a ${quote(merged.method)} request has no body, but options.data is set; only POST, PUT, PATCH and DELETE send one`,
      );
    }
    // Spec §2.2 rule 2: the remaining parameters become the query string.
    const leftover: [string, unknown][] = [];
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (!variableNames.has(key)) leftover.push([key, parameterSource[key]]);
    }
    if (leftover.length > 0) {
      const query = policy.serializeQuery(leftover);
      // baseUrl has neither "?" nor "#" (validateBaseUrl), so the template alone decides.
      if (compiled.mayHaveQueryOrFragment) fullUrl = appendQuery(fullUrl, query);
      else if (query !== "") fullUrl = fullUrl + "?" + query;
    }
  }

  const { format, previews } = merged.mediaType;
  if ((format !== "" || previews.length > 0) && typeof headers.accept === "string") {
    headers.accept = acceptFor(headers.accept, format, previews);
  }

  const result: RequestOptions = { method: lowerCaseMethod(merged.method), url: fullUrl, headers };
  if (hasBody) result.body = body;
  if (merged.request !== undefined) result.request = merged.request;
  return result;
}
