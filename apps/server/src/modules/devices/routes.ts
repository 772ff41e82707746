import {
  ZCreateDeviceRequest,
  ZDeleteDeviceRequest,
  ZDeletedDevice,
  ZDeviceIdRequest,
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
/** The same, for calls that work on an archived device too. */
const onAnyDevice = { ...settings, devices: { fields: ['id'], archived: true } };
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
  app.put(D, { config: onAnyDevice }, async (req) =>
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

  // Retiring a device: archive (key revoked, out of the selector, data kept), restore, delete.
  app.post(`${D}/archive`, { config: onAnyDevice }, async (req) =>
    ok(ZManagedDevice, await devices.archive(authOf(req), validate(ZDeviceIdRequest, req.body).id), {
      message: 'Device archived. Its key no longer works; its data is kept.',
    }),
  );
  app.post(`${D}/restore`, { config: onAnyDevice }, async (req) =>
    ok(ZManagedDevice, await devices.restore(authOf(req), validate(ZDeviceIdRequest, req.body).id), {
      message: 'Device restored. Make a new key to pair it again.',
    }),
  );
  app.delete(D, { config: onAnyDevice }, async (req) =>
    ok(ZDeletedDevice, await devices.deleteForever(authOf(req), validate(ZDeleteDeviceRequest, req.body)), {
      message: 'Device deleted with all its data.',
    }),
  );
}
