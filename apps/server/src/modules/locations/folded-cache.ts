import { createTtlCache } from '../../lib/ttl-cache.js';
import { foldLocations, type FoldedLocation } from './answer.js';
import type { LocationRow } from './repo.js';

/** What a question is answered from: the device's active locations, folded. */
export interface DeviceLocations {
  /** Whether the device has any location at all (active or not): without, the step is skipped. */
  any: boolean;
  active: FoldedLocation[];
}

/**
 * Each device's folded locations (answer.ts `foldLocations`), kept between questions: reading and
 * folding 5,000 locations took tens of milliseconds a question (docs/performance.md). `forget` is
 * called for every change of the device's locations, maps or layers on every instance (the event
 * bus), so the next question reads them again and an edit is never answered stale. The TTL bounds
 * how long a lost message (Redis down) could leave another instance stale; `maxLocations` bounds
 * memory by the locations held (devices hold from none to thousands), the oldest device going first.
 */
export function createFoldedLocations({
  load,
  ttlMs,
  maxLocations,
  now,
}: {
  /** All the device's locations, in answer order. */
  load: (deviceId: number) => Promise<LocationRow[]>;
  ttlMs: number;
  maxLocations: number;
  now?: () => number;
}) {
  const held = createTtlCache<number, DeviceLocations>({
    ttlMs,
    max: maxLocations,
    // A device without active locations still takes an entry.
    weigh: (d) => d.active.length + 1,
    now,
  });
  /** Reads in flight: concurrent first questions share one; `forget` detaches it so it is not kept. */
  const loading = new Map<number, Promise<DeviceLocations>>();

  return {
    get(deviceId: number): Promise<DeviceLocations> {
      const hit = held.get(deviceId);
      if (hit) return Promise.resolve(hit);
      const pending = loading.get(deviceId);
      if (pending) return pending;
      const read: Promise<DeviceLocations> = load(deviceId)
        .then((rows) => ({ any: rows.length > 0, active: foldLocations(rows) }))
        .then((value) => {
          // A change during the read may be missing from it: keep it only if none came.
          if (loading.get(deviceId) === read) held.set(deviceId, value);
          return value;
        })
        .finally(() => {
          if (loading.get(deviceId) === read) loading.delete(deviceId);
        });
      loading.set(deviceId, read);
      return read;
    },

    /** The device's locations, maps or layers changed (or the device went): read them again next time. */
    forget(deviceId: number) {
      held.delete(deviceId);
      loading.delete(deviceId);
    },
  };
}

export type FoldedLocations = ReturnType<typeof createFoldedLocations>;
