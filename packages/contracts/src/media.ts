import { z } from 'zod';

/**
 * The media pipeline's kinds: what each accepts (decided from the file's bytes, never its name) and
 * how large it may be by default. A server may lower or raise the limits by configuration.
 */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const VIDEO_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
/** Containers a kiosk's browser plays; the codecs inside are checked by the server when it can. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

export const MEDIA_KINDS = ['image', 'video'] as const;
export const ZMediaKind = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof ZMediaKind>;

/**
 * A stored upload: the original's address and checked type, its size in pixels (and a video's
 * length), and the addresses of the copies the server made: a thumbnail (at most 320 px), a
 * web-sized image (at most 1,600 px; the original when small enough or animated) and a video's
 * poster frame. Addresses name content, so they never change what they show.
 */
export const ZUploadResponse = z.object({
  media_id: z.number().int(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  filename: z.string(),
  kind: ZMediaKind,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  thumb_url: z.string().nullable(),
  web_url: z.string().nullable(),
  poster_url: z.string().nullable(),
});
export type UploadResult = z.infer<typeof ZUploadResponse>;
