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
  ZOk,
  ZUpdateDeviceRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf } from '../../plugins/guard.js';
import type { DevicesService } from './service.js';

const settings = { access: { page: '/setting' as const } };
/** Calls on one managed device name it as `id`: the guard checks it is the project's. */
const onDevice = { ...settings, devices: { fields: ['id'] } };
/** The same, for calls that work on an archived device too. */
const onAnyDevice = { ...settings, devices: { fields: ['id'], archived: true } };
const D = '/admin_settings/devices';
const tags = ['Devices'];

export function devicesRoutes(parent: FastifyInstance, { devices }: { devices: DevicesService }) {
  const app = contractApp(parent);
  // Loaded right after sign-in, before a forced password reset, so expired sessions may read it.
  app.get(
    '/interface/devices',
    {
      config: { access: { allowExpired: true } },
      schema: {
        tags,
        summary: 'The devices of the device selector',
        description: 'Active devices only; archived ones are listed under Admin Settings → Devices.',
        querystring: ZDevicesQuery,
        response: { 200: ZOk(ZDevicesResponse) },
      },
    },
    async (req) => ok(await devices.list(authOf(req), req.query.project_id)),
  );

  // Admin Settings → Devices: the project's devices and their device-API keys.
  app.get(
    D,
    {
      config: settings,
      schema: {
        tags,
        summary: 'Every device of the project, archived ones too, with its key status',
        response: { 200: ZOk(ZManagedDevicesResponse) },
      },
    },
    async (req) => {
      const list = await devices.listManaged(authOf(req));
      return ok(list, { total: list.length });
    },
  );
  app.post(
    D,
    {
      config: settings,
      schema: {
        tags,
        summary: 'Add a device',
        description: 'The answer carries the device key; it is shown this once.',
        body: ZCreateDeviceRequest,
        response: { 200: ZOk(ZDeviceWithKey) },
      },
    },
    async (req) =>
      ok(await devices.create(authOf(req), req.body), {
        message: 'Device added. Copy its key now: it is shown only once.',
      }),
  );
  app.put(
    D,
    {
      config: onAnyDevice,
      schema: {
        tags,
        summary: 'Change a device',
        body: ZUpdateDeviceRequest,
        response: { 200: ZOk(ZManagedDevice) },
      },
    },
    async (req) => ok(await devices.update(authOf(req), req.body), { message: 'Device updated' }),
  );
  app.post(
    `${D}/key`,
    {
      config: onDevice,
      schema: {
        tags,
        summary: 'Make a new device key',
        description: 'The previous key stops working at once and its kiosks are disconnected.',
        body: ZDeviceKeyRequest,
        response: { 200: ZOk(ZDeviceWithKey) },
      },
    },
    async (req) =>
      ok(await devices.rotateKey(authOf(req), req.body.id), {
        message: 'New key made. The previous key no longer works.',
      }),
  );
  app.delete(
    `${D}/key`,
    {
      config: onDevice,
      schema: {
        tags,
        summary: 'Revoke the device key',
        body: ZDeviceKeyRequest,
        response: { 200: ZOk(ZManagedDevice) },
      },
    },
    async (req) => ok(await devices.revokeKeys(authOf(req), req.body.id), { message: 'Key revoked' }),
  );

  // Retiring a device: archive (key revoked, out of the selector, data kept), restore, delete.
  app.post(
    `${D}/archive`,
    {
      config: onAnyDevice,
      schema: {
        tags,
        summary: 'Archive a device',
        description: 'Its key is revoked and it leaves the selector; its data is kept.',
        body: ZDeviceIdRequest,
        response: { 200: ZOk(ZManagedDevice) },
      },
    },
    async (req) =>
      ok(await devices.archive(authOf(req), req.body.id), {
        message: 'Device archived. Its key no longer works; its data is kept.',
      }),
  );
  app.post(
    `${D}/restore`,
    {
      config: onAnyDevice,
      schema: {
        tags,
        summary: 'Restore an archived device',
        body: ZDeviceIdRequest,
        response: { 200: ZOk(ZManagedDevice) },
      },
    },
    async (req) =>
      ok(await devices.restore(authOf(req), req.body.id), {
        message: 'Device restored. Make a new key to pair it again.',
      }),
  );
  app.delete(
    D,
    {
      config: onAnyDevice,
      schema: {
        tags,
        summary: 'Delete an archived device with all its data',
        description: 'Only an archived device, and only with its name typed as `confirm_name`.',
        body: ZDeleteDeviceRequest,
        response: { 200: ZOk(ZDeletedDevice) },
      },
    },
    async (req) =>
      ok(await devices.deleteForever(authOf(req), req.body), {
        message: 'Device deleted with all its data.',
      }),
  );
}
