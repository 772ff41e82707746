import {
  CAROUSEL_IMAGE_MAX_BYTES,
  CAROUSEL_MAX_BANNERS,
  SOCKET,
  type CarouselBanner,
  type KioskBanner,
  type ZUpdateCarouselRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { MediaStore } from '../../media/store.js';
import { mediaUrl, mediaUrls } from '../../media/urls.js';
import type { Notifier } from '../../realtime/types.js';
import type { BannerRow, CarouselRepo } from './carousel-repo.js';
import { IMAGE_KIND, namesExactly, saveBatch, type IncomingFile } from '../../media/batch.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toBanner = (r: BannerRow): CarouselBanner => ({
  image_id: r.id,
  url: mediaUrl(r.filename),
  thumb_url: mediaUrls(r).thumb_url ?? mediaUrl(r.filename),
  original_name: r.originalName,
  mime: r.mime,
  size: r.size,
  position: r.position,
  link_topic_id: r.linkTopicId,
  link_unit_id: r.linkUnitId,
  link_label: r.linkTopicName ?? (r.linkUnit ? [r.linkUnit, r.linkUnitName].filter(Boolean).join(' ') : null),
  show_from: iso(r.showFrom),
  show_until: iso(r.showUntil),
});

// Kiosks get the web-sized copy: a camera's 6 MB original is not what a start screen should wait for.
const toKiosk = (r: BannerRow): KioskBanner => ({
  image_id: r.id,
  url: mediaUrls(r).web_url ?? mediaUrl(r.filename),
  link_topic_id: r.linkTopicId,
  link_topic_name: r.linkTopicName,
  link_unit: r.linkUnit,
  show_until: iso(r.showUntil),
});

/**
 * Carousel banners (Interface Settings → carousel), per device. Routes reach this with a device the
 * guard has checked is the caller's project's. Every change is sent at once to the device's kiosks
 * as the banners in schedule now, so they change without a reload.
 */
export function createCarouselService({
  repo,
  media,
  notifier,
  clock,
}: {
  repo: CarouselRepo;
  media: MediaStore;
  notifier: Notifier;
  clock: Clock;
}) {
  const list = async (deviceId: number) => (await repo.list(deviceId)).map(toBanner);
  const kioskBanners = async (deviceId: number) => (await repo.list(deviceId, clock.now())).map(toKiosk);
  const tooMany = () =>
    conflict(
      `A device shows at most ${CAROUSEL_MAX_BANNERS} banners. Delete some before adding more.`,
      'too_many_banners',
    );
  const changed = async (deviceId: number) => {
    notifier.toDevice(deviceId, SOCKET.interfaceCarousel, await kioskBanners(deviceId));
    return list(deviceId);
  };

  return {
    list,
    /** What the kiosk reads in its config: the banners in schedule now. */
    kioskBanners,

    /**
     * A topic or directory unit of the device changed (renamed, deleted): kiosks showing a banner
     * that links to one get the banners again, with the link's new label (or without the link).
     */
    async linkTargetsChanged(deviceId: number) {
      const banners = await kioskBanners(deviceId);
      if (banners.some((b) => b.link_topic_id !== null || b.link_unit !== null))
        notifier.toDevice(deviceId, SOCKET.interfaceCarousel, banners);
    },

    /**
     * Stores each image (checked by its bytes, at most CAROUSEL_IMAGE_MAX_BYTES) and adds them after
     * the device's banners. All or nothing: a file refused undoes the ones stored before it.
     */
    async upload(
      actor: { projectId: number; userId: number | null },
      deviceId: number,
      files: AsyncIterable<IncomingFile>,
    ) {
      await saveBatch(media, actor, files, {
        kind: { ...IMAGE_KIND, maxBytes: CAROUSEL_IMAGE_MAX_BYTES },
        room: CAROUSEL_MAX_BANNERS - (await repo.count(deviceId)),
        full: tooMany,
        commit: (ids) => repo.append(deviceId, ids),
      });
      return changed(deviceId);
    },

    /**
     * Banners from media items already stored (resumable uploads), after the device's banners.
     * All or nothing: each must be an image of the caller's project (another project's: 404),
     * within the banner image limit (one used elsewhere already is shared).
     */
    async attach(actor: { projectId: number }, deviceId: number, mediaIds: number[]) {
      if (new Set(mediaIds).size > CAROUSEL_MAX_BANNERS - (await repo.count(deviceId))) throw tooMany();
      const ids = await media.claim(actor.projectId, mediaIds, {
        kind: 'image',
        maxBytes: CAROUSEL_IMAGE_MAX_BYTES,
      });
      await repo.append(deviceId, ids);
      return changed(deviceId);
    },

    /** The whole list in its new order, with each banner's link and schedule. */
    async update(input: z.output<typeof ZUpdateCarouselRequest>) {
      const current = await repo.list(input.device_id);
      const ids = input.banners.map((x) => x.image_id);
      if (!namesExactly(ids, new Set(current.map((r) => r.id)))) {
        throw conflict(
          'The banner list changed since it was loaded (someone added or deleted one). Reload and try again.',
          'banner_list_changed',
        );
      }
      const links = [...new Set(input.banners.flatMap((x) => (x.link_topic_id ? [x.link_topic_id] : [])))];
      const onDevice = await repo.topicsOnDevice(input.device_id, links);
      const missing = links.filter((id) => !onDevice.has(id));
      if (missing.length > 0) {
        throw new AppError(
          400,
          'topic_not_on_device',
          `link_topic_id: Topic ${missing[0]} is not on this device.`,
        );
      }
      const units = [...new Set(input.banners.flatMap((x) => (x.link_unit_id ? [x.link_unit_id] : [])))];
      const unitsHere = await repo.unitsOnDevice(input.device_id, units);
      const strayUnit = units.find((id) => !unitsHere.has(id));
      if (strayUnit !== undefined) {
        throw new AppError(
          400,
          'unit_not_on_device',
          `link_unit_id: Unit ${strayUnit} is not on this device.`,
        );
      }
      await repo.update(
        input.device_id,
        input.banners.map((x) => ({
          id: x.image_id,
          linkTopicId: x.link_topic_id,
          linkUnitId: x.link_unit_id,
          showFrom: x.show_from ? new Date(x.show_from) : null,
          showUntil: x.show_until ? new Date(x.show_until) : null,
        })),
      );
      return changed(input.device_id);
    },

    /** Deletes one banner, and its image unless another use holds it. */
    async remove(deviceId: number, imageId: number) {
      const mediaId = await repo.remove(deviceId, imageId);
      if (mediaId === null)
        throw notFound('This banner does not exist on this device (it may already be deleted).');
      await media.discard([mediaId]);
      return changed(deviceId);
    },
  };
}

export type CarouselService = ReturnType<typeof createCarouselService>;
