import type { MediaKind } from '@ambassador/contracts';
import type { MediaVariants } from '../db/schema.js';

/** The address of a stored file: content-addressed blobs and older uploads alike. */
export const mediaUrl = (file: string) => `/media/${file}`;

/**
 * The addresses of a media row and its variants, for any area that lists its media: the original,
 * a thumbnail (320 px), a web-sized image (1,600 px; the original when it is small enough or
 * animated) and a video's poster frame. Uploads from before the media pipeline have no variants:
 * their thumbnail and web-sized image are the original itself.
 */
export function mediaUrls(row: { filename: string; kind: MediaKind; variants: MediaVariants }) {
  const url = mediaUrl(row.filename);
  const v = row.variants;
  const image = row.kind === 'image';
  return {
    url,
    thumb_url: v.thumb ? mediaUrl(v.thumb.file) : image ? url : null,
    web_url: v.web ? mediaUrl(v.web.file) : image ? url : null,
    poster_url: v.poster ? mediaUrl(v.poster.file) : null,
  };
}
