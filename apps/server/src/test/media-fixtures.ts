import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const run = promisify(execFile);

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid black-and-white PNG of `width` × `height` pixels, all black: a decompression bomb (200
 * megapixels fit in about 25 KB). Made row by row, never as a bitmap in memory.
 */
export function pngBomb(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo-like JPEG (noise compresses badly, as photos do). */
export const noisyJpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

/** An animated GIF of `frames` frames of different colours. */
export async function animatedGif(width: number, height: number, frames: number) {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({
        create: { width, height, channels: 4, background: { r: (i * 80) % 256, g: 40, b: 200, alpha: 1 } },
      })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(pages), {
    raw: { width, height: height * frames, channels: 4, pageHeight: height },
  })
    .gif({ delay: pages.map(() => 200) })
    .toBuffer();
}

/**
 * A two-second test video made with ffmpeg (a test pattern and a tone), as `codecs` says:
 * `['libx264', 'aac']` in MP4, `['libvpx-vp9', 'libopus']` in WebM…
 */
/** The same video with a tag of `bytes` characters (a 2 MB comment made ffprobe's output unreadable). */
export async function withBigMetadata(dir: string, file: string, bytes: number) {
  const meta = path.join(dir, 'meta.txt');
  await fs.writeFile(meta, `;FFMETADATA1\ncomment=${'x'.repeat(bytes)}\n`);
  const out = path.join(dir, `meta-${path.basename(file)}`);
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-i',
      file,
      '-i',
      meta,
      '-map_metadata',
      '1',
      '-c',
      'copy',
      '-movflags',
      'use_metadata_tags',
      out,
    ],
    { timeout: 60_000 },
  );
  return fs.readFile(out);
}

export async function makeVideo(
  dir: string,
  name: string,
  { video, audio, faststart = false }: { video: string; audio?: string; faststart?: boolean },
) {
  const out = path.join(dir, name);
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=2',
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', audio] : []),
    '-c:v',
    video,
    // 8-bit 4:2:0, as cameras and editors export (the test pattern alone would make 4:4:4).
    ...(video === 'mpeg4' ? [] : ['-pix_fmt', 'yuv420p']),
    ...(video === 'libvpx-vp9' ? ['-b:v', '300k'] : []),
    ...(faststart ? ['-movflags', '+faststart'] : []),
    '-shortest',
    out,
  ];
  await run('ffmpeg', args, { timeout: 60_000 });
  return fs.readFile(out);
}
