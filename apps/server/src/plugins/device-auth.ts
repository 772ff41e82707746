import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeviceContext, DevicesService } from '../modules/devices/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceContext | null;
  }
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** Every call of the plugin it is registered in authenticates with a device's own key. */
export function registerDeviceAuth(app: FastifyInstance, { devices }: { devices: DevicesService }) {
  app.decorateRequest('device', null);
  // Before validation: a caller without a valid key learns nothing from a 400.
  app.addHook('preValidation', async (req) => {
    req.device = await devices.authenticate(bearer(req));
  });
}

/** The device a kiosk request authenticated as (the device API and the kiosk routes of chat and calls). */
export const deviceOf = (req: FastifyRequest) => {
  if (!req.device) throw new Error('deviceOf called outside the device API');
  return req.device;
};
