import { createDeviceCache } from '../../lib/device-cache.js';
import { foldLocations, type FoldedLocation } from './answer.js';
import type { LocationRow } from './repo.js';

/** What a question is answered from: the device's active locations, folded. */
export interface DeviceLocations {
  /** Whether the device has any location at all (active or not): without, the step is skipped. */
  any: boolean;
  active: FoldedLocation[];
}

/**
 * Each device's folded locations (answer.ts `foldLocations`), kept between questions
 * (lib/device-cache.ts): reading and folding 5,000 locations took tens of milliseconds a question
 * (docs/performance.md). `forget` is called for every change of the device's locations, maps or
 * layers on every instance. `maxLocations` bounds memory by the locations held (devices hold from
 * none to thousands), the oldest device going first.
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
  return createDeviceCache<DeviceLocations>({
    load: async (deviceId) => {
      const rows = await load(deviceId);
      return { any: rows.length > 0, active: foldLocations(rows) };
    },
    ttlMs,
    max: maxLocations,
    // A device without active locations still takes an entry.
    weigh: (d) => d.active.length + 1,
    now,
  });
}

export type FoldedLocations = ReturnType<typeof createFoldedLocations>;
