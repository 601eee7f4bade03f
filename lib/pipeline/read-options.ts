import { EndpointError, notAString, quote } from "../errors.js";
import { normalizeHeaders } from "../headers.js";
import { normalizeMediaType } from "../media-type.js";
import { copyTree, hasOwn, holdsObject, isLibraryFrozen, isPlainObject } from "../object.js";
import { quoteUrl } from "../redact.js";
import { emptySlots, slotOf } from "../request/compile-url.js";
import type { Level, RoutePlan } from "./types.js";
import { parseRoute, validateMethod } from "../route.js";
import type { Headers, RequestMeta } from "../types.js";

/**
 * Checks the arguments of `endpoint()`, `merge()` or `defaults()`, one pass over the own keys: headers read
 * over `headersOver`; with a `plan`, a url variable's parameter into its slot; `keepOrder`: all in `entries`.
 */
export function readLevel(
  route: unknown,
  options: unknown,
  keepOrder: boolean,
  headersOver?: Readonly<Headers>,
  plan?: RoutePlan,
): Level {
  let source: unknown = options;
  let method: string | undefined;
  let url: string | undefined;
  const entries: unknown[] | undefined = keepOrder ? [] : undefined;
  if (typeof route === "string") {
    ({ method, url } = plan?.parsed ?? parseRoute(route));
    if (method !== undefined) entries?.push("method", method);
    entries?.push("url", url);
  } else if (route === undefined || isPlainObject(route)) {
    if (options !== undefined) {
      throw invalidOptions(
        `Invalid arguments: options ${quote(options)} given after ${quoteUrl(route)}; pass (route, options) or (options)`,
      );
    }
    source = route;
  } else {
    throw invalidOptions(
      `Invalid route: ${quoteUrl(route)}; expected a route string such as "GET /users/{id}" or an options object`,
    );
  }
  if (source !== undefined && !isPlainObject(source)) {
    throw invalidOptions(`Invalid options: ${quote(source)}; expected a plain object`);
  }
  const slots = plan === undefined ? undefined : emptySlots(plan.compiled);
  const level: Level = {
    method,
    url,
    baseUrl: undefined,
    headers: undefined,
    mediaType: undefined,
    request: undefined,
    data: undefined,
    hasData: false,
    slots,
    entries,
  };
  // Made for a second value copied: what two parameters share is walked at most twice (linear time).
  let memo: Map<object, unknown> | undefined;
  let copies = 0;
  for (const key in source as Record<string, unknown>) {
    if (!hasOwn(source!, key)) continue;
    let value = source![key];
    if (value === undefined) continue;
    switch (key) {
      case "method":
        level.method = value = validateMethod(value);
        if (method !== undefined) {
          if ((value as string).toUpperCase() !== method.toUpperCase()) throw conflict(route, key, value);
          // The route's method keeps its place in `entries`, in the options' spelling.
          if (entries !== undefined) entries[1] = value;
          continue;
        }
        break;
      case "url":
        if (typeof value !== "string") throw notAString("ERR_INVALID_URL", "url", value);
        if (url !== undefined) {
          if (value !== url) throw conflict(route, key, value);
          continue;
        }
        level.url = value;
        break;
      case "baseUrl":
        if (typeof value !== "string") throw notAString("ERR_INVALID_BASE_URL", "baseUrl", value);
        level.baseUrl = value;
        break;
      case "headers":
        level.headers = value = normalizeHeaders(value, headersOver);
        break;
      case "mediaType":
        level.mediaType = value = normalizeMediaType(value);
        break;
      case "request":
        level.request = validateRequestMeta(value);
        break;
      case "data":
        level.data = value;
        level.hasData = true;
        break;
      default: {
        // Copied without `undefined` members and what a snapshot froze, checked for depth and cycles.
        if (Array.isArray(value) ? holdsObject(value) || isLibraryFrozen(value) : isPlainObject(value))
          value = copyTree(value, key, "drop-undefined", copies++ > 0 ? (memo ??= new Map()) : undefined, 1);
        const slot = plan === undefined ? undefined : slotOf(plan.compiled, key);
        if (slot !== undefined) slots![slot] = value;
        else if (level.entries === undefined) level.entries = [key, value];
        else level.entries.push(key, value);
        continue;
      }
    }
    entries?.push(key, value);
  }
  return level;
}

/** `request` is an object of meta information for the HTTP client (a `signal`, a timeout). */
export function validateRequestMeta(value: unknown): RequestMeta {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidOptions(`Invalid request: ${quote(value)}; expected an object of meta information`);
  }
  return value as RequestMeta;
}

/** `ERR_INVALID_OPTIONS`: what the options of a call or of defaults get wrong. */
export function invalidOptions(message: string): EndpointError {
  return new EndpointError("ERR_INVALID_OPTIONS", message);
}

/** A route and an option that disagree would make one of them silently lose: say so instead. */
function conflict(route: unknown, key: string, value: unknown): EndpointError {
  return invalidOptions(
    `Invalid options: ${key} ${quoteUrl(value)} conflicts with route ${quoteUrl(route)}; give the ${key} in one place`,
  );
}
