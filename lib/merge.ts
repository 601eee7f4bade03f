import { normalizeHeaders } from "./headers.js";
import { mergeMediaType, normalizeMediaType } from "./media-type.js";
import type { NormalizedOptions } from "./normalize.js";
import { cloneDeep, hasOwn, isPlainObject, setOwn } from "./object.js";
import type { TrustedMerged } from "./parse.js";
import { compileUrl } from "./compiled-url.js";
import type { CompiledUrl } from "./compiled-url.js";
import { RESERVED_KEYS } from "./reserved-keys.js";
import { parseRoute } from "./route.js";
import type { ParsedRoute } from "./route.js";
import type { EndpointDefaults, MediaType, MediaTypeInput, MergedOptions } from "./types.js";

/**
 * The merge of `merge()` (and of `endpoint()` calls that `mergeCall` leaves to it): a builder's
 * frozen DEFAULTS with one call's normalised options over them. It means exactly what
 * `mergeDefaults` (the deepmerge path of `.defaults()`) means — a property test holds the two
 * equal — without deepmerge's cost.
 *
 * Returns a fresh, mutable object that shares nothing mutable with the defaults: plain objects
 * and arrays from the defaults are copied; `data` and `request` pass by reference.
 */
export function mergeOptions(defaults: EndpointDefaults, options: NormalizedOptions): MergedOptions {
  const merged: Record<string, unknown> = {};
  const base = defaults as unknown as Record<string, unknown>;
  for (const key of Object.keys(base)) {
    const value = base[key];
    setOwn(merged, key, key === "data" || key === "request" ? value : cloneDeep(value));
  }
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (key === "data") {
      merged.data = value;
    } else if (key === "mediaType") {
      merged.mediaType = mergeMediaType(merged.mediaType as MediaType, value as MediaTypeInput);
    } else {
      // Own properties only: `merged.__proto__` would otherwise be Object.prototype, a "plain object".
      const current = hasOwn(merged, key) ? merged[key] : undefined;
      if (isPlainObject(value) && isPlainObject(current)) {
        // `request` from the defaults was not copied above: merge into a copy of it.
        setOwn(merged, key, mergePlain(key === "request" ? cloneDeep(current) : current, value));
      } else {
        setOwn(merged, key, value);
      }
    }
  }
  return merged as MergedOptions;
}

/** Merges `source` into `target` (a copy the merge owns): plain objects deeply, the rest replaced. */
function mergePlain(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): Record<string, unknown> {
  for (const key of Object.keys(source)) {
    const value = source[key];
    // Own properties only: `target.__proto__` would otherwise be Object.prototype, a "plain object".
    const current = hasOwn(target, key) ? target[key] : undefined;
    if (isPlainObject(value) && isPlainObject(current)) {
      setOwn(target, key, mergePlain(current, value));
    } else {
      setOwn(target, key, value);
    }
  }
  return target;
}

/** What `mergeCall` needs of a DEFAULTS snapshot, worked out once per snapshot. */
interface DefaultsPlan {
  /** The parameter keys of the snapshot, in order (none of their values is a plain object or array). */
  readonly parameterKeys: readonly string[];
}

// `null`: a default parameter is a plain object or an array. mergeOptions gives every call its
// own copy of those (the snapshot's are frozen), so such snapshots take the general path. Any
// other value — a Date, a class instance, `request`, `data` — both paths pass by reference, and
// the snapshot's url is always replaced by the route's.
const plans = new WeakMap<EndpointDefaults, DefaultsPlan | null>();

function planOf(defaults: EndpointDefaults): DefaultsPlan | null {
  let plan = plans.get(defaults);
  if (plan !== undefined) return plan;
  const base = defaults as unknown as Record<string, unknown>;
  const parameterKeys: string[] = [];
  plan = { parameterKeys };
  for (const key of Object.keys(base)) {
    if (RESERVED_KEYS.has(key)) continue;
    const value = base[key];
    if (isPlainObject(value) || Array.isArray(value)) {
      plan = null;
      break;
    }
    parameterKeys.push(key);
  }
  plans.set(defaults, plan);
  return plan;
}

/** The one-pass merge of a call: what parseTrusted takes. */
export interface CallMerge {
  readonly merged: TrustedMerged;
  /** The parameter keys, in merged order. */
  readonly parameterKeys: string[];
  /**
   * Where the parameters' values are: `merged`, or — without default parameters — the call's
   * own options, which are then read in place instead of copied key by key.
   */
  readonly parameterSource: Readonly<Record<string, unknown>>;
  /** The compiled url, kept with the cached route. */
  readonly compiled: CompiledUrl;
}

/**
 * The merge of `endpoint()` for the common call — a route string and options of parameters,
 * headers, mediaType and data — in one pass over the caller's options, with the same checks as
 * `normalizeOptions` in the same order. Its result is read by `parseTrusted` and never leaves the
 * library, so the frozen headers and mediaType of the defaults are shared, not copied (parse
 * copies frozen headers before it returns them), and without default parameters the call's
 * parameters are not copied at all: parse reads them from the options. Returns `undefined`
 * for anything else (a method, url, baseUrl or request option, a parameter that is a plain
 * object, defaults with a plain-object or array parameter): the caller then takes the general
 * path, `mergeOptions(defaults, normalizeOptions(route, options))`, which repeats every check
 * from the start, so errors are the same either way.
 */
export function mergeCall(
  defaults: EndpointDefaults,
  route: unknown,
  options: unknown,
): CallMerge | undefined {
  if (typeof route !== "string" || (options !== undefined && !isPlainObject(options))) return undefined;
  const plan = planOf(defaults);
  if (plan === null) return undefined;
  const parsed = parseRoute(route);
  const merged: TrustedMerged = {
    method: parsed.method ?? defaults.method,
    baseUrl: defaults.baseUrl,
    headers: defaults.headers,
    mediaType: defaults.mediaType,
    url: parsed.url,
  };
  // As mergeOptions does: the defaults' request and data by reference (a call's request takes
  // the general path; a call's data replaces them below).
  if (defaults.request !== undefined) merged.request = defaults.request;
  if (defaults.data !== undefined) merged.data = defaults.data;
  const base = defaults as unknown as Record<string, unknown>;
  const { parameterKeys } = plan;
  const parameterKeysOut = parameterKeys.slice();
  for (let i = 0; i < parameterKeys.length; i++) setOwn(merged, parameterKeys[i]!, base[parameterKeys[i]!]);
  if (options === undefined) {
    return { merged, parameterKeys: parameterKeysOut, parameterSource: merged, compiled: compiledOf(parsed) };
  }
  const keys = Object.keys(options);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = options[key];
    if (value === undefined) continue;
    switch (key) {
      case "headers": {
        const given = normalizeHeaders(value);
        merged.headers = { ...merged.headers, ...given };
        break;
      }
      case "mediaType":
        merged.mediaType = mergeMediaType(merged.mediaType as MediaType, normalizeMediaType(value));
        break;
      case "data":
        merged.data = value;
        break;
      case "method":
      case "url":
      case "baseUrl":
      case "request":
        return undefined;
      default:
        if (isPlainObject(value)) return undefined;
        if (parameterKeys.length === 0) {
          // No default parameters: the values stay in the call's options, the parameter source.
          parameterKeysOut.push(key);
        } else {
          if (!hasOwn(merged, key)) parameterKeysOut.push(key);
          setOwn(merged, key, value);
        }
    }
  }
  return {
    merged,
    parameterKeys: parameterKeysOut,
    parameterSource: parameterKeys.length === 0 ? options : merged,
    // Compiled after the options are checked: errors come in the order merge() then parse() give.
    compiled: compiledOf(parsed),
  };
}

function compiledOf(parsed: ParsedRoute): CompiledUrl {
  return (parsed.compiled ??= compileUrl(parsed.url));
}
