import { z } from 'zod';
import { ZId } from './common.js';
import { rule } from './rules.js';

/**
 * The idle screen (Interface Settings → idle screen; GET, POST, PUT, DELETE /idle_screen, GET
 * /idle_screen/{media_type}): what a device's kiosk plays full-screen when nobody has touched it
 * for a while. Per device an ordered list of images (each shown for its own duration) and an
 * ordered list of videos (each played to its end), and which of the two plays. Files go through
 * the media pipeline (media.ts): images and videos are checked by their bytes, with its limits.
 */
export const IDLE_MEDIA_TYPES = ['image', 'video'] as const;
export const ZIdleMediaType = z.enum(IDLE_MEDIA_TYPES);
export type IdleMediaType = z.infer<typeof ZIdleMediaType>;

/** Images on one device: a loop of half an hour at the default duration. */
export const IDLE_MAX_IMAGES = 30;
/** Videos on one device. */
export const IDLE_MAX_VIDEOS = 10;
/** Files in one upload request. */
export const IDLE_UPLOAD_MAX_FILES = 10;
/** Seconds an image shows before the next: long enough to read, short enough to feel alive. */
export const IDLE_IMAGE_DURATION = { min: 3, max: 300, default: 10 } as const;
/**
 * Seconds without a touch on the start screen before the idle loop starts. A minute by default:
 * someone reading the start screen is not interrupted, a kiosk left alone soon looks alive.
 */
export const IDLE_TIMEOUT = { min: 15, max: 3600, default: 60 } as const;

/** An idle screen image (image_id is the item's id, as DELETE names it). */
export const ZIdleImage = z.object({
  image_id: z.number().int(),
  url: z.string(),
  /** A 320 px copy for lists (the original for uploads from before the media pipeline). */
  thumb_url: z.string(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  position: z.number().int(),
  /** Seconds on screen. */
  duration: z.number().int(),
});
export type IdleImage = z.infer<typeof ZIdleImage>;

/** An idle screen video (video_id is the item's id, as DELETE names it). */
export const ZIdleVideo = z.object({
  video_id: z.number().int(),
  url: z.string(),
  /** A frame of the video to show before it plays (null for uploads from before the media pipeline). */
  poster_url: z.string().nullable(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  position: z.number().int(),
});
export type IdleVideo = z.infer<typeof ZIdleVideo>;

/** GET /idle_screen: a device's whole idle screen. */
export const ZIdleScreen = z.object({
  media_type_selected: ZIdleMediaType,
  /** Seconds without a touch before the loop starts. */
  idle_timeout: z.number().int(),
  images: z.array(ZIdleImage),
  videos: z.array(ZIdleVideo),
});
export type IdleScreen = z.infer<typeof ZIdleScreen>;

/** GET /idle_screen/{media_type}: one of the two lists. */
export const ZIdleScreenMedia = z.union([z.array(ZIdleImage), z.array(ZIdleVideo)]);

/** GET /idle_screen?device_id= */
export const ZIdleScreenQuery = z.object({ device_id: ZId });
export const ZIdleScreenMediaParams = z.object({ media_type: ZIdleMediaType });
/**
 * POST /idle_screen?device_id=&media_type= (multipart, fields `files`). device_id and media_type
 * may also come as form fields, instead of (or repeating) the query, before the files.
 */
export const ZIdleScreenUploadQuery = z.object({ device_id: ZId, media_type: ZIdleMediaType.optional() });

/**
 * POST /idle_screen/media: items from files already uploaded (resumable uploads, kind `image` or
 * `video` as `media_type`), by the media ids their uploads ended with, in order.
 */
export const ZAttachIdleMediaRequest = z.object({
  device_id: ZId,
  media_type: ZIdleMediaType,
  media_ids: z.array(ZId).min(1).max(IDLE_UPLOAD_MAX_FILES),
});
export type AttachIdleMediaRequest = z.input<typeof ZAttachIdleMediaRequest>;

const ZDuration = z.number().int().min(IDLE_IMAGE_DURATION.min).max(IDLE_IMAGE_DURATION.max);

/**
 * PUT /idle_screen: which type plays, the idle timeout, and both lists in their new order with each
 * image's duration. The lists must name exactly the device's items (else 409 idle_list_changed:
 * someone else added or deleted one meanwhile).
 */
export const ZUpdateIdleScreenRequest = z.object({
  device_id: ZId,
  media_type_selected: ZIdleMediaType,
  idle_timeout: z.number().int().min(IDLE_TIMEOUT.min).max(IDLE_TIMEOUT.max),
  images: z.array(z.object({ image_id: ZId, duration: ZDuration })).max(IDLE_MAX_IMAGES),
  videos: z.array(z.object({ video_id: ZId })).max(IDLE_MAX_VIDEOS),
});
export type UpdateIdleScreenRequest = z.input<typeof ZUpdateIdleScreenRequest>;

/** DELETE /idle_screen: one image or one video of the device (exactly one of the two ids). */
export const ZDeleteIdleScreenRequest = z
  .object({ device_id: ZId, image_id: ZId.optional(), video_id: ZId.optional() })
  .refine((b) => (b.image_id === undefined) !== (b.video_id === undefined), {
    message: rule('image_or_video_id'),
    path: ['image_id'],
  });

/**
 * What a kiosk plays (device config `idle_screen`, and the `interface:idle_screen` socket event):
 * the selected type's items in order, images with their seconds (videos play to their end, so
 * theirs is null), and the seconds without a touch before it starts. No items: no idle loop.
 */
export const ZKioskIdleScreen = z.object({
  media_type: ZIdleMediaType,
  idle_timeout: z.number().int(),
  items: z.array(z.object({ id: z.number().int(), url: z.string(), duration: z.number().int().nullable() })),
});
export type KioskIdleScreen = z.infer<typeof ZKioskIdleScreen>;
export const NO_IDLE_SCREEN: KioskIdleScreen = {
  media_type: 'image',
  idle_timeout: IDLE_TIMEOUT.default,
  items: [],
};
