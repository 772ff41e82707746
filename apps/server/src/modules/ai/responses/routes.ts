import {
  ZAudioPreviewRequest,
  ZCreateResponseRequest,
  ZDeleteByIdRequest,
  ZOk,
  ZOkEmpty,
  ZResponse,
  ZResponsesQuery,
  ZResponsesResponse,
  ZUpdateResponseRequest,
  ZUploadQuery,
  ZUploadResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyOrQuery, contractApp, done, file, ok } from '../../../lib/contract.js';
import type { MediaStore } from '../../../media/store.js';
import { saveImageUpload } from '../../../media/uploads.js';
import { deviceIdOf, pinned } from '../../../plugins/guard.js';
import { AI_PAGE, AI_TAGS, INTENTS } from '../access.js';
import { synthesize } from '../answering/speech.js';
import type { ResponsesService } from './service.js';

const tags = AI_TAGS;

const byId = bodyOrQuery(ZDeleteByIdRequest);

/** A topic's responses, hearing their speech, and the images they show. */
export function responsesRoutes(
  parent: FastifyInstance,
  { responses, media }: { responses: ResponsesService; media: MediaStore },
) {
  const app = contractApp(parent);
  app.get(
    `${INTENTS}/responses`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'A topic’s responses, by language and device type',
        querystring: ZResponsesQuery,
        response: { 200: ZOk(ZResponsesResponse) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = await responses.list(deviceIdOf(req), q.intent_id, {
        ...(q.language && { language: q.language }),
        ...(q.device_type && { deviceType: q.device_type }),
      });
      return ok(rows);
    },
  );
  app.post(
    `${INTENTS}/responses`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Add a response to a topic',
        description: 'Buttons are padded to whole rows of their column count.',
        body: ZCreateResponseRequest,
        response: { 200: ZOk(ZResponse) },
      },
    },
    async (req) => ok(await responses.create(pinned(req, req.body)), { message: 'Response added.' }),
  );
  app.put(
    `${INTENTS}/responses`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Change a response',
        body: ZUpdateResponseRequest,
        response: { 200: ZOk(ZResponse) },
      },
    },
    async (req) => ok(await responses.update(pinned(req, req.body)), { message: 'Response updated.' }),
  );
  app.delete(
    `${INTENTS}/responses`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Delete a response',
        description: 'The ids come in the body, or in the query for clients that send no DELETE body.',
        ...byId.schema,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      const b = byId.read(req);
      await responses.remove(deviceIdOf(req), b.id);
      return done('Response deleted.');
    },
  );
  app.post(
    `${INTENTS}/audio_preview`,
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Hear a response’s speech (WAV)',
        description: '503 `tts_unavailable` where no speech engine is installed.',
        body: ZAudioPreviewRequest,
        response: { 200: file('The spoken text', 'audio/wav') },
      },
    },
    async (req, reply) => {
      const wav = await synthesize(req.body.text, req.body.language);
      return reply.type('audio/wav').header('cache-control', 'no-store').send(wav);
    },
  );

  app.post(
    '/ai_config/upload',
    {
      config: { ...AI_PAGE, upload: true },
      schema: {
        tags,
        summary: 'Upload an image for a response (multipart, field `file`)',
        description:
          'PNG, JPEG, GIF or WebP by content, not by name; up to 10 MiB (`file_too_large`, 413; `unsupported_type`, 415).',
        querystring: ZUploadQuery,
        response: { 200: ZOk(ZUploadResponse) },
      },
    },
    async (req) => ok(await saveImageUpload(req, media), { message: 'Image uploaded.' }),
  );
}
