import { unionPreviews } from "./media-type.js";
import type { NormalizedOptions } from "./normalize.js";
import { cloneDeep, hasOwn, isPlainObject, setOwn } from "./object.js";
import type { EndpointDefaults, MergedOptions } from "./types.js";

/**
 * The per-call merge: a builder's frozen DEFAULTS with one call's normalised options over them.
 * It means exactly what `mergeDefaults` (the deepmerge path of `.defaults()`) means — a
 * property test holds the two equal — but copies only what a call can change, because it runs
 * on every request.
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
      const mediaType = merged.mediaType as MergedOptions["mediaType"];
      const given = options.mediaType;
      merged.mediaType = {
        format: given?.format ?? mediaType.format,
        previews:
          given?.previews === undefined
            ? mediaType.previews
            : unionPreviews(mediaType.previews, given.previews),
      };
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
