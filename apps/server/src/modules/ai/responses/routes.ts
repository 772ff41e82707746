import {
  ZAudioPreviewRequest,
  ZCreateResponseRequest,
  ZDeleteByIdRequest,
  ZResponse,
  ZResponsesQuery,
  ZResponsesResponse,
  ZUpdateResponseRequest,
  ZUploadQuery,
  ZUploadResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty } from '../../../lib/envelope.js';
import { saveImageUpload } from '../../../media/uploads.js';
import { validate } from '../../../lib/validate.js';
import type { MediaStore } from '../../../media/store.js';
import { deviceIdOf, scoped } from '../../../plugins/guard.js';
import { AI_PAGE, INTENTS } from '../access.js';
import { synthesize } from '../answering/speech.js';
import type { ResponsesService } from './service.js';

/** A topic's responses, hearing their speech, and the images they show. */
export function responsesRoutes(
  app: FastifyInstance,
  { responses, media }: { responses: ResponsesService; media: MediaStore },
) {
  // ------------------------------------------------------------ responses
  app.get(`${INTENTS}/responses`, { config: AI_PAGE }, async (req) => {
    const q = validate(ZResponsesQuery, req.query);
    const rows = await responses.list(deviceIdOf(req), q.intent_id, {
      ...(q.language && { language: q.language }),
      ...(q.device_type && { deviceType: q.device_type }),
    });
    return ok(ZResponsesResponse, rows);
  });
  app.post(`${INTENTS}/responses`, { config: AI_PAGE }, async (req) =>
    ok(ZResponse, await responses.create(scoped(req, ZCreateResponseRequest, req.body)), {
      message: 'Response added.',
    }),
  );
  app.put(`${INTENTS}/responses`, { config: AI_PAGE }, async (req) =>
    ok(ZResponse, await responses.update(scoped(req, ZUpdateResponseRequest, req.body)), {
      message: 'Response updated.',
    }),
  );
  app.delete(`${INTENTS}/responses`, { config: AI_PAGE }, async (req) => {
    const b = validate(ZDeleteByIdRequest, req.body ?? req.query);
    await responses.remove(deviceIdOf(req), b.id);
    return okEmpty('Response deleted.');
  });
  app.post(`${INTENTS}/audio_preview`, { config: AI_PAGE }, async (req, reply) => {
    const b = validate(ZAudioPreviewRequest, req.body);
    const wav = await synthesize(b.text, b.language);
    return reply.type('audio/wav').header('cache-control', 'no-store').send(wav);
  });

  // ------------------------------------------------------------ upload
  app.post('/ai_config/upload', { config: { ...AI_PAGE, upload: true } }, async (req) => {
    validate(ZUploadQuery, req.query);
    return ok(ZUploadResponse, await saveImageUpload(req, media), { message: 'Image uploaded.' });
  });
}
