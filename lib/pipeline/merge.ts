import { NO_MEDIA_TYPE, mergeMediaType } from "../media-type.js";
import { cloneDeep, hasOwn, isPlainObject, own, setOwn, thawed } from "../object.js";
import type { EndpointDefaults, Headers, MediaType, MediaTypeInput } from "../types.js";
import { quote } from "../errors.js";
import { makeSnapshot } from "./plan.js";
import { invalidOptions, readLevel } from "./read-options.js";
import type { Level } from "./types.js";

/** Per merge: the result for each pair of plain objects merged, so shared objects cost linear time. */
type MergeMemo = Map<object, Map<object, Record<string, unknown>>>;

/** `.defaults(options)` over a snapshot (options only, never a route): a new snapshot. */
export function mergeDefaults(defaults: EndpointDefaults, options: unknown): EndpointDefaults {
  if (!isPlainObject(options)) {
    throw invalidOptions(`Invalid defaults: ${quote(options)}; expected a plain object of options`);
  }
  return makeSnapshot(mergeLevels(defaults, readLevel(options, undefined, true, defaults.headers)));
}

/**
 * The one merge (CONTRACT.md, "Merging"): the level `later` (read in order, its headers over `earlier`'s)
 * over the snapshot `earlier`, into new objects, own keys only, the earlier level's keys first.
 */
export function mergeLevels(
  earlier: Readonly<Record<string, unknown>>,
  later: Level,
): Record<string, unknown> {
  // A spread copies own enumerable keys as data properties (an own "__proto__" stays a key).
  const merged: Record<string, unknown> = { ...earlier };
  const entries = later.entries!;
  let memo: MergeMemo | undefined;
  for (let i = 0; i < entries.length; i += 2) {
    const key = entries[i] as string;
    const value = entries[i + 1];
    const current = own(merged, key);
    setOwn(
      merged,
      key,
      key === "mediaType"
        ? mergeMediaType((current as MediaType | undefined) ?? NO_MEDIA_TYPE, value as MediaTypeInput)
        : // `data` is never merged; `request` is merged into a copy when both levels set one.
          key !== "headers" && key !== "data" && isPlainObject(value) && isPlainObject(current)
          ? mergeValue(key === "request" ? cloneDeep(current) : current, value, (memo ??= new Map()))
          : value,
    );
  }
  return merged;
}

/** `value` over `current`: two plain objects merge deeply into a new one; otherwise `value` wins. */
export function mergeValue(current: unknown, value: unknown, memo?: MergeMemo): unknown {
  if (!isPlainObject(value) || !isPlainObject(current)) return value;
  memo ??= new Map();
  let byLater = memo.get(current);
  if (byLater === undefined) memo.set(current, (byLater = new Map()));
  const done = byLater.get(value);
  if (done !== undefined) return done;
  const result: Record<string, unknown> = {};
  byLater.set(value, result);
  for (const key in current) if (hasOwn(current, key)) setOwn(result, key, current[key]);
  // A key new in `value` merges over `undefined`, which takes `value`'s member as it is.
  for (const key in value)
    if (hasOwn(value, key)) setOwn(result, key, mergeValue(own(result, key), value[key], memo));
  return result;
}

/** `merge()`'s result is the caller's to change: frozen parts are copied (`data`, `request` by reference). */
export function thaw(merged: Record<string, unknown>): Record<string, unknown> {
  const memo = new Map<object, unknown>();
  for (const key in merged) {
    if (key === "data" || key === "request" || !hasOwn(merged, key)) continue;
    const value = merged[key];
    // A snapshot freezes its headers and media type in place (strings, and a list of them).
    if (key === "headers") merged.headers = { ...(value as Headers) };
    else if (key === "mediaType") {
      const { format, previews } = value as MediaType;
      merged.mediaType = { format, previews: [...previews] };
    } else {
      const copied = thawed(value, memo);
      if (copied !== value) setOwn(merged, key, copied);
    }
  }
  return merged;
}
