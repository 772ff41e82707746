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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { authOf, deviceIdOf } from '../../plugins/guard.js';
import type { CallsService } from './service.js';

const live = { access: { page: '/live_video' } } as const;
const ZDeviceParams = z.object({ device_id: ZId });
const ZProjectParams = z.object({ project_id: ZId });

/** The device in the path, checked by the guard (the path must name one). */
const deviceOfPath = (req: FastifyRequest) => {
  validate(ZDeviceParams, req.params);
  return deviceIdOf(req);
};

/** SPEC §7 Video calls, under /admin_panel. */
export function callsRoutes(app: FastifyInstance, { calls }: { calls: CallsService }) {
  // SPEC §7 names this path's id {id}: it is the project's, whose calls are listed (device_id filters).
  app.get('/video_call/list/:project_id', { config: live }, async (req) => {
    const { project_id } = validate(ZProjectParams, req.params);
    const result = await calls.list(authOf(req), project_id, validate(ZCallListQuery, req.query));
    return ok(ZCallListResponse, result.calls, { total: result.total });
  });

  app.put('/video_call/list/:device_id', { config: live }, async (req) => {
    const input = validate(ZCallStatusRequest, req.body);
    const call = await calls.setStatus(authOf(req), deviceOfPath(req), input);
    return ok(ZCall, call, { message: input.status === 'answered' ? 'Call answered.' : 'Call ended.' });
  });

  app.get('/video_call/offline_hours/:device_id', { config: live }, async (req) =>
    ok(ZOfflineHours, await calls.offlineHours(authOf(req), deviceOfPath(req))),
  );
  app.put('/video_call/offline_hours/:device_id', { config: live }, async (req) => {
    const saved = await calls.saveOfflineHours(
      authOf(req),
      deviceOfPath(req),
      validate(ZOfflineHours, req.body),
    );
    return ok(ZOfflineHours, saved, { message: 'Offline hours saved.' });
  });

  app.get('/video_call/notification/:device_id', { config: live }, async (req) =>
    ok(ZNotificationChannel, await calls.notification(authOf(req), deviceOfPath(req))),
  );
  app.put('/video_call/notification/:device_id', { config: live }, async (req) => {
    const saved = await calls.saveNotification(
      authOf(req),
      deviceOfPath(req),
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
