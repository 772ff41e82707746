import { createContext, useContext, type ReactNode } from 'react';
import type { DeviceConfig, KioskPartKey } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import type { Timing } from '../lib/timing';
import type { Realtime } from '../realtime/realtime-client';
import { useDeviceLink, type DeviceLink, type DeviceLinkOptions } from './use-device-link';

const DeviceContext = createContext<DeviceLink | null>(null);

/** Holds the kiosk's link to its server (key, device API, socket, configuration) for the screens below. */
export function DeviceProvider({ children, ...options }: DeviceLinkOptions & { children: ReactNode }) {
  const link = useDeviceLink(options);
  return <DeviceContext value={link}>{children}</DeviceContext>;
}

/** The kiosk's link to its server, whatever its state (pairing, connecting, offline, ready). */
export function useKiosk(): DeviceLink {
  const link = useContext(DeviceContext);
  if (!link) throw new Error('useKiosk is for components under DeviceProvider');
  return link;
}

/** The configuration without its live parts: those are read with useKioskPart, and follow the server. */
export type DeviceBasics = Omit<DeviceConfig, KioskPartKey>;

/** A paired kiosk whose configuration is read: what its screens work with. */
export type Device = {
  api: DeviceApi;
  realtime: Realtime | null;
  timing: Timing;
  config: DeviceBasics;
  /** Reads the configuration again (what staff changed meanwhile). */
  reload: () => void;
};

function loaded(link: DeviceLink): { api: DeviceApi; config: DeviceConfig } {
  if (!link.api || !link.config)
    throw new Error('The kiosk is not paired, or its configuration not read yet');
  return { api: link.api, config: link.config };
}

/** The paired, configured device (only screens shown once the configuration is read may ask). */
export function useDevice(): Device {
  const link = useKiosk();
  const { api, config } = loaded(link);
  return { api, config, realtime: link.realtime, timing: link.timing, reload: link.reload };
}

/**
 * The current value of one live part of the device's configuration (KIOSK_PARTS): as read with the
 * configuration, replaced as soon as the part's socket event brings a new one, and read again
 * after a reconnection.
 */
export function useKioskPart<K extends KioskPartKey>(key: K): DeviceConfig[K] {
  return loaded(useKiosk()).config[key];
}
