/** How many entries each cache of the library keeps: a process that builds urls from ids must not grow. */
export const CACHE_SIZE = 1000;
/** Longer keys are worked out on every call and never cached, so a cache stays small in bytes too. */
export const MAX_CACHED_KEY_LENGTH = 4096;

/**
 * Stores `value` under `key` in a bounded cache and returns it. When the cache is full, the
 * oldest entry goes first: a Map iterates in insertion order, so its first key is the oldest.
 */
export function remember<V>(cache: Map<string, V>, key: string, value: V, size = CACHE_SIZE): V {
  if (key.length <= MAX_CACHED_KEY_LENGTH) {
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
  }
  return value;
}
