import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  it('trusts an entry for its time, then forgets it', () => {
    let t = 1_000;
    const cache = createTtlCache<string, number>({ ttlMs: 100, max: 10, now: () => t });
    cache.set('a', 1);
    t = 1_100;
    expect(cache.get('a')).toBe(1);
    t = 1_101;
    expect(cache.get('a')).toBeUndefined();
    t = 1_000;
    expect(cache.get('a')).toBeUndefined(); // forgotten, not merely hidden
  });

  it('keeps time from a clock that starts at 0 (a test clock may)', () => {
    let t = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 100, max: 10, now: () => t });
    cache.set('a', 1);
    t = 100;
    expect(cache.get('a')).toBe(1);
    t = 101;
    expect(cache.get('a')).toBeUndefined();
  });

  it('when full, forgets what was used least recently, not what was set first', () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1_000, max: 2, now: () => 1 });
    cache.set('kiosk', 1);
    cache.set('once', 2);
    expect(cache.get('kiosk')).toBe(1); // the kiosk asks again
    cache.set('new', 3);
    expect([cache.get('kiosk'), cache.get('once'), cache.get('new')]).toEqual([1, undefined, 3]);
  });

  it('forgets the oldest entry when full, and what delete or deleteWhere names', () => {
    const cache = createTtlCache<string, { device: number }>({ ttlMs: 1_000, max: 2, now: () => 1 });
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

  it('with weights, forgets the oldest entries until the new one fits under the total', () => {
    const cache = createTtlCache<string, number>({ ttlMs: 1_000, max: 10, weigh: (n) => n, now: () => 1 });
    cache.set('a', 4);
    cache.set('b', 4);
    cache.set('c', 2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([4, 4, 2]);
    cache.set('d', 5); // 15 > 10: a goes, then b (11 > 10)
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([
      undefined,
      undefined,
      2,
      5,
    ]);
    cache.delete('d');
    cache.set('e', 8); // 2 + 8 fits once d's weight is given back
    expect([cache.get('c'), cache.get('e')]).toEqual([2, 8]);
  });
});
