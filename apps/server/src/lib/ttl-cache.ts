/**
 * A bounded map whose entries are trusted for `ttlMs` after they were set: what a hot path remembers
 * of the database (device keys, open visitor sessions) instead of reading it on every request. Full,
 * it forgets its oldest entries (a Map keeps insertion order). `max` bounds the number of entries,
 * or with `weigh` their total weight (entries of very different sizes: a device's locations).
 */
export function createTtlCache<K, V>({
  ttlMs,
  max,
  weigh = () => 1,
  now = () => performance.now(),
}: {
  ttlMs: number;
  max: number;
  /** What one entry counts against `max` (1 unless given). */
  weigh?: (value: V) => number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
}) {
  const entries = new Map<K, { value: V; until: number; weight: number }>();
  let total = 0;
  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.weight;
  };
  return {
    /** The value while fresh; a stale one is forgotten. */
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      remove(key);
      return undefined;
    },
    set(key: K, value: V) {
      remove(key);
      const weight = weigh(value);
      for (const oldest of entries.keys()) {
        if (total + weight <= max) break;
        remove(oldest);
      }
      entries.set(key, { value, until: now() + ttlMs, weight });
      total += weight;
    },
    delete(key: K) {
      remove(key);
    },
    /** Forgets every entry whose value matches (e.g. all keys of one device). */
    deleteWhere(match: (value: V) => boolean) {
      for (const [key, entry] of entries) if (match(entry.value)) remove(key);
    },
  };
}

export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
