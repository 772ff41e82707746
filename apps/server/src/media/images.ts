import fs from 'node:fs/promises';
import sharp from 'sharp';
import { AppError } from '../lib/errors.js';

/** Thumbnails fit in THUMB_PX × THUMB_PX; web-sized images in WEB_PX × WEB_PX. */
export const THUMB_PX = 320;
export const WEB_PX = 1600;
/** An original at most WEB_PX wide and high and this small is already fit for the web as it is. */
const WEB_ORIGINAL_MAX_BYTES = 256 * 1024;
/** An animation may hold at most this many times the still image's pixel limit over all its frames. */
const ANIMATION_PIXEL_FACTOR = 10;

/** An image file made from an upload, in the work directory until it is stored. */
export interface MadeImage {
  path: string;
  mime: 'image/webp';
  ext: 'webp';
  width: number;
  height: number;
  size: number;
}

export interface CheckedImage {
  /** As shown: EXIF rotation applied. */
  width: number;
  height: number;
  animated: boolean;
  frames: number;
  thumb: MadeImage;
  /** Null when the original serves as its own web-sized image (small enough, or animated). */
  web: MadeImage | null;
}

export const imageUnreadable = (detail?: string) =>
  new AppError(
    422,
    'image_unreadable',
    `The image could not be read: it is damaged or incomplete${detail ? ` (${detail})` : ''}.`,
  );

const tooManyPixels = (message: string) => new AppError(413, 'image_too_many_pixels', message);

const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;

/**
 * Checks an image by decoding it and makes its thumbnail and web-sized variant (WebP). The pixel
 * count is read from the header first: an image larger than `maxPixels` (a decompression bomb, a
 * small file that unpacks to gigabytes) is refused before anything is decoded, and libvips is
 * told the same limit. An animation's thumbnail is its first frame; the animation itself is served
 * as uploaded (re-encoding every frame costs much and rarely saves).
 */
export async function checkImage(
  file: string,
  { maxPixels, size, workPath }: { maxPixels: number; size: number; workPath: (suffix: string) => string },
): Promise<CheckedImage> {
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch((e: Error) => {
      throw imageUnreadable(e.message);
    });
  const w = meta.width ?? 0;
  const h = meta.pageHeight ?? meta.height ?? 0;
  const frames = meta.pages ?? 1;
  if (w <= 0 || h <= 0) throw imageUnreadable('it has no size');
  if (w * h > maxPixels) {
    throw tooManyPixels(
      `The image is ${w} × ${h} pixels (${megapixels(w * h)}); at most ${megapixels(maxPixels)} are accepted. Make it smaller and upload it again.`,
    );
  }
  if (w * h * frames > maxPixels * ANIMATION_PIXEL_FACTOR) {
    throw tooManyPixels(
      `The animation has ${frames} frames of ${w} × ${h} pixels, too many to play smoothly. Shorten it or make it smaller.`,
    );
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const animated = frames > 1;
  const input = () => sharp(file, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();

  const make = async (px: number, quality: number, suffix: string): Promise<MadeImage> => {
    const out = workPath(suffix);
    const info = await input()
      .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toFile(out)
      .catch((e: Error) => {
        throw imageUnreadable(e.message);
      });
    return {
      path: out,
      mime: 'image/webp',
      ext: 'webp',
      width: info.width,
      height: info.height,
      size: info.size,
    };
  };

  const thumb = await make(THUMB_PX, 75, 'thumb.webp');
  let web: MadeImage | null = null;
  const fitsAlready = Math.max(w, h) <= WEB_PX && size <= WEB_ORIGINAL_MAX_BYTES;
  if (!animated && !fitsAlready) {
    web = await make(WEB_PX, 80, 'web.webp');
    // A copy no smaller than an original that already fits is no help: serve the original.
    if (web.size >= size && Math.max(w, h) <= WEB_PX) {
      await fs.rm(web.path, { force: true });
      web = null;
    }
  }
  return { width: rotated ? h : w, height: rotated ? w : h, animated, frames, thumb, web };
}
