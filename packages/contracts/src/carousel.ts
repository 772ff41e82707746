import { z } from 'zod';
import { rule } from './rules.js';
import { ZId } from './common.js';

/**
 * Carousel banners (Interface Settings → carousel; GET, PUT, DELETE /carousel, POST
 * /carousel/upload): images a device's kiosk shows in turn on its start screen, in the operator's
 * order, each with an optional topic it opens and an optional schedule so a campaign runs by itself.
 */

/** Per image, checked by the server while the file streams in. */
export const CAROUSEL_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Files in one upload request. */
export const CAROUSEL_UPLOAD_MAX_FILES = 10;
/** Banners on one device: more than a visitor would ever wait through. */
export const CAROUSEL_MAX_BANNERS = 30;

/** ISO 8601 instant, or null for "no bound". */
const ZInstant = z.iso.datetime({ offset: true }).nullable();

/** A carousel banner (image_id is the banner's id, as DELETE names it). */
export const ZCarouselBanner = z.object({
  image_id: z.number().int(),
  url: z.string(),
  /** A 320 px copy for lists (the original for uploads from before the media pipeline). */
  thumb_url: z.string(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  position: z.number().int(),
  /** A topic of the same device the kiosk opens when the banner is touched. */
  link_topic_id: z.number().int().nullable(),
  /** Or a directory unit of the same device the kiosk shows (a banner links to one at most). */
  link_unit_id: z.number().int().nullable(),
  /** What the link names, to show it: the topic's name, the unit's number and occupant. */
  link_label: z.string().nullable(),
  show_from: z.string().nullable(),
  show_until: z.string().nullable(),
});
export type CarouselBanner = z.infer<typeof ZCarouselBanner>;
export const ZCarouselBanners = z.array(ZCarouselBanner);

/** GET /carousel?device_id=; POST /carousel/upload?device_id= */
export const ZCarouselQuery = z.object({ device_id: ZId });

/**
 * PUT /carousel: the whole list in its new order with each banner's link and schedule. It must name
 * exactly the device's banners (else 409 banner_list_changed: someone else changed it meanwhile).
 */
export const ZUpdateCarouselRequest = z.object({
  device_id: ZId,
  banners: z
    .array(
      z
        .object({
          image_id: ZId,
          link_topic_id: ZId.nullable().default(null),
          link_unit_id: ZId.nullable().default(null),
          show_from: ZInstant.default(null),
          show_until: ZInstant.default(null),
        })
        .refine((b) => b.link_topic_id === null || b.link_unit_id === null, {
          message: rule('one_link_only'),
          path: ['link_unit_id'],
        })
        .refine((b) => !b.show_from || !b.show_until || Date.parse(b.show_until) > Date.parse(b.show_from), {
          message: rule('show_until_after_from'),
          path: ['show_until'],
        }),
    )
    .max(CAROUSEL_MAX_BANNERS),
});
export type UpdateCarouselRequest = z.input<typeof ZUpdateCarouselRequest>;

/**
 * POST /carousel/media: banners from images already uploaded (a resumable upload's media items),
 * added after the device's banners in the order given. Each must be an image of the caller's
 * project and within the banner limit; one used elsewhere already (a response's image, another
 * banner) is shared.
 */
export const ZAttachCarouselMediaRequest = z.object({
  device_id: ZId,
  media_ids: z.array(ZId).min(1).max(CAROUSEL_UPLOAD_MAX_FILES),
});
export type AttachCarouselMediaRequest = z.input<typeof ZAttachCarouselMediaRequest>;

/** DELETE /carousel */
export const ZDeleteCarouselRequest = z.object({ device_id: ZId, image_id: ZId });

/**
 * What a kiosk shows (device config `carousel`, and the `interface:carousel` socket event): the
 * banners in schedule now, in order. `show_until` lets the kiosk drop one whose time ends while
 * it runs.
 */
export const ZKioskBanner = z.object({
  image_id: z.number().int(),
  url: z.string(),
  link_topic_id: z.number().int().nullable(),
  /** The linked topic's name: what the kiosk asks when the banner is touched. */
  link_topic_name: z.string().nullable(),
  /** The linked unit's number: the kiosk opens the directory at it. */
  link_unit: z.string().nullable(),
  show_until: z.string().nullable(),
});
export type KioskBanner = z.infer<typeof ZKioskBanner>;
export const ZKioskBanners = z.array(ZKioskBanner);
