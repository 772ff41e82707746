import {
  ZSuggestions,
  ZSuggestionsQuery,
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
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractApp, file, ok } from '../../lib/contract.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { synthesize } from '../ai/index.js';
import type { DeviceApiService } from './service.js';

const tags = ['Device API'];

/** `/device_api/v1`, inside the plugin where `registerDeviceAuth` checks each call's device key. */
export function deviceApiRoutes(parent: FastifyInstance, { deviceApi }: { deviceApi: DeviceApiService }) {
  const app = contractApp(parent);

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

  app.get(
    '/suggestions',
    {
      schema: {
        tags,
        summary: 'Questions the chat suggests before the first one',
        description:
          'A phrase (else a keyword) of each of the device’s most answered topics over the last 30 days, in the language; topics nobody asked yet after them. At most 4, none for a language without phrases.',
        querystring: ZSuggestionsQuery,
        response: { 200: ZOk(ZSuggestions) },
      },
    },
    async (req) => ok(await deviceApi.suggestions(deviceOf(req), req.query.language)),
  );

  app.post(
    '/ask',
    {
      config: { throttle: 'ask' },
      schema: {
        tags,
        summary: 'Ask a question; answers with the matched topic’s response or the fallback',
        description:
          `A retry with the same \`${IDEMPOTENCY_HEADER}\` header is logged once and answered again. ` +
          'Past the asks one device key may make in a minute: `too_many_requests` (429, Retry-After), not logged.',
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
