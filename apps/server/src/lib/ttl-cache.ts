import { LRUCache } from 'lru-cache';

/**
 * A bounded map whose entries are trusted for `ttlMs` after they were set: what a hot path remembers
 * of the database (device keys, open visitor sessions) instead of reading it on every request. Full,
 * it forgets the entries least recently used (lru-cache; a read counts as a use, so a kiosk asking
 * all day keeps its key while one-off entries go first). `max` bounds the number of entries, or with
 * `weigh` their total weight (entries of very different sizes: a device's locations).
 */
export function createTtlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>({
  ttlMs,
  max,
  weigh,
  now = () => performance.now(),
}: {
  ttlMs: number;
  max: number;
  /** What one entry counts against `max` (1 unless given). */
  weigh?: (value: V) => number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
}) {
  const cache = new LRUCache<K, V>({
    ttl: ttlMs,
    // Each read asks the clock (its default caches it for a millisecond: a test clock moves faster).
    ttlResolution: 0,
    // lru-cache reads a start time of 0 as "no time to live"; a test's clock may start there.
    perf: { now: () => now() + 1 },
    ...(weigh ? { maxSize: max, sizeCalculation: (value: V) => Math.max(1, weigh(value)) } : { max }),
  });
  return {
    /** The value while fresh; a stale one is forgotten. */
    get: (key: K): V | undefined => cache.get(key),
    set(key: K, value: V) {
      cache.set(key, value);
    },
    delete(key: K) {
      cache.delete(key);
    },
    /** Forgets every entry whose value matches (e.g. all keys of one device). */
    deleteWhere(match: (value: V) => boolean) {
      for (const [key, value] of cache.entries()) if (match(value)) cache.delete(key);
    },
  };
}

export type TtlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> = ReturnType<
  typeof createTtlCache<K, V>
>;
