import { describe, expect, it } from 'vitest';
import { findLocation } from './answer.js';
import { createFoldedLocations } from './folded-cache.js';
import { locationBuilder } from '../../test/location-fixtures.js';
import type { LocationRow } from './repo.js';

const row = locationBuilder(['english']);

/** A device's locations as the database holds them; each read can be held back until released. */
function store(names: Record<number, string[]>) {
  const reads: Array<() => void> = [];
  let hold = false;
  return {
    names,
    reads: 0,
    holdReads() {
      hold = true;
    },
    /** Hands back the held reads, the newest first: an older read finishes last. */
    release() {
      hold = false;
      for (const go of reads.splice(0).reverse()) go();
    },
    load(deviceId: number): Promise<LocationRow[]> {
      this.reads++;
      // Read when asked (as a query would), handed back when released.
      const rows = (this.names[deviceId] ?? []).map((n, i) => row(i + 1, n));
      return hold ? new Promise((resolve) => reads.push(() => resolve(rows))) : Promise.resolve(rows);
    },
  };
}

const nameOf = async (cache: ReturnType<typeof createFoldedLocations>, deviceId: number, q: string) =>
  findLocation(q, (await cache.get(deviceId)).active)?.location.name ?? null;

describe("a device's folded locations, kept between questions", () => {
  it('reads a device once for many questions, and again after a change', async () => {
    const db = store({ 1: ['Pharmacy'] });
    const cache = createFoldedLocations({ load: (id) => db.load(id), ttlMs: 60_000, maxLocations: 10 });
    const first = await Promise.all([cache.get(1), cache.get(1), cache.get(1)]);
    expect(first[0]).toBe(first[2]);
    expect(await nameOf(cache, 1, 'Where is the pharmacy?')).toBe('Pharmacy');
    expect(db.reads).toBe(1);

    db.names[1] = ['Dispensary'];
    cache.forget(1);
    expect(await nameOf(cache, 1, 'Where is the dispensary?')).toBe('Dispensary');
    expect(await nameOf(cache, 1, 'Where is the pharmacy?')).toBeNull();
    expect(db.reads).toBe(2);
  });

  it('does not keep a read that a change overtook', async () => {
    const db = store({ 1: ['Pharmacy'] });
    const cache = createFoldedLocations({ load: (id) => db.load(id), ttlMs: 60_000, maxLocations: 10 });
    db.holdReads();
    const before = cache.get(1); // read before the change committed …
    db.names[1] = ['Dispensary'];
    cache.forget(1); // … which is told while that read is in flight
    const after = cache.get(1);
    db.release();
    expect(findLocation('Where is the pharmacy?', (await before).active)).not.toBeNull();
    expect(findLocation('Where is the dispensary?', (await after).active)?.location.name).toBe('Dispensary');
    expect(await nameOf(cache, 1, 'Where is the dispensary?')).toBe('Dispensary');
    expect(db.reads).toBe(2);
  });

  it('says whether the device has locations at all, and keeps only the active ones', async () => {
    const cache = createFoldedLocations({
      load: (id) =>
        Promise.resolve(id === 1 ? [] : [{ ...row(1, 'Gift shop'), isActive: false }, row(2, 'Cafe')]),
      ttlMs: 60_000,
      maxLocations: 10,
    });
    expect(await cache.get(1)).toEqual({ any: false, active: [] });
    const two = await cache.get(2);
    expect(two.any).toBe(true);
    expect(two.active.map((l) => l.location.name)).toEqual(['Cafe']);
  });

  it('reads again after the TTL, and holds at most `maxLocations` locations', async () => {
    // Each device weighs its locations + 1: two of these fit under 5, not three.
    const db = store({ 1: ['Pharmacy'], 2: ['Cafe'], 3: ['Lobby'] });
    let now = 0;
    const cache = createFoldedLocations({
      load: (id) => db.load(id),
      ttlMs: 1_000,
      maxLocations: 5,
      now: () => now,
    });
    await cache.get(1);
    await cache.get(1);
    expect(db.reads).toBe(1);
    now = 1_001;
    await cache.get(1);
    expect(db.reads).toBe(2);
    await cache.get(2);
    await cache.get(3); // the third device pushes out the oldest (1)
    await cache.get(2);
    expect(db.reads).toBe(4);
    await cache.get(1);
    expect(db.reads).toBe(5);
  });
});
