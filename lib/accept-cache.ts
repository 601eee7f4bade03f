import { boundedCache } from "./bounded-cache.js";
import { applyMediaType } from "./media-type.js";

// The accept header a format gives is the same on every call: remember the last few.
const acceptCache = /*#__PURE__*/ boundedCache<string>(64, 64);

let lastAccept = "";
let lastFormat = "";
let lastResult = "";

/** `applyMediaType`, remembered for a format without previews (the common case). */
export function acceptFor(accept: string, format: string, previews: readonly string[]): string {
  if (previews.length > 0 || accept.length > 256) return applyMediaType(accept, format, previews);
  // One entry in front of the map: the same accept and format as the call before, no new key string.
  if (accept === lastAccept && format === lastFormat) return lastResult;
  const key = format + " " + accept;
  const result = acceptCache.get(key) ?? acceptCache.set(key, applyMediaType(accept, format, previews));
  lastAccept = accept;
  lastFormat = format;
  lastResult = result;
  return result;
}
