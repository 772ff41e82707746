import {
  ZCreateDeviceRequest,
  ZDeviceKeyRequest,
  ZDeviceWithKey,
  ZDevicesQuery,
  ZDevicesResponse,
  ZManagedDevice,
  ZManagedDevicesResponse,
  ZUpdateDeviceRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { authOf } from '../../plugins/guard.js';
import type { DevicesService } from './service.js';

const settings = { access: { page: '/setting' as const } };
/** Calls on one managed device name it as `id`: the guard checks it is the project's. */
const onDevice = { ...settings, devices: { fields: ['id'] } };
const D = '/admin_settings/devices';

export function devicesRoutes(app: FastifyInstance, { devices }: { devices: DevicesService }) {
  // Loaded right after sign-in, before a forced password reset, so expired sessions may read it.
  app.get('/interface/devices', { config: { access: { allowExpired: true } } }, async (req) => {
    const { project_id } = validate(ZDevicesQuery, req.query);
    return ok(ZDevicesResponse, await devices.list(authOf(req), project_id));
  });

  // Admin Settings → Devices: the project's devices and their device-API keys.
  app.get(D, { config: settings }, async (req) => {
    const list = await devices.listManaged(authOf(req));
    return ok(ZManagedDevicesResponse, list, { total: list.length });
  });
  app.post(D, { config: settings }, async (req) =>
    ok(ZDeviceWithKey, await devices.create(authOf(req), validate(ZCreateDeviceRequest, req.body)), {
      message: 'Device added. Copy its key now: it is shown only once.',
    }),
  );
  app.put(D, { config: onDevice }, async (req) =>
    ok(ZManagedDevice, await devices.update(authOf(req), validate(ZUpdateDeviceRequest, req.body)), {
      message: 'Device updated',
    }),
  );
  app.post(`${D}/key`, { config: onDevice }, async (req) =>
    ok(ZDeviceWithKey, await devices.rotateKey(authOf(req), validate(ZDeviceKeyRequest, req.body).id), {
      message: 'New key made. The previous key no longer works.',
    }),
  );
  app.delete(`${D}/key`, { config: onDevice }, async (req) =>
    ok(ZManagedDevice, await devices.revokeKeys(authOf(req), validate(ZDeviceKeyRequest, req.body).id), {
      message: 'Key revoked',
    }),
  );
}
