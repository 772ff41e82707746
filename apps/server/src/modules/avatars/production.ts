import sharp from 'sharp';
import type { FaceCheck, Point } from '@ambassador/contracts';
import type { AvatarModelData } from '../../db/schema.js';

/** The texture's longest side: sharp on a kiosk's screen at full height, a few hundred KB as WebP. */
export const TEXTURE_PX = 1024;

const hex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * The head-and-shoulders crop of a portrait around its face: about 2.8 face widths wide, 4:5, with
 * the eyes a little above the middle; clamped to the photo (a tight photo keeps its own edges).
 */
export function portraitCrop(face: FaceCheck, width: number, height: number) {
  const xs = face.landmarks.map((p) => p[0]);
  const ys = face.landmarks.map((p) => p[1]);
  const faceW = Math.max(...xs) - Math.min(...xs);
  const faceH = Math.max(...ys) - Math.min(...ys);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cropW = Math.min(width, Math.max(faceW * 2.8, faceH * 2.2));
  const cropH = Math.min(height, cropW * 1.25);
  const eyesY = (face.landmarks[37]![1] + face.landmarks[44]![1]) / 2;
  let left = Math.round(cx - cropW / 2);
  let top = Math.round(eyesY - cropH * 0.36);
  left = Math.max(0, Math.min(width - Math.round(cropW), left));
  top = Math.max(0, Math.min(height - Math.round(cropH), top));
  return { left, top, width: Math.round(cropW), height: Math.round(cropH) };
}

async function meanColour(
  file: string,
  region: { left: number; top: number; width: number; height: number },
) {
  const stats = await sharp(file)
    .rotate()
    .extract({
      left: Math.max(0, Math.round(region.left)),
      top: Math.max(0, Math.round(region.top)),
      width: Math.max(1, Math.round(region.width)),
      height: Math.max(1, Math.round(region.height)),
    })
    .removeAlpha()
    .stats();
  return stats.channels.slice(0, 3).map((c) => c.mean);
}

/**
 * Produces an avatar's model from its photo and checked face: the texture (the crop, sized for the
 * player, WebP), the landmarks moved into the texture's pixels, and colours sampled from the face
 * (skin between the eyes and the mouth for the eyelids, the lips, and the mouth's inside, darker).
 */
export async function produceModel(file: string, face: FaceCheck & { width: number; height: number }) {
  const crop = portraitCrop(face, face.width, face.height);
  const scale = Math.min(1, TEXTURE_PX / Math.max(crop.width, crop.height));
  const width = Math.round(crop.width * scale);
  const height = Math.round(crop.height * scale);
  const texture = await sharp(file)
    .rotate()
    .extract(crop)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .webp({ quality: 86 })
    .toBuffer();
  const landmarks = face.landmarks.map(
    ([x, y]) => [(x - crop.left) * scale, (y - crop.top) * scale] as Point,
  );
  const L = face.landmarks;
  const cheekW = Math.abs(L[48]![0] - L[31]![0]) * 0.6;
  const skinRgb = await meanColour(file, {
    left: L[31]![0] - cheekW * 2.2,
    top: L[29]![1],
    width: cheekW,
    height: Math.max(2, (L[33]![1] - L[29]![1]) * 0.8),
  });
  const lipRgb = await meanColour(file, {
    left: L[57]![0] - 4,
    top: L[66]![1] + (L[57]![1] - L[66]![1]) * 0.2,
    width: 8,
    height: Math.max(2, (L[57]![1] - L[66]![1]) * 0.6),
  });
  const model: AvatarModelData = {
    width,
    height,
    landmarks,
    colors: {
      skin: hex(skinRgb),
      lip: hex(lipRgb),
      mouth: hex(lipRgb.map((v) => v * 0.28)),
    },
    crop,
  };
  return { texture, model };
}
