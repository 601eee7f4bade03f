import { EndpointError, describe, quote } from "./errors.js";
import { normalizeHeaders } from "./headers.js";
import { normalizeMediaType } from "./media-type.js";
import { MAX_NESTING_DEPTH, isPlainObject, setOwn, tooDeep } from "./object.js";
import { parseRoute, validateMethod } from "./route.js";
import type { EndpointOptions, Headers, MediaTypeInput, RequestMeta } from "./types.js";

/** One level of options (a call's, or a `.defaults()` layer), validated and normalised. */
export interface NormalizedOptions {
  method?: string;
  url?: string;
  baseUrl?: string;
  headers?: Headers;
  mediaType?: MediaTypeInput;
  request?: RequestMeta;
  data?: unknown;
  [parameter: string]: unknown;
}

/**
 * Validates the arguments of `endpoint()`, `merge()` and `defaults()` and normalises them:
 * `undefined` values are dropped at every depth of plain objects, header names lowercased,
 * preview names cut of `-preview`. Plain objects are copied (never the caller's); other values
 * are kept by reference. The route's method and url come first.
 */
export function normalizeOptions(route: unknown, options: unknown): NormalizedOptions {
  let source: unknown = options;
  let routeMethod: string | undefined;
  let routeUrl: string | undefined;
  if (typeof route === "string") {
    const parsed = parseRoute(route);
    routeMethod = parsed.method;
    routeUrl = parsed.url;
    if (options === undefined) source = {};
  } else if (route === undefined || isPlainObject(route)) {
    if (options !== undefined) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `Invalid arguments: options ${describe(options)} given after ${describe(route)}; pass (route, options) or (options)`,
      );
    }
    source = route ?? {};
  } else {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid route: ${describe(route)}; expected a route string such as "GET /users/{id}" or an options object`,
    );
  }
  if (!isPlainObject(source)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid options: ${describe(source)}; expected a plain object`,
    );
  }

  const result: NormalizedOptions = {};
  if (routeMethod !== undefined) result.method = routeMethod;
  if (routeUrl !== undefined) result.url = routeUrl;
  for (const key of Object.keys(source)) {
    const value = (source as EndpointOptions)[key];
    if (value === undefined) continue;
    switch (key) {
      case "method": {
        const method = validateMethod(value);
        // A bare-url route leaves the method to the options, then to the defaults (spec §2.1).
        if (routeMethod !== undefined && method.toUpperCase() !== routeMethod.toUpperCase()) {
          throw conflict(route, key, value);
        }
        result.method = method;
        break;
      }
      case "url":
        if (typeof value !== "string") {
          throw new EndpointError("ERR_INVALID_URL", `Invalid url: ${describe(value)}; expected a string`);
        }
        if (routeUrl !== undefined && value !== routeUrl) throw conflict(route, key, value);
        result.url = value;
        break;
      case "baseUrl":
        if (typeof value !== "string") {
          throw new EndpointError(
            "ERR_INVALID_BASE_URL",
            `Invalid baseUrl: ${describe(value)}; expected a string`,
          );
        }
        result.baseUrl = value;
        break;
      case "headers":
        result.headers = normalizeHeaders(value);
        break;
      case "mediaType":
        result.mediaType = normalizeMediaType(value);
        break;
      case "request":
        // Returned exactly as passed in (spec §2.4): by reference, unless defaults set one too.
        result.request = validateRequestMeta(value);
        break;
      case "data":
        // The body as given, by reference (CONTRACT.md): never copied, never merged.
        result.data = value;
        break;
      default:
        setOwn(result, key, isPlainObject(value) ? dropUndefined(value, key) : value);
    }
  }
  return result;
}

/** `request` is an object of meta information for the HTTP client (a `signal`, a timeout). */
export function validateRequestMeta(value: unknown): RequestMeta {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid request: ${describe(value)}; expected an object of meta information`,
    );
  }
  return value as RequestMeta;
}

/** `defaults()` and the builder's constructor take options only, never a route. */
export function normalizeDefaults(defaults: unknown): NormalizedOptions {
  if (!isPlainObject(defaults)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid defaults: ${describe(defaults)}; expected a plain object of options`,
    );
  }
  return normalizeOptions(defaults, undefined);
}

/** A route and an option that disagree would make one of them silently lose: say so instead. */
function conflict(route: unknown, key: string, value: unknown): EndpointError {
  return new EndpointError(
    "ERR_INVALID_OPTIONS",
    `Invalid options: ${key} ${quote(value)} conflicts with route ${quote(route)}; give the ${key} in one place`,
  );
}

/**
 * A copy of a plain object without its `undefined` values, at every depth of plain objects.
 * Deeper than MAX_NESTING_DEPTH (or a cycle) is ERR_INVALID_OPTIONS, never a stack overflow.
 */
export function dropUndefined(value: Record<string, unknown>, name = "", depth = 1): Record<string, unknown> {
  if (depth > MAX_NESTING_DEPTH) throw tooDeep(name);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (member === undefined) continue;
    setOwn(copy, key, isPlainObject(member) ? dropUndefined(member, name, depth + 1) : member);
  }
  return copy;
}
