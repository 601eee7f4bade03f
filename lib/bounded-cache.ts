/**
 * A cache bounded by what it holds, not only by how many entries: each entry has a weight (for
 * a compiled template, its number of expressions), and the oldest entries go first when either
 * the entry count or the total weight is over its bound. A hostile stream of huge templates then
 * costs a bounded amount of memory, whatever their size (docs/security.md, "Caches").
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    /** At most this many entries. */
    private readonly maxEntries: number,
    /** At most this total weight; a single entry heavier than an eighth of it is never kept. */
    private readonly maxWeight: number,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores `value` under `key` (unless the key or the value is too large) and returns it. */
  set(key: string, value: V, weight = 1): V {
    if (key.length > MAX_CACHED_KEY_LENGTH || weight * 8 > this.maxWeight) return value;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.weight -= old.weight;
      this.entries.delete(key);
    }
    // A Map iterates in insertion order: its first key is the oldest.
    while (this.entries.size >= this.maxEntries || this.weight + weight > this.maxWeight) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.weight -= this.entries.get(oldest.value)!.weight;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, weight });
    this.weight += weight;
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** How many entries each cache of the library keeps: a process that builds urls from ids must not grow. */
export const CACHE_SIZE = 1000;
/**
 * The total weight of a cache of compiled templates, in parts (literals and expressions): a part
 * holds about 140 bytes of compiled state, so such a cache stays under about 3 MB whatever it is fed.
 */
export const CACHE_WEIGHT = 20_000;
/** Longer keys are worked out on every call and never cached, so a cache stays small in bytes too. */
export const MAX_CACHED_KEY_LENGTH = 4096;
