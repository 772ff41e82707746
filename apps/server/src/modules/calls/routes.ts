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
  ZOk,
  ZStartCallRequest,
  ZStartCallResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractApp, ok } from '../../lib/contract.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { authOf, deviceIdOf } from '../../plugins/guard.js';
import type { CallsService } from './service.js';

const live = { access: { page: '/live_video' } } as const;
const tags = ['Video calls'];
const ZDeviceParams = z.object({ device_id: ZId });
const ZProjectParams = z.object({ project_id: ZId });

/** Video calls, under /admin_panel. Paths name their device; the guard checked it. */
export function callsRoutes(parent: FastifyInstance, { calls }: { calls: CallsService }) {
  const app = contractApp(parent);
  // The path's id is the project's, whose calls are listed (device_id filters).
  app.get(
    '/video_call/list/:project_id',
    {
      config: live,
      schema: {
        tags,
        summary: 'The project’s calls, newest first',
        params: ZProjectParams,
        querystring: ZCallListQuery,
        response: { 200: ZOk(ZCallListResponse) },
      },
    },
    async (req) => {
      const result = await calls.list(authOf(req), req.params.project_id, req.query);
      return ok(result.calls, { total: result.total });
    },
  );

  app.put(
    '/video_call/list/:device_id',
    {
      config: live,
      schema: {
        tags,
        summary: 'Answer or end a call',
        description: 'The first operator to answer takes the call; a second gets 409 naming who has it.',
        params: ZDeviceParams,
        body: ZCallStatusRequest,
        response: { 200: ZOk(ZCall) },
      },
    },
    async (req) => {
      const call = await calls.setStatus(authOf(req), deviceIdOf(req), req.body);
      return ok(call, { message: req.body.status === 'answered' ? 'Call answered.' : 'Call ended.' });
    },
  );

  app.get(
    '/video_call/offline_hours/:device_id',
    {
      config: live,
      schema: {
        tags,
        summary: 'When the desk takes no calls',
        params: ZDeviceParams,
        response: { 200: ZOk(ZOfflineHours) },
      },
    },
    async (req) => ok(await calls.offlineHours(authOf(req), deviceIdOf(req))),
  );
  app.put(
    '/video_call/offline_hours/:device_id',
    {
      config: live,
      schema: {
        tags,
        summary: 'Set when the desk takes no calls, and what a caller is told then',
        params: ZDeviceParams,
        body: ZOfflineHours,
        response: { 200: ZOk(ZOfflineHours) },
      },
    },
    async (req) =>
      ok(await calls.saveOfflineHours(authOf(req), deviceIdOf(req), req.body), {
        message: 'Offline hours saved.',
      }),
  );

  app.get(
    '/video_call/notification/:device_id',
    {
      config: live,
      schema: {
        tags,
        summary: 'How operators are told of a call',
        params: ZDeviceParams,
        response: { 200: ZOk(ZNotificationChannel) },
      },
    },
    async (req) => ok(await calls.notification(authOf(req), deviceIdOf(req))),
  );
  app.put(
    '/video_call/notification/:device_id',
    {
      config: live,
      schema: {
        tags,
        summary: 'Set how operators are told of a call, and how long it rings',
        params: ZDeviceParams,
        body: ZNotificationChannel,
        response: { 200: ZOk(ZNotificationChannel) },
      },
    },
    async (req) =>
      ok(await calls.saveNotification(authOf(req), deviceIdOf(req), req.body), {
        message: 'Notification settings saved.',
      }),
  );

  app.get(
    '/video_call/ice_servers',
    {
      config: live,
      schema: {
        tags,
        summary: 'STUN and TURN servers for the call',
        response: { 200: ZOk(ZIceServersResponse) },
      },
    },
    async () => ok(calls.iceServers()),
  );
}

/** `/device_api/v1/calls`: a kiosk calls the operators, or hangs up. */
export function callsDeviceRoutes(parent: FastifyInstance, { calls }: { calls: CallsService }) {
  const app = contractApp(parent);
  app.post(
    '/calls',
    {
      schema: {
        tags: ['Device API'],
        summary: 'Call the operators',
        description: 'Rings every console of the project, or answers `offline` with the text to show.',
        body: ZStartCallRequest,
        response: { 200: ZOk(ZStartCallResponse) },
      },
    },
    async (req) => ok(await calls.start(deviceOf(req), req.body.language)),
  );
  app.post(
    '/calls/:real_session_id/end',
    {
      schema: {
        tags: ['Device API'],
        summary: 'Hang up',
        params: ZCallParams,
        response: { 200: ZOk(ZCall) },
      },
    },
    async (req) => ok(await calls.endByDevice(deviceOf(req), req.params.real_session_id)),
  );
}
