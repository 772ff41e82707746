import { SOCKET } from '@ambassador/contracts';
import { defineModule, type Core } from '../../core/module.js';
import { createCallsRepo } from './repo.js';
import { callsDeviceRoutes, callsRoutes } from './routes.js';
import { createCallsService } from './service.js';

function build({ db, notifier, hooks, clock, log, config, use }: Core) {
  const repo = createCallsRepo(db);
  const calls = createCallsService({
    repo,
    notifier,
    clock,
    log,
    iceServers: config.ICE_SERVERS,
    deviceInProject: use('devices').devices.belongsToProject,
  });
  hooks.onAdminMessage(SOCKET.callSignal, (admin, payload) => calls.signalFromAdmin(admin, payload));
  hooks.onDeviceMessage(SOCKET.callSignal, (device, payload) => calls.signalFromDevice(device, payload));
  hooks.onDeviceDisconnect((device) => calls.deviceGone(device));
  hooks.onAdminConnect((admin) => calls.adminConnected(admin));
  return {
    calls,
    /** The device's time zone (its call settings'), for what other areas show by the hour. */
    timeZoneOf: async (deviceId: number) => (await repo.settings(deviceId))?.timeZone ?? 'UTC',
  };
}

declare module '../../core/module.js' {
  interface Modules {
    calls: ReturnType<typeof build>;
  }
}

/** Video calls between kiosks and operators, their settings and offline hours. */
export const callsModule = defineModule({
  name: 'calls',
  build,
  admin: (scope, { calls }) => callsRoutes(scope, { calls }),
  device: (scope, { calls }) => callsDeviceRoutes(scope, { calls }),
  // Calls ringing on an instance that stopped still become missed, within 15 s of their time.
  tasks: ({ calls }) => [{ name: 'mark missed calls', run: calls.expire, everyMs: 15_000, quiet: true }],
  close: ({ calls }) => calls.close(),
});
