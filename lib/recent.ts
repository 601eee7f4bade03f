/**
 * The last few keys found in a cache, with their values, compared before the cache is asked.
 * An app looks up the same few builders, routes and header names on every call, and when other
 * code runs between its calls, a `Map` lookup reads memory that has left the processor's caches,
 * where these few pairs sit together (docs/decisions.md §16). Flat, `[key, value, …]`, at most
 * `RECENT_SIZE` pairs, the oldest replaced first. (A ring inside `boundedCache()` itself measured
 * 3% slower on the bench mix: the call into the cache's closure is part of what this saves.)
 */
export interface Recent<K, V> {
  readonly pairs: (K | V)[];
  /** Where the next pair goes. */
  next: number;
}

/** How many pairs a `Recent` holds. */
const RECENT_SIZE = 8;

export function recent<K, V>(): Recent<K, V> {
  return { pairs: [], next: 0 };
}

/** The value found for `key` among the last ones, or `undefined`. */
export function recentValue<K, V>(recent: Recent<K, V>, key: K): V | undefined {
  const pairs = recent.pairs;
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === key) return pairs[i + 1] as V;
  return undefined;
}

/** Keeps `value` as the one found for `key` (in place of the oldest pair when full); returns it. */
export function remember<K, V>(recent: Recent<K, V>, key: K, value: V): V {
  const at = recent.next;
  recent.pairs[at] = key;
  recent.pairs[at + 1] = value;
  recent.next = (at + 2) % (2 * RECENT_SIZE);
  return value;
}
