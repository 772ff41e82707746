import {
  IDEMPOTENCY_HEADER,
  ZAskRequest,
  ZAskResponse,
  ZConversationParams,
  ZDeviceConfig,
  ZDeviceSpeechRequest,
  ZIdempotencyKey,
  ZOk,
  ZRateRequest,
  ZRateResponse,
  ZSessionParams,
  ZStartSessionRequest,
  ZVisitorSession,
} from '@ambassador/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractApp, file, ok } from '../../lib/contract.js';
import { synthesize } from '../ai/speech.js';
import type { DeviceContext, DevicesService } from '../devices/index.js';
import type { DeviceApiService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceContext | null;
  }
}

const tags = ['Device API'];

/** The authenticated device of a device API call (routes of other modules use it too). */
export const deviceOf = (req: FastifyRequest) => {
  if (!req.device) throw new Error('deviceOf called outside the device API');
  return req.device;
};

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** `/device_api/v1`: every call authenticates with the device's own key. */
export function deviceApiRoutes(
  parent: FastifyInstance,
  { devices, deviceApi }: { devices: DevicesService; deviceApi: DeviceApiService },
) {
  const app = contractApp(parent);
  app.decorateRequest('device', null);
  // Before validation: a caller without a valid key learns nothing from a 400.
  app.addHook('preValidation', async (req) => {
    req.device = await devices.authenticate(bearer(req));
  });

  app.get(
    '/config',
    { schema: { tags, summary: 'What this device is and speaks', response: { 200: ZOk(ZDeviceConfig) } } },
    async (req) => ok(await deviceApi.config(deviceOf(req))),
  );

  app.post(
    '/sessions',
    {
      schema: {
        tags,
        summary: 'A visitor starts talking',
        body: ZStartSessionRequest,
        response: { 200: ZOk(ZVisitorSession) },
      },
    },
    async (req) => ok(await deviceApi.startSession(deviceOf(req), req.body.language)),
  );
  app.post(
    '/sessions/:session_id/end',
    {
      schema: {
        tags,
        summary: 'The visitor leaves',
        params: ZSessionParams,
        response: { 200: ZOk(ZVisitorSession) },
      },
    },
    async (req) => ok(await deviceApi.endSession(deviceOf(req), req.params.session_id)),
  );

  app.post(
    '/ask',
    {
      schema: {
        tags,
        summary: 'Ask a question; answers with the matched topic’s response or the fallback',
        description: `A retry with the same \`${IDEMPOTENCY_HEADER}\` header is logged once and answered again.`,
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: ZIdempotencyKey.optional() }),
        body: ZAskRequest,
        response: { 200: ZOk(ZAskResponse) },
      },
    },
    async (req) => ok(await deviceApi.ask(deviceOf(req), req.body, req.headers[IDEMPOTENCY_HEADER])),
  );

  app.post(
    '/conversations/:conversation_id/rating',
    {
      schema: {
        tags,
        summary: 'The visitor rates an answer',
        params: ZConversationParams,
        body: ZRateRequest,
        response: { 200: ZOk(ZRateResponse) },
      },
    },
    async (req) =>
      ok(await deviceApi.rate(deviceOf(req), req.params.conversation_id, req.body), {
        message: 'Thank you for your feedback',
      }),
  );

  app.post(
    '/speech',
    {
      schema: {
        tags,
        summary: 'Speak a text (WAV)',
        body: ZDeviceSpeechRequest,
        response: { 200: file('The spoken text', 'audio/wav') },
      },
    },
    async (req, reply) => {
      const wav = await synthesize(req.body.text, req.body.language);
      return reply.type('audio/wav').header('cache-control', 'no-store').send(wav);
    },
  );
}
