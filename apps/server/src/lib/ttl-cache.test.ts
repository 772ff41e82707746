import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  it('trusts an entry for its time, then forgets it', () => {
    let t = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 100, max: 10, now: () => t });
    cache.set('a', 1);
    t = 99;
    expect(cache.get('a')).toBe(1);
    t = 100;
    expect(cache.get('a')).toBeUndefined();
    t = 0;
    expect(cache.get('a')).toBeUndefined(); // forgotten, not merely hidden
  });

  it('forgets the oldest entry when full, and what delete or deleteWhere names', () => {
    const cache = createTtlCache<string, { device: number }>({ ttlMs: 1_000, max: 2, now: () => 0 });
    cache.set('a', { device: 1 });
    cache.set('b', { device: 2 });
    cache.set('c', { device: 2 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual({ device: 2 });
    cache.deleteWhere((v) => v.device === 2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    cache.set('d', { device: 3 });
    cache.delete('d');
    expect(cache.get('d')).toBeUndefined();
  });
});
