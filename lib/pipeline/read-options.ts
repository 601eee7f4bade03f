import { EndpointError, quote } from "../errors.js";
import { normalizeHeaders } from "../headers.js";
import { normalizeMediaType } from "../media-type.js";
import { copyTree, hasOwn, holdsObject, isPlainObject, setOwn } from "../object.js";
import { quoteUrl } from "../redact.js";
import { isReservedKey } from "../reserved-keys.js";
import { emptySlots, slotOf } from "../request/compile-url.js";
import type { CompiledUrl, Level } from "./types.js";
import { parseRoute, validateMethod } from "../route.js";
import type { ParsedRoute } from "../route.js";
import type { Headers, RequestMeta } from "../types.js";

/**
 * Checks the arguments of `endpoint()`, `merge()` and `defaults()` in one pass over the options'
 * own keys; `parsed`, `compiled` and `headersOver` come from a route plan.
 */
export function readLevel(
  route: unknown,
  options: unknown,
  keepOrder = false,
  parsed?: ParsedRoute,
  compiled?: CompiledUrl,
  headersOver?: Readonly<Headers>,
): Level {
  let source: unknown = options;
  let method: string | undefined;
  let url: string | undefined;
  const keys: string[] = keepOrder ? [] : NO_KEYS;
  if (typeof route === "string") {
    ({ method, url } = parsed ?? parseRoute(route));
    if (keepOrder) {
      if (method !== undefined) keys.push("method");
      keys.push("url");
    }
  } else if (route === undefined || isPlainObject(route)) {
    if (options !== undefined) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `Invalid arguments: options ${quote(options)} given after ${quoteUrl(route)}; pass (route, options) or (options)`,
      );
    }
    source = route;
  } else {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid route: ${quoteUrl(route)}; expected a route string such as "GET /users/{id}" or an options object`,
    );
  }
  if (source !== undefined && !isPlainObject(source)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid options: ${quote(source)}; expected a plain object`,
    );
  }
  const level: Level = {
    method,
    url,
    baseUrl: undefined,
    headers: undefined,
    mediaType: undefined,
    request: undefined,
    data: undefined,
    hasData: false,
    parameters: keepOrder ? {} : undefined,
    parameterKeys: compiled === undefined ? [] : NO_KEYS,
    parameterValues: compiled === undefined ? [] : NO_KEYS,
    slots: compiled === undefined ? undefined : emptySlots(compiled),
    leftover: undefined,
    keys,
  };
  const slots = level.slots;
  let memo: Map<object, unknown> | undefined;
  for (const key in source as Record<string, unknown>) {
    if (!hasOwn(source!, key)) continue;
    const value = source![key];
    if (value === undefined) continue;
    // A method or url the route gave already has its place in `keys`.
    if (keepOrder && (key === "method" ? method : key === "url" ? url : undefined) === undefined) {
      keys.push(key);
    }
    switch (key) {
      case "method": {
        const given = validateMethod(value);
        if (method !== undefined && given.toUpperCase() !== method.toUpperCase()) {
          throw conflict(route, key, value);
        }
        level.method = given;
        break;
      }
      case "url":
        if (typeof value !== "string") {
          throw new EndpointError("ERR_INVALID_URL", `Invalid url: ${quote(value)}; expected a string`);
        }
        if (url !== undefined && value !== url) throw conflict(route, key, value);
        level.url = value;
        break;
      case "baseUrl":
        if (typeof value !== "string") {
          throw new EndpointError(
            "ERR_INVALID_BASE_URL",
            `Invalid baseUrl: ${quote(value)}; expected a string`,
          );
        }
        level.baseUrl = value;
        break;
      case "headers":
        level.headers = normalizeHeaders(value, headersOver);
        break;
      case "mediaType":
        level.mediaType = normalizeMediaType(value);
        break;
      case "request":
        level.request = validateRequestMeta(value);
        break;
      case "data":
        level.data = value;
        level.hasData = true;
        break;
      default: {
        // A copy without `undefined` members (arrays by reference), each shared object once;
        // too deep or cyclic is ERR_INVALID_OPTIONS. A list of scalars needs no walk.
        const given =
          typeof value === "object" &&
          value !== null &&
          (Array.isArray(value) ? holdsObject(value) : isPlainObject(value))
            ? copyTree(value, key, "drop-undefined", (memo ??= new Map()), 1)
            : value;
        if (slots !== undefined) {
          const slot = slotOf(compiled!, key);
          if (slot === undefined) (level.leftover ??= []).push(key, given);
          else slots[slot] = given;
          break;
        }
        if (keepOrder) setOwn(level.parameters!, key, given);
        else {
          level.parameterKeys.push(key);
          level.parameterValues.push(given);
        }
      }
    }
  }
  return level;
}

// Frozen: a push by mistake throws instead of sharing keys between calls.
const NO_KEYS: string[] = Object.freeze([]) as unknown as string[];

/** The value a level gives `key` (a reserved option or a parameter), for the merge. */
export function levelValue(level: Level, key: string): unknown {
  return isReservedKey(key) ? level[key] : level.parameters![key];
}

/** `request` is an object of meta information for the HTTP client (a `signal`, a timeout). */
export function validateRequestMeta(value: unknown): RequestMeta {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid request: ${quote(value)}; expected an object of meta information`,
    );
  }
  return value as RequestMeta;
}

/** `defaults()` and the builder's constructor take options only, never a route. */
export function normalizeDefaults(defaults: unknown): Level {
  if (!isPlainObject(defaults)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `Invalid defaults: ${quote(defaults)}; expected a plain object of options`,
    );
  }
  return readLevel(defaults, undefined, true);
}

/** A route and an option that disagree would make one of them silently lose: say so instead. */
function conflict(route: unknown, key: string, value: unknown): EndpointError {
  return new EndpointError(
    "ERR_INVALID_OPTIONS",
    `Invalid options: ${key} ${quoteUrl(value)} conflicts with route ${quoteUrl(route)}; give the ${key} in one place`,
  );
}
