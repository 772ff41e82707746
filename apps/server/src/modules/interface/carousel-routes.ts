import {
  ZAttachCarouselMediaRequest,
  CAROUSEL_IMAGE_MAX_BYTES,
  CAROUSEL_UPLOAD_MAX_FILES,
  ZCarouselBanners,
  ZCarouselQuery,
  ZDeleteCarouselRequest,
  ZOk,
  ZUpdateCarouselRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { manyFiles } from '../../media/uploads.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import type { CarouselService } from './carousel-service.js';
import { checkDeviceField } from '../../media/batch.js';

const interfacePage = { access: { page: '/interface' } } as const;
const tags = ['Interface settings'];

/** Carousel banners of a device. Thin: the contract and the guard check, the service acts. */
export function carouselRoutes(parent: FastifyInstance, { carousel }: { carousel: CarouselService }) {
  const app = contractApp(parent);
  app.get(
    '/carousel',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'The device’s carousel banners, in order, with link and schedule',
        querystring: ZCarouselQuery,
        response: { 200: ZOk(ZCarouselBanners) },
      },
    },
    async (req) => {
      const banners = await carousel.list(deviceIdOf(req));
      return ok(banners, { total: banners.length });
    },
  );
  app.post(
    '/carousel/upload',
    {
      config: { ...interfacePage, upload: true },
      schema: {
        tags,
        summary: 'Add banners: several images at once (multipart, fields `files`)',
        description: `\`device_id\` in the query. Each file must be a PNG, JPEG, GIF or WebP image by its content (415 \`unsupported_type\`), at most ${CAROUSEL_IMAGE_MAX_BYTES / 1024 / 1024} MB (413 \`file_too_large\`), at most ${CAROUSEL_UPLOAD_MAX_FILES} files a request; a refused file stores none of the request's. The new banners go last. Answers the whole list.`,
        querystring: ZCarouselQuery,
        response: { 200: ZOk(ZCarouselBanners) },
      },
    },
    async (req) => {
      const deviceId = deviceIdOf(req);
      const files = manyFiles(req, {
        maxBytes: CAROUSEL_IMAGE_MAX_BYTES,
        maxFiles: CAROUSEL_UPLOAD_MAX_FILES,
        onField: (name, value) => checkDeviceField(deviceId, name, value),
      });
      const banners = await carousel.upload(authOf(req), deviceId, files);
      return ok(banners, { total: banners.length, message: 'Banners added.' });
    },
  );
  app.post(
    '/carousel/media',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Add banners from images already uploaded (resumable uploads), by media id',
        description: `For files sent to \`/admin_panel/media/uploads\` (tus) with kind \`image\`: the media ids their uploads ended with, in order. Each must be an image of your project (404 \`not_found\`), at most ${CAROUSEL_IMAGE_MAX_BYTES / 1024 / 1024} MB (413 \`file_too_large\`); a file used elsewhere already (a response, another banner) is shared. One refused adds none. The new banners go last. Answers the whole list.`,
        body: ZAttachCarouselMediaRequest,
        response: { 200: ZOk(ZCarouselBanners) },
      },
    },
    async (req) => {
      const { device_id, media_ids } = pinned(req, req.body);
      const banners = await carousel.attach(authOf(req), device_id, media_ids);
      return ok(banners, { total: banners.length, message: 'Banners added.' });
    },
  );
  app.put(
    '/carousel',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Reorder the banners and set each one’s link and schedule',
        description:
          'The whole list in its new order. 409 `banner_list_changed` when it does not name exactly the device’s banners; 400 `topic_not_on_device` or `unit_not_on_device` for a link to another device’s topic or directory unit; a banner links to one of the two at most. Paired kiosks get the banners in schedule at once (`interface:carousel`).',
        body: ZUpdateCarouselRequest,
        response: { 200: ZOk(ZCarouselBanners) },
      },
    },
    async (req) => ok(await carousel.update(pinned(req, req.body)), { message: 'Carousel saved.' }),
  );
  app.delete(
    '/carousel',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Delete one banner and its image',
        body: ZDeleteCarouselRequest,
        response: { 200: ZOk(ZCarouselBanners) },
      },
    },
    async (req) => {
      const { device_id, image_id } = pinned(req, req.body);
      return ok(await carousel.remove(device_id, image_id), { message: 'Banner deleted.' });
    },
  );
}
