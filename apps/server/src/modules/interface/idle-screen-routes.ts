import {
  IDLE_IMAGE_DURATION,
  IDLE_MAX_IMAGES,
  IDLE_MAX_VIDEOS,
  IDLE_TIMEOUT,
  IDLE_UPLOAD_MAX_FILES,
  IMAGE_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_MAX_BYTES,
  ZAttachIdleMediaRequest,
  ZDeleteIdleScreenRequest,
  ZIdleMediaType,
  ZIdleScreen,
  ZIdleScreenMedia,
  ZIdleScreenMediaParams,
  ZIdleScreenQuery,
  ZIdleScreenUploadQuery,
  ZOk,
  ZUpdateIdleScreenRequest,
  type IdleMediaType,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { badRequest } from '../../lib/errors.js';
import { manyFiles } from '../../media/uploads.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import type { IdleScreenService } from './idle-screen-service.js';
import { checkDeviceField } from '../../media/batch.js';

const interfacePage = { access: { page: '/interface' } } as const;
const tags = ['Interface settings'];
const MB = 1024 * 1024;

/** The idle screen of a device. Thin: the contract and the guard check, the service acts. */
export function idleScreenRoutes(parent: FastifyInstance, { idle }: { idle: IdleScreenService }) {
  const app = contractApp(parent);
  app.get(
    '/idle_screen',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'The device’s idle screen: which media type plays, the idle timeout, its images and videos',
        description: `A device that saved nothing plays images after ${IDLE_TIMEOUT.default} s without a touch. \`idle_timeout\` is in seconds; each image’s \`duration\` too.`,
        querystring: ZIdleScreenQuery,
        response: { 200: ZOk(ZIdleScreen) },
      },
    },
    async (req) => ok(await idle.screen(deviceIdOf(req))),
  );
  app.get(
    '/idle_screen/:media_type',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'The device’s idle screen images, or its videos, in order',
        params: ZIdleScreenMediaParams,
        querystring: ZIdleScreenQuery,
        response: { 200: ZOk(ZIdleScreenMedia) },
      },
    },
    async (req) => {
      const items = await idle.list(deviceIdOf(req), req.params.media_type);
      return ok(items, { total: items.length });
    },
  );
  app.post(
    '/idle_screen',
    {
      config: { ...interfacePage, upload: true },
      schema: {
        tags,
        summary: 'Add images or videos to the idle screen: several at once (multipart, fields `files`)',
        description: `\`device_id\` in the query; \`media_type\` (\`image\` or \`video\`) in the query or as a form field before the files (a form field may only repeat the query). Each file must be, by its content, a PNG, JPEG, GIF or WebP image of at most ${IMAGE_UPLOAD_MAX_BYTES / MB} MB, or an MP4 or WebM video of at most ${VIDEO_UPLOAD_MAX_BYTES / MB} MB (415 \`unsupported_type\`, 413 \`file_too_large\`), at most ${IDLE_UPLOAD_MAX_FILES} files a request; a device holds at most ${IDLE_MAX_IMAGES} images and ${IDLE_MAX_VIDEOS} videos (409 \`too_many_idle_items\`). A refused file stores none of the request's. New items go last; images show for ${IDLE_IMAGE_DURATION.default} s. Answers the whole idle screen.`,
        querystring: ZIdleScreenUploadQuery,
        response: { 200: ZOk(ZIdleScreen) },
      },
    },
    async (req) => {
      const deviceId = deviceIdOf(req);
      let mediaType: IdleMediaType | undefined = req.query.media_type;
      const files = manyFiles(req, {
        maxBytes: Math.max(IMAGE_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MAX_BYTES),
        maxFiles: IDLE_UPLOAD_MAX_FILES,
        onField: (name, value) => {
          checkDeviceField(deviceId, name, value);
          if (name !== 'media_type') return;
          const named = ZIdleMediaType.safeParse(value);
          if (!named.success || (mediaType !== undefined && mediaType !== named.data)) {
            throw badRequest(
              `media_type: "${value.slice(0, 20)}" is not ${mediaType ? `the query's ${mediaType}` : 'image or video'}.`,
            );
          }
          mediaType = named.data;
        },
      });
      const screen = await idle.upload(authOf(req), deviceId, () => mediaType, files);
      return ok(screen, { message: 'Idle screen media added.' });
    },
  );
  app.post(
    '/idle_screen/media',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Add images or videos already uploaded (resumable uploads), by media id',
        description: `For files sent to \`/admin_panel/media/uploads\` (tus) with kind \`image\` or \`video\` as \`media_type\`: the media ids their uploads ended with, in order. Each must be of your project (404 \`not_found\`), of that kind (415 \`unsupported_type\`), and may be used elsewhere already (an event's video, a banner); a device holds at most ${IDLE_MAX_IMAGES} images and ${IDLE_MAX_VIDEOS} videos (409 \`too_many_idle_items\`). One refused adds none. Answers the whole idle screen.`,
        body: ZAttachIdleMediaRequest,
        response: { 200: ZOk(ZIdleScreen) },
      },
    },
    async (req) => {
      const { device_id, media_type, media_ids } = pinned(req, req.body);
      return ok(await idle.attach(authOf(req), device_id, media_type, media_ids), {
        message: 'Idle screen media added.',
      });
    },
  );
  app.put(
    '/idle_screen',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Save which media type plays, the idle timeout, the order and each image’s duration',
        description: `Both lists whole, in their new order. 409 \`idle_list_changed\` when they do not name exactly the device’s images and videos. \`idle_timeout\` ${IDLE_TIMEOUT.min}–${IDLE_TIMEOUT.max} s, \`duration\` ${IDLE_IMAGE_DURATION.min}–${IDLE_IMAGE_DURATION.max} s. Paired kiosks get what their idle loop plays at once (\`interface:idle_screen\`).`,
        body: ZUpdateIdleScreenRequest,
        response: { 200: ZOk(ZIdleScreen) },
      },
    },
    async (req) => ok(await idle.update(pinned(req, req.body)), { message: 'Idle screen saved.' }),
  );
  app.delete(
    '/idle_screen',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Delete one image (`image_id`) or one video (`video_id`) and its file',
        body: ZDeleteIdleScreenRequest,
        response: { 200: ZOk(ZIdleScreen) },
      },
    },
    async (req) => {
      const { device_id, image_id, video_id } = pinned(req, req.body);
      const screen =
        image_id !== undefined
          ? await idle.remove(device_id, 'image', image_id)
          : await idle.remove(device_id, 'video', video_id!);
      return ok(screen, { message: 'Idle screen item deleted.' });
    },
  );
}
