import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

export { solidPng } from '../../apps/server/src/test/image-fixtures.js';

/**
 * A real video made here with ffmpeg (Debian's, as the server's machine has it): a moving test
 * pattern of `seconds`, as an MP4 (H.264) or a WebM (VP8), the way a phone or an editor saves one.
 */
export async function ffmpegVideo(format: 'mp4' | 'webm', seconds = 2): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-video-'));
  const out = path.join(dir, `clip.${format}`);
  const codec =
    format === 'mp4'
      ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']
      : ['-c:v', 'libvpx', '-b:v', '300k'];
  try {
    await promisify(execFile)('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=320x180:rate=25:duration=${seconds}`,
      ...codec,
      '-an',
      out,
    ]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A floor plan: a light image with two rooms drawn in, as an operator would upload one. */
export async function floorPlan(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#f7f7f2"/>
    <rect x="100" y="450" width="400" height="250" fill="#dde8f7" stroke="#333" stroke-width="6"/>
    <rect x="700" y="100" width="400" height="250" fill="#f7e3dd" stroke="#333" stroke-width="6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
