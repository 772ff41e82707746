/**
 * A bounded map whose entries are trusted for `ttlMs` after they were set: what a hot path remembers
 * of the database (device keys, open visitor sessions) instead of reading it on every request. Full,
 * it forgets its oldest entry (a Map keeps insertion order).
 */
export function createTtlCache<K, V>({
  ttlMs,
  max,
  now = () => performance.now(),
}: {
  ttlMs: number;
  max: number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
}) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    /** The value while fresh; a stale one is forgotten. */
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V) {
      entries.delete(key);
      if (entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, until: now() + ttlMs });
    },
    delete(key: K) {
      entries.delete(key);
    },
    /** Forgets every entry whose value matches (e.g. all keys of one device). */
    deleteWhere(match: (value: V) => boolean) {
      for (const [key, entry] of entries) if (match(entry.value)) entries.delete(key);
    },
  };
}

export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
