import { EndpointError, quote } from "./errors.js";
import { quoteUrl } from "./redact.js";
import { normalizeHeaders } from "./headers.js";
import { normalizeMediaType } from "./media-type.js";
import { copyTree, hasOwn, holdsObject, isPlainObject, setOwn } from "./object.js";
import { parseRoute, validateMethod } from "./route.js";
import type { ParsedRoute } from "./route.js";
import { isReservedKey } from "./reserved-keys.js";
import { emptySlots, slotOf } from "./compiled-url.js";
import type { CompiledUrl } from "./compiled-url.js";
import type { FlatParameters } from "./build-request.js";
import type { Headers, HeadersInput, MediaTypeInput, RequestMeta } from "./types.js";

/**
 * One level of options — a call's, or a `.defaults()` layer — validated, read once. The
 * parameters (own keys, never inherited; a plain object value copied without its `undefined`
 * members) are kept by key in `parameters` for merge() and defaults(), which look them up by
 * name, and in order in `parameterKeys` and `parameterValues` for endpoint().
 */
export interface Level {
  method: string | undefined;
  url: string | undefined;
  baseUrl: string | undefined;
  /**
   * Lowercase names; `null` removes a header (CONTRACT.md, "Merging"). With `headersOver` given
   * to `readLevel`, already merged over those: the request's headers (no `null` left).
   */
  headers: Readonly<HeadersInput> | undefined;
  mediaType: MediaTypeInput | undefined;
  request: RequestMeta | undefined;
  /** `hasData` tells a `data` of `undefined` from none. */
  data: unknown;
  hasData: boolean;
  /** Only when `readLevel` keeps the order of the keys (merge() and defaults()), else `undefined`. */
  parameters: Record<string, unknown> | undefined;
  /** Only when it does not, and places no parameters into slots; else empty. */
  parameterKeys: string[];
  /** The value of each of `parameterKeys`, read once. */
  parameterValues: unknown[];
  /**
   * With a compiled url given to `readLevel`, the parameters are placed as they are read instead
   * (and `parameters`, `parameterKeys` and `parameterValues` stay empty): the value of each of its
   * variables by slot, and the others in order, flat (`undefined` when none).
   */
  slots: unknown[] | undefined;
  leftover: FlatParameters | undefined;
  /** Every key given (reserved and parameters, not `undefined`), in order, route's method and url first. */
  keys: string[];
}

/**
 * Validates the arguments of `endpoint()`, `merge()` and `defaults()` in one pass over the
 * options, in their order: `undefined` values are dropped (at every depth of plain objects),
 * header names lowercased, preview names cut of `-preview`. Only own properties are options:
 * a `data` or `baseUrl` that some other code put on Object.prototype is never read. Given
 * `headersOver` (endpoint(): the snapshot's headers), the call's headers are read straight over
 * them (`normalizeHeaders(headers, over)`).
 */
export function readLevel(
  route: unknown,
  options: unknown,
  keepOrder = false,
  parsed?: ParsedRoute,
  compiled?: CompiledUrl,
  headersOver?: Readonly<Headers>,
): Level {
  // `keys` (every key in order) only for merge() and defaults(), which rebuild the options from it.
  let source: unknown = options;
  let method: string | undefined;
  let url: string | undefined;
  const keys: string[] = keepOrder ? [] : NO_KEYS;
  if (typeof route === "string") {
    // `parsed`: the route's plan already holds what parseRoute gives.
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
    // Placed into slots, the parameters need no keys and values (and the walk pushes none).
    parameterKeys: compiled === undefined ? [] : NO_KEYS,
    parameterValues: compiled === undefined ? [] : NO_KEYS,
    slots: compiled === undefined ? undefined : emptySlots(compiled),
    leftover: undefined,
    keys,
  };
  const slots = level.slots;
  let memo: Map<object, unknown> | undefined;
  // `for…in` with an own check walks a small object several times faster than Object.keys.
  // (`for…in` over `undefined`, no options, reads nothing.)
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
        // A bare-url route leaves the method to the options, then to the defaults (spec §2.1).
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
        // Returned exactly as passed in (spec §2.4): by reference, unless defaults set one too.
        level.request = validateRequestMeta(value);
        break;
      case "data":
        // The body as given, by reference (CONTRACT.md): never copied, never merged.
        level.data = value;
        level.hasData = true;
        break;
      default: {
        // A plain object: a copy without `undefined` members, at every depth (theirs is never
        // changed); arrays by reference. An object shared under many keys is copied once (`memo`);
        // deeper than MAX_NESTING_DEPTH (or a cycle, in objects or arrays) is ERR_INVALID_OPTIONS,
        // not a stack overflow. A list of strings and numbers, the usual one, cannot hold either.
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
        // merge() and defaults() read the parameters by key (levelValue), endpoint() in order.
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

// Pushed to only when the walk keeps the keys (or places no parameters): frozen, so a push by
// mistake throws instead of sharing keys between calls.
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
