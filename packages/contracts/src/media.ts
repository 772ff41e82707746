import { z } from 'zod';
import { ZId } from './common.js';
import { DOCUMENT_TYPES, DOCUMENT_UPLOAD_MAX_BYTES } from './documents.js';

/**
 * The media pipeline's kinds: what each accepts (decided from the file's bytes, never its name) and
 * how large it may be by default. A server may lower or raise the limits by configuration.
 */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const VIDEO_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
/** Containers a kiosk's browser plays; the codecs inside are checked by the server when it can. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

/** `document`: the files document scanning reads (documents.ts DOCUMENT_TYPES); no variants. */
export const MEDIA_KINDS = ['image', 'video', 'document'] as const;
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

/** What each kind accepts and how large it may be, by default (a server may configure its own). */
export const MEDIA_KIND_LIMITS: Record<MediaKind, { maxBytes: number; accept: readonly string[] }> = {
  image: { maxBytes: IMAGE_UPLOAD_MAX_BYTES, accept: IMAGE_TYPES },
  video: { maxBytes: VIDEO_UPLOAD_MAX_BYTES, accept: VIDEO_TYPES },
  document: { maxBytes: DOCUMENT_UPLOAD_MAX_BYTES, accept: DOCUMENT_TYPES },
};

/**
 * Resumable uploads (tus 1.0: core, creation, termination, expiration) under /admin_panel: a large
 * file goes up in chunks, and a dropped connection or a restarted server only costs the chunk in
 * flight. POST creates an upload, HEAD tells how much arrived, PATCH sends the next chunk, DELETE
 * abandons it; when the last byte arrives the file is checked and stored as a media item.
 */
export const RESUMABLE_UPLOADS_PATH = '/media/uploads';
/** Pages whose content carries media: a caller who may open one of them may upload. */
export const MEDIA_UPLOAD_PAGES = ['/ai', '/event', '/interface', '/message'] as const;
/** The tus protocol version spoken (the `Tus-Resumable` header of every request and answer). */
export const TUS_VERSION = '1.0.0';
/** Bytes per PATCH the console sends: a dropped connection loses at most this much. */
export const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;
/** An upload not finished this long after it was created is deleted with what arrived of it. */
export const RESUMABLE_UPLOAD_EXPIRY_HOURS = 24;

/**
 * `Upload-Metadata` of a creation (each value base64, as tus sends it): the device the upload is
 * for (one of the caller's project), its kind (which decides its limit and the types it accepts)
 * and the file's name, kept as a label.
 */
export const ZResumableUploadMetadata = z.object({
  device_id: ZId,
  kind: ZMediaKind,
  filename: z.string().trim().min(1).max(255),
});
export type ResumableUploadMetadata = z.input<typeof ZResumableUploadMetadata>;

/** An upload's id, as the creation's `Location` names it. */
export const ZResumableUploadParams = z.object({
  upload_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .describe('From the `Location` header of the creation'),
});

/** The headers of a tus request, as the contract of each route shows them. */
export const ZTusHeaders = z.looseObject({
  'tus-resumable': z.literal(TUS_VERSION).optional().describe(`Required: ${TUS_VERSION}`),
});
