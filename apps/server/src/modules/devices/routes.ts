import { ZDevicesQuery, ZDevicesResponse } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { authOf } from '../../plugins/guard.js';
import type { DevicesService } from './service.js';

export function devicesRoutes(app: FastifyInstance, { devices }: { devices: DevicesService }) {
  // Loaded right after sign-in, before a forced password reset, so expired sessions may read it.
  app.get('/interface/devices', { config: { access: { allowExpired: true } } }, async (req) => {
    const { project_id } = validate(ZDevicesQuery, req.query);
    return ok(ZDevicesResponse, await devices.list(authOf(req), project_id));
  });
}
