import {
  ZPush,
  ZPushListQuery,
  ZPushListResponse,
  ZPushRequest,
  ZOk,
  ZUploadResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { saveImageUpload } from '../../media/uploads.js';
import type { MediaStore } from '../../media/store.js';
import { authOf } from '../../plugins/guard.js';
import type { PushService } from './service.js';

const messagePage = { access: { page: '/message' } } as const;

const tags = ['Push messages'];

/** Push messages for operators: a text (and image) shown on kiosks now. Thin: the contract checks, the service acts. */
export function pushRoutes(
  parent: FastifyInstance,
  { push, media }: { push: PushService; media: MediaStore },
) {
  const app = contractApp(parent);
  app.post(
    '/video_call/push',
    {
      config: messagePage,
      schema: {
        tags,
        summary: 'Push a message to kiosks',
        description:
          'One delivery per device: pending until the kiosk confirms it is on screen, re-sent on reconnect.',
        body: ZPushRequest,
        response: { 200: ZOk(ZPush) },
      },
    },
    async (req) => ok(await push.create(authOf(req), req.body), { message: 'Message pushed.' }),
  );

  app.get(
    '/video_call/push',
    {
      config: messagePage,
      schema: {
        tags,
        summary: 'Pushed messages, with each device’s delivery',
        querystring: ZPushListQuery,
        response: { 200: ZOk(ZPushListResponse) },
      },
    },
    async (req) => {
      const { pushes, total } = await push.list(authOf(req), req.query);
      return ok(pushes, { total });
    },
  );

  /** The image of a push: the media store, with the same checks and answer as /ai_config/upload. */
  app.post(
    '/video_call/push/upload',
    {
      config: { ...messagePage, upload: true },
      schema: {
        tags,
        summary: 'Upload the image of a push (multipart, field `file`)',
        response: { 200: ZOk(ZUploadResponse) },
      },
    },
    async (req) => ok(await saveImageUpload(req, media), { message: 'Image uploaded.' }),
  );
}
