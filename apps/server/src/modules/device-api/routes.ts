import {
  IDEMPOTENCY_HEADER,
  ZAskRequest,
  ZAskResponse,
  ZConversationParams,
  ZDeviceConfig,
  ZDeviceSpeechRequest,
  ZIdempotencyKey,
  ZRateRequest,
  ZRateResponse,
  ZSessionParams,
  ZStartSessionRequest,
  ZVisitorSession,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { synthesize } from '../ai/index.js';
import type { DeviceApiService } from './service.js';

/** `/device_api/v1`, inside the plugin where `registerDeviceAuth` checks each call's device key. */
export function deviceApiRoutes(app: FastifyInstance, { deviceApi }: { deviceApi: DeviceApiService }) {
  app.get('/config', async (req) => ok(ZDeviceConfig, await deviceApi.config(deviceOf(req))));

  app.post('/sessions', async (req) =>
    ok(
      ZVisitorSession,
      await deviceApi.startSession(deviceOf(req), validate(ZStartSessionRequest, req.body).language),
    ),
  );
  app.post('/sessions/:session_id/end', async (req) =>
    ok(
      ZVisitorSession,
      await deviceApi.endSession(deviceOf(req), validate(ZSessionParams, req.params).session_id),
    ),
  );

  app.post('/ask', async (req) => {
    const raw = req.headers[IDEMPOTENCY_HEADER];
    const key = raw === undefined ? undefined : validate(ZIdempotencyKey, Array.isArray(raw) ? raw[0] : raw);
    return ok(ZAskResponse, await deviceApi.ask(deviceOf(req), validate(ZAskRequest, req.body), key));
  });

  app.post('/conversations/:conversation_id/rating', async (req) =>
    ok(
      ZRateResponse,
      await deviceApi.rate(
        deviceOf(req),
        validate(ZConversationParams, req.params).conversation_id,
        validate(ZRateRequest, req.body),
      ),
      { message: 'Thank you for your feedback' },
    ),
  );

  app.post('/speech', async (req, reply) => {
    const b = validate(ZDeviceSpeechRequest, req.body);
    const wav = await synthesize(b.text, b.language);
    return reply.type('audio/wav').header('cache-control', 'no-store').send(wav);
  });
}
