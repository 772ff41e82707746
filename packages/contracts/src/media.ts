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

export const ZUploadResponse = z.object({
  media_id: z.number().int(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  filename: z.string(),
});
export type UploadResult = z.infer<typeof ZUploadResponse>;
