import { defineModule } from '../../core/module.js';
import { DEVICE_CHANGED } from '../../bus/channels.js';
import { createListeners } from '../../lib/listeners.js';
import { createDevicesRepo, type DevicesRepo } from './repo.js';
import { devicesRoutes, devicesStaffRoutes } from './routes.js';
import { createDevicesService, type DevicesService } from './service.js';

declare module '../../core/module.js' {
  interface Modules {
    devices: {
      devices: DevicesService;
      repo: DevicesRepo;
      /** Someone to tell when a device is retired (what they hold of it is of no use). */
      onRetired(listener: (deviceId: number) => void): void;
    };
  }
}

/** Devices, their keys and staff PINs; every instance forgets a device that changed. */
export const devicesModule = defineModule({
  name: 'devices',
  build: ({ db, clock, log, bus, realtime }) => {
    const repo = createDevicesRepo(db);
    const retired = createListeners<number>((err) => log.error({ err }, 'acting on a retired device failed'));
    const devices = createDevicesService({
      repo,
      clock,
      onKeysRevoked: (id) => realtime.disconnectDevice(id),
      onRetired: retired.emit,
      onDeviceChanged: (deviceId) => bus.publish(DEVICE_CHANGED, { deviceId }),
    });
    bus.subscribe(DEVICE_CHANGED, ({ deviceId }) => devices.forgetDevice(deviceId));
    return { devices, repo, onRetired: retired.add };
  },
  admin: (scope, { devices }) => devicesRoutes(scope, { devices }),
  device: (scope, { devices }) => devicesStaffRoutes(scope, { devices }),
});
