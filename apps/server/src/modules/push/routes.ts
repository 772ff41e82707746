import {
  ZPush,
  ZPushListQuery,
  ZPushListResponse,
  ZPushRequest,
  ZUploadResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { saveImageUpload } from '../../lib/uploads.js';
import { validate } from '../../lib/validate.js';
import type { MediaStore } from '../../media/store.js';
import { authOf } from '../../plugins/guard.js';
import type { PushService } from './service.js';

const messagePage = { access: { page: '/message' } } as const;

/** Push messages for operators (SPEC §7 POST /video_call/push). Thin: parse, call, answer. */
export function pushRoutes(app: FastifyInstance, { push, media }: { push: PushService; media: MediaStore }) {
  app.post('/video_call/push', { config: messagePage }, async (req) => {
    const b = validate(ZPushRequest, req.body);
    return ok(ZPush, await push.create(authOf(req), b), { message: 'Message pushed.' });
  });

  app.get('/video_call/push', { config: messagePage }, async (req) => {
    const { pushes, total } = await push.list(authOf(req), validate(ZPushListQuery, req.query));
    return ok(ZPushListResponse, pushes, { total });
  });

  /** The image of a push: the media store, with the same checks and answer as /ai_config/upload. */
  app.post('/video_call/push/upload', { config: { ...messagePage, upload: true } }, async (req) =>
    ok(ZUploadResponse, await saveImageUpload(req, media), { message: 'Image uploaded.' }),
  );
}
