import sharp from 'sharp';
import type { FaceCheck, FaceRefusal, Point } from '@ambassador/contracts';
import { AppError } from '../../../lib/errors.js';
import type { DetectedFace, FaceDetector } from './detector.js';

/** The detector sees the photo at most this large (its network works at 512 px anyway). */
const DETECT_PX = 800;
/** A second face counts when it is at least this share of the largest one's height. */
const SECOND_FACE_SHARE = 0.4;
/** The face must fill at least this share of the photo's height, and this many pixels. */
export const MIN_FACE_SHARE = 0.15;
export const MIN_FACE_PX = 100;
/** Mean luminance (0–255) of the face below which it is too dark to animate well. */
export const MIN_BRIGHTNESS = 60;
/** Degrees of turn (yaw) and tilt (roll) past which the face is not frontal enough. */
export const MAX_YAW = 25;
export const MAX_ROLL = 20;
/**
 * Share of the face's pixels (seen at 64 × 64) whose neighbours have exactly the same colour: a
 * photograph's light and grain make it small; a flat-shaded drawing or cartoon makes it large.
 */
export const MAX_FLAT_SHARE = 0.35;

const REFUSALS: Record<FaceRefusal, { status: number; message: string }> = {
  no_face: {
    status: 422,
    message:
      'No face was found in this photo. Take a photo facing the camera, with the whole face visible and nothing covering it.',
  },
  several_faces: {
    status: 422,
    message: 'This photo shows more than one face. Take a photo of one person alone.',
  },
  face_too_small: {
    status: 422,
    message: 'The face is too small in this photo. Come closer, or crop the photo to head and shoulders.',
  },
  face_too_dark: {
    status: 422,
    message:
      'The face is too dark. Take the photo facing a window or a lamp, without bright light behind the person.',
  },
  face_not_frontal: {
    status: 422,
    message: 'The face is turned away or tilted. Look straight into the camera with the head upright.',
  },
  face_cartoon: {
    status: 422,
    message: 'This looks like a drawing or cartoon, not a photo. Use a real photograph of a person.',
  },
};

export const faceRefused = (code: FaceRefusal, detail?: string) =>
  new AppError(
    REFUSALS[code].status,
    code,
    detail ? `${REFUSALS[code].message} (${detail})` : REFUSALS[code].message,
  );

const mean = (pts: Point[]): Point => [
  pts.reduce((s, p) => s + p[0], 0) / pts.length,
  pts.reduce((s, p) => s + p[1], 0) / pts.length,
];
const deg = (rad: number) => (rad * 180) / Math.PI;

/** Turn and tilt of a face from its landmarks, in degrees. */
export function headPose(landmarks: Point[]) {
  const left = mean(landmarks.slice(36, 42));
  const right = mean(landmarks.slice(42, 48));
  const roll = deg(Math.atan2(right[1] - left[1], right[0] - left[0]));
  // The nose tip's place between the jaw's two sides: at the middle when the face looks ahead.
  const jawL = landmarks[0]!;
  const jawR = landmarks[16]!;
  const nose = landmarks[30]!;
  const half = Math.hypot(jawR[0] - jawL[0], jawR[1] - jawL[1]) / 2;
  const mid: Point = [(jawL[0] + jawR[0]) / 2, (jawL[1] + jawR[1]) / 2];
  const along =
    ((nose[0] - mid[0]) * (jawR[0] - jawL[0]) + (nose[1] - mid[1]) * (jawR[1] - jawL[1])) / (2 * half);
  const yaw = deg(Math.asin(Math.max(-1, Math.min(1, along / (half * 0.85)))));
  return { yaw, roll };
}

/** The share of flat pixels in a region (see MAX_FLAT_SHARE), and its mean luminance. */
async function regionStats(file: string, box: { left: number; top: number; width: number; height: number }) {
  const side = 64;
  const { data } = await sharp(file)
    .rotate()
    .extract(box)
    .resize(side, side, { fit: 'fill', kernel: 'cubic' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let flat = 0;
  let luma = 0;
  let counted = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      luma += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      if (x === side - 1 || y === side - 1) continue;
      counted++;
      const r = i + 3;
      const d = i + side * 3;
      let same = true;
      for (let c = 0; c < 3; c++)
        if (data[i + c] !== data[r + c] || data[i + c] !== data[d + c]) same = false;
      if (same) flat++;
    }
  }
  return { flatShare: flat / counted, brightness: luma / (side * side) };
}

/**
 * Finds and checks the face of a portrait: exactly one face, large enough, lit enough, frontal
 * enough, and a photograph rather than a drawing. Throws the refusal (its code says which, its
 * message how to retake the photo); answers the face in the photo's pixels (EXIF rotation applied).
 */
export async function checkFace(
  file: string,
  detector: FaceDetector,
): Promise<FaceCheck & { width: number; height: number }> {
  const rotated = sharp(file).rotate();
  const meta = await sharp(file).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  const scale = Math.min(1, DETECT_PX / Math.max(width, height));
  const { data, info } = await rotated
    .resize(Math.round(width * scale), Math.round(height * scale), { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const faces: DetectedFace[] = await detector.detect(new Uint8Array(data), info.width, info.height);
  if (faces.length === 0) throw faceRefused('no_face');
  const largest = faces.reduce((a, b) => (b.box.height > a.box.height ? b : a));
  const others = faces.filter((f) => f !== largest && f.box.height >= largest.box.height * SECOND_FACE_SHARE);
  if (others.length > 0) throw faceRefused('several_faces', `${others.length + 1} faces found`);

  const up = (v: number) => v / scale;
  const landmarks = largest.landmarks.map(([x, y]) => [up(x), up(y)] as Point);
  const box = {
    x: up(largest.box.x),
    y: up(largest.box.y),
    width: up(largest.box.width),
    height: up(largest.box.height),
  };
  const faceHeight = box.height / height;
  if (faceHeight < MIN_FACE_SHARE || box.height < MIN_FACE_PX) {
    throw faceRefused(
      'face_too_small',
      `the face is ${Math.round(box.height)} pixels high, ${Math.round(faceHeight * 100)}% of the photo`,
    );
  }
  const { yaw, roll } = headPose(landmarks);
  if (Math.abs(yaw) > MAX_YAW || Math.abs(roll) > MAX_ROLL) {
    throw faceRefused('face_not_frontal', `turned ${Math.round(yaw)}°, tilted ${Math.round(roll)}°`);
  }
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.round(box.width))),
    height: Math.max(1, Math.min(height - top, Math.round(box.height))),
  };
  const { flatShare, brightness } = await regionStats(file, region);
  if (brightness < MIN_BRIGHTNESS) {
    throw faceRefused('face_too_dark', `brightness ${Math.round(brightness)} of 255`);
  }
  if (flatShare > MAX_FLAT_SHARE) throw faceRefused('face_cartoon');
  return {
    box,
    score: largest.score,
    landmarks,
    face_height: faceHeight,
    brightness,
    yaw,
    roll,
    width,
    height,
  };
}
