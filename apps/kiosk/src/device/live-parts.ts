import type { DeviceConfig, KioskAvatarChanged, KioskPartKey } from '@ambassador/contracts';
import { KIOSK_PARTS } from '@ambassador/contracts/names';
import type { Realtime } from '../realtime/realtime-client';

const PART_KEYS = Object.keys(KIOSK_PARTS) as KioskPartKey[];

/** A part's new value from its socket event: the value itself, but the avatar comes as `{ avatar }`. */
export function partValue<K extends KioskPartKey>(key: K, payload: unknown): DeviceConfig[K] {
  return (key === 'avatar' ? (payload as KioskAvatarChanged).avatar : payload) as DeviceConfig[K];
}

/** The configuration with one live part replaced. */
export function withPart<K extends KioskPartKey>(
  config: DeviceConfig,
  key: K,
  value: DeviceConfig[K],
): DeviceConfig {
  return { ...config, [key]: value };
}

/**
 * Follows every live part of the device's configuration (KIOSK_PARTS): `onPart` gets each new value
 * as its socket event arrives, until the returned function is called.
 */
export function followParts(
  realtime: Realtime,
  onPart: <K extends KioskPartKey>(key: K, value: DeviceConfig[K]) => void,
): () => void {
  const offs = PART_KEYS.map((key) =>
    realtime.on<unknown>(KIOSK_PARTS[key], (payload) => onPart(key, partValue(key, payload))),
  );
  return () => offs.forEach((off) => off());
}
