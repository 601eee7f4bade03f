/**
 * A cache bounded by what it holds, not only by how many entries: each entry has a weight (for
 * a compiled template, its number of expressions), and the oldest entries go first when either
 * the entry count or the total weight is over its bound. A hostile stream of huge templates then
 * costs a bounded amount of memory, whatever their size (docs/security.md, "Caches").
 */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  /** Stores `value` under `key` (unless the key or the value is too large) and returns it. */
  set(key: string, value: V, weight?: number): V;
}

// (The bounds come before boundedCache, which reads one: esbuild then writes the number into it.)

/** How many entries each cache of the library keeps: a process that builds urls from ids must not grow. */
export const CACHE_SIZE = 1000;
/**
 * The total weight of a cache of compiled templates, in parts (literals and expressions): a part
 * holds about 140 bytes of compiled state, so such a cache stays under about 3 MB whatever it is fed.
 */
export const CACHE_WEIGHT = 20_000;
/** Longer keys are worked out on every call and never cached, so a cache stays small in bytes too. */
export const MAX_CACHED_KEY_LENGTH = 4096;

/**
 * A cache of at most `max` entries and `maxWeight` total weight; a single entry heavier than an
 * eighth of `maxWeight` is never kept. A closure rather than a class: its state is local
 * variables, which a minifier renames, where property names stay as written.
 */
export function boundedCache<V>(max: number, maxWeight: number): BoundedCache<V> {
  /** Each key's value and weight, oldest first (a Map iterates in insertion order). */
  const map = new Map<string, readonly [V, number]>();
  let total = 0;
  return {
    get: (key) => map.get(key)?.[0],
    set(key, value, weight = 1) {
      if (key.length <= MAX_CACHED_KEY_LENGTH && weight * 8 <= maxWeight) {
        total += weight - (map.get(key)?.[1] ?? 0);
        map.delete(key);
        // Deleting the entry a Map iteration is at is safe: the oldest go first.
        for (const [oldest, entry] of map) {
          if (map.size < max && total <= maxWeight) break;
          total -= entry[1];
          map.delete(oldest);
        }
        map.set(key, [value, weight]);
      }
      return value;
    },
  };
}
