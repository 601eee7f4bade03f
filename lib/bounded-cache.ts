/** A cache bounded by entries and by what they weigh, oldest out first (docs/design/architecture.md). */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  /** Stores `value` under `key` (unless the key or the value is too large) and returns it. */
  set(key: string, value: V, weight?: number): V;
}

/** How many entries a cache of the library keeps. */
export const CACHE_SIZE = 1000;
/** Longer keys are worked out on every call and never cached. */
export const MAX_CACHED_KEY_LENGTH = 4096;

/** The total weight of a cache weighed in bytes (`BYTES`): what it may keep, roughly. */
export const CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Rough bytes kept, measured on V8: a string's characters, a compiled variable (its varspec,
 * slot and checks), a parameter copied into a route plan (slot, flat pair, index entry).
 */
export const BYTES = { perCharacter: 2, perVariable: 200, perParameter: 64, perEntry: 256 } as const;

interface Entry<V> {
  readonly value: V;
  readonly weight: number;
  readonly map: Map<string, Entry<V>>;
  readonly key: string;
}

/**
 * Caches of at most `max` entries and `maxWeight` total weight, counted over all of them, oldest out
 * first: `scope()` makes another (a route plan cache per snapshot). An entry heavier than an eighth
 * of `maxWeight`, or with a key longer than `MAX_CACHED_KEY_LENGTH`, is never kept.
 */
export function scopedCache<V>(max: number, maxWeight: number): { scope(): BoundedCache<V> } {
  // Every entry of every scope, oldest first (a Set iterates in insertion order).
  const order = new Set<Entry<V>>();
  let total = 0;
  const remove = (entry: Entry<V>): void => {
    order.delete(entry);
    entry.map.delete(entry.key);
    total -= entry.weight;
  };
  return {
    scope() {
      const map = new Map<string, Entry<V>>();
      return {
        get: (key) => map.get(key)?.value,
        set(key, value, weight = 1) {
          if (key.length > MAX_CACHED_KEY_LENGTH || weight * 8 > maxWeight) return value;
          const old = map.get(key);
          if (old !== undefined) remove(old);
          for (const oldest of order) {
            if (order.size < max && total + weight <= maxWeight) break;
            remove(oldest);
          }
          const entry = { value, weight, map, key };
          map.set(key, entry);
          order.add(entry);
          total += weight;
          return value;
        },
      };
    },
  };
}

/** A cache of at most `max` entries and `maxWeight` total weight. */
export function boundedCache<V>(max: number, maxWeight: number): BoundedCache<V> {
  return scopedCache<V>(max, maxWeight).scope();
}
