import {
  ZCall,
  ZCallListQuery,
  ZCallListResponse,
  ZCallParams,
  ZCallStatusRequest,
  ZIceServersResponse,
  ZId,
  ZNotificationChannel,
  ZOfflineHours,
  ZStartCallRequest,
  ZStartCallResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { authOf } from '../../plugins/guard.js';
import { deviceOf } from '../device-api/routes.js';
import type { CallsService } from './service.js';

const live = { access: { page: '/live_video' } } as const;
const ZIdParams = z.object({ id: ZId });
const ZDeviceParams = z.object({ device_id: ZId });

/** SPEC §7 Video calls, under /admin_panel. */
export function callsRoutes(app: FastifyInstance, { calls }: { calls: CallsService }) {
  app.get('/video_call/list/:id', { config: live }, async (req) => {
    const { id } = validate(ZIdParams, req.params);
    const result = await calls.list(authOf(req), id, validate(ZCallListQuery, req.query));
    return ok(ZCallListResponse, result.calls, { total: result.total });
  });

  app.put('/video_call/list/:device_id', { config: live }, async (req) => {
    const { device_id } = validate(ZDeviceParams, req.params);
    const input = validate(ZCallStatusRequest, req.body);
    const call = await calls.setStatus(authOf(req), device_id, input);
    return ok(ZCall, call, { message: input.status === 'answered' ? 'Call answered.' : 'Call ended.' });
  });

  app.get('/video_call/offline_hours/:device_id', { config: live }, async (req) =>
    ok(ZOfflineHours, await calls.offlineHours(authOf(req), validate(ZDeviceParams, req.params).device_id)),
  );
  app.put('/video_call/offline_hours/:device_id', { config: live }, async (req) => {
    const { device_id } = validate(ZDeviceParams, req.params);
    const saved = await calls.saveOfflineHours(authOf(req), device_id, validate(ZOfflineHours, req.body));
    return ok(ZOfflineHours, saved, { message: 'Offline hours saved.' });
  });

  app.get('/video_call/notification/:device_id', { config: live }, async (req) =>
    ok(
      ZNotificationChannel,
      await calls.notification(authOf(req), validate(ZDeviceParams, req.params).device_id),
    ),
  );
  app.put('/video_call/notification/:device_id', { config: live }, async (req) => {
    const { device_id } = validate(ZDeviceParams, req.params);
    const saved = await calls.saveNotification(
      authOf(req),
      device_id,
      validate(ZNotificationChannel, req.body),
    );
    return ok(ZNotificationChannel, saved, { message: 'Notification settings saved.' });
  });

  app.get('/video_call/ice_servers', { config: live }, async () =>
    ok(ZIceServersResponse, calls.iceServers()),
  );
}

/** `/device_api/v1/calls`: a kiosk calls the operators, or hangs up. */
export function callsDeviceRoutes(app: FastifyInstance, { calls }: { calls: CallsService }) {
  app.post('/calls', async (req) =>
    ok(ZStartCallResponse, await calls.start(deviceOf(req), validate(ZStartCallRequest, req.body).language)),
  );
  app.post('/calls/:real_session_id/end', async (req) =>
    ok(ZCall, await calls.endByDevice(deviceOf(req), validate(ZCallParams, req.params).real_session_id)),
  );
}
