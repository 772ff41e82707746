import { createTtlCache } from './ttl-cache.js';

/**
 * What a device's questions are answered from, read from the database once and kept between
 * questions instead of read on every one (its locations, its small talk). The area that owns the
 * data calls `forget` for every change of it on every instance (over the event bus), so the next
 * question reads it again and an edit is never answered stale; `ttlMs` bounds how long a lost
 * message (Redis down) could leave another instance stale. `max` bounds the devices held, or with
 * `weigh` their total weight; the device least recently asked goes first.
 */
export function createDeviceCache<V extends NonNullable<unknown>>({
  load,
  ttlMs,
  max,
  weigh,
  now,
}: {
  load: (deviceId: number) => Promise<V>;
  ttlMs: number;
  max: number;
  weigh?: (value: V) => number;
  now?: () => number;
}) {
  const held = createTtlCache<number, V>({ ttlMs, max, weigh, now });
  /** Reads in flight: concurrent first questions share one; `forget` detaches it so it is not kept. */
  const loading = new Map<number, Promise<V>>();

  return {
    get(deviceId: number): Promise<V> {
      const hit = held.get(deviceId);
      if (hit) return Promise.resolve(hit);
      const pending = loading.get(deviceId);
      if (pending) return pending;
      const read: Promise<V> = load(deviceId)
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

    /** The device's data changed (or the device went): read it again next time. */
    forget(deviceId: number) {
      held.delete(deviceId);
      loading.delete(deviceId);
    },
  };
}

export type DeviceCache<V extends NonNullable<unknown>> = ReturnType<typeof createDeviceCache<V>>;
