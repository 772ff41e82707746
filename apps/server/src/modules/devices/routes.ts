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
  ZOkEmpty,
  ZSetStaffPinRequest,
  ZStaffUnpairRequest,
  ZUpdateDeviceRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, done, ok, type ContractApp } from '../../lib/contract.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { authOf } from '../../plugins/guard.js';
import { noteAudit } from '../audit/index.js';
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
  deviceListRoutes(app, devices);
  deviceKeyRoutes(app, devices);
  deviceRetirementRoutes(app, devices);
}

/** The device selector’s list, and the project’s devices: listing, adding and changing one. */
function deviceListRoutes(app: ContractApp, devices: DevicesService) {
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
}

/** A device’s key (new, revoked) and the staff PIN of its kiosk’s settings. */
function deviceKeyRoutes(app: ContractApp, devices: DevicesService) {
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
    async (req) => {
      const made = await devices.rotateKey(authOf(req), req.body.id);
      // The trail says which key replaced which by their prefixes; the key itself is never kept.
      noteAudit(req, {
        action: 'device.key_rotate',
        target: { type: 'device', id: made.device.id, name: made.device.description },
        detail: { key_prefix: made.device.key_prefix },
      });
      return ok(made, { message: 'New key made. The previous key no longer works.' });
    },
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

  app.put(
    `${D}/staff_pin`,
    {
      config: onDevice,
      schema: {
        tags,
        summary: 'Set or remove the staff PIN of the kiosk’s staff settings',
        description:
          'With a PIN (4 to 8 digits, `staff_pin_digits`), staff on site open the kiosk’s settings by holding its corner gear and typing it, and may unpair it. `pin: null` removes it: the kiosk can then only be unpaired from here (by a new key).',
        body: ZSetStaffPinRequest,
        response: { 200: ZOk(ZManagedDevice) },
      },
    },
    async (req) =>
      ok(await devices.setStaffPin(authOf(req), req.body), {
        message: req.body.pin === null ? 'Staff PIN removed.' : 'Staff PIN set.',
      }),
  );
}

/** Retiring a device: archive (key revoked, out of the selector, data kept), restore, delete. */
function deviceRetirementRoutes(app: ContractApp, devices: DevicesService) {
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

/** The kiosk's side: staff on site unpair it with the device's PIN. */
export function devicesStaffRoutes(parent: FastifyInstance, { devices }: { devices: DevicesService }) {
  const app = contractApp(parent);
  app.post(
    '/staff/unpair',
    {
      schema: {
        tags: ['Device API'],
        summary: 'Staff unpair the kiosk with the device’s staff PIN',
        description:
          'The kiosk forgets its key after a 200; the key stays valid, so it pairs again with the same one. `wrong_pin` (403), `no_staff_pin` (409: set one under Admin Settings → Devices), `locked_out` (429) after 5 wrong PINs in 15 minutes. Logged, and shown on the device in the console.',
        body: ZStaffUnpairRequest,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      const device = deviceOf(req);
      try {
        await devices.unpairWithPin(device, req.body.pin);
      } catch (err) {
        req.log.warn(
          { deviceId: device.id, ip: req.ip, err: (err as Error).message },
          'kiosk unpair refused',
        );
        throw err;
      }
      req.log.info({ deviceId: device.id, ip: req.ip }, 'kiosk unpaired by staff with the PIN');
      return done('Unpaired.');
    },
  );
}
