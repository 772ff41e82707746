import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  ADMIN,
  backends,
  login,
  multipartFile,
  solidPng,
  storedFiles,
  suiteApp,
  type Session,
  type TestApp,
} from '../test/harness.js';
import { projectFixture } from '../test/project.js';
import { animatedGif, makeVideo, noisyJpeg, pngBomb, withBigMetadata } from '../test/media-fixtures.js';
import { media as mediaTable } from '../db/schema.js';
import { createMediaStore, mediaLimitsOf, type SaveOptions } from './store.js';
import { createVideoTools } from './video.js';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** The media store of a suite's app: the same directory, database, clock and configuration. */
const storeOf = (t: TestApp) =>
  createMediaStore({
    dir: t.config.mediaDir,
    db: t.database.db,
    clock: t.clock,
    limits: mediaLimitsOf(t.config),
    video: createVideoTools({ ffprobe: t.config.FFPROBE_PATH, ffmpeg: t.config.FFMPEG_PATH }),
  });

/** Uploads one image as the console does (the AI response image upload). */
async function uploadImage(t: TestApp, admin: Session, name: string, content: Buffer) {
  const body = multipartFile({ name, content, type: 'image/png' });
  return t.app.inject({
    method: 'POST',
    url: '/admin_panel/ai_config/upload?device_id=1',
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe.each(backends)('the media pipeline on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  let work: string;
  let store: ReturnType<typeof storeOf>;
  const save = (content: Buffer, opts: Partial<SaveOptions> & { originalName: string }) =>
    store.save(Readable.from([content]), { projectId: admin.projectId, userId: admin.userId, ...opts });

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-media-'));
    store = storeOf(t);
  });
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  it('makes a thumbnail and a web-sized copy of a photo, and records its size', async () => {
    const photo = await noisyJpeg(2400, 1800);
    const res = await uploadImage(t, admin, 'lobby photo 大堂.jpg', photo);
    expect(res.statusCode).toBe(200);
    const up = res.json().data;
    expect(up).toMatchObject({
      kind: 'image',
      mime: 'image/jpeg',
      width: 2400,
      height: 1800,
      size: photo.length,
    });
    expect(up.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    for (const [url, w, h] of [
      [up.thumb_url, 320, 240],
      [up.web_url, 1600, 1200],
    ] as const) {
      expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      const served = await get(t, url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: w,
        height: h,
      });
    }
    const original = await get(t, up.url);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(photo)).toBe(true);
  });

  it('stores identical uploads once: same address, one file, a row each', async () => {
    const png = await solidPng(64, 48, '#123456');
    const first = (await uploadImage(t, admin, 'a.png', png)).json().data;
    const files = await storedFiles(t.config.mediaDir);
    const second = (await uploadImage(t, admin, 'b.png', png)).json().data;
    expect(second.url).toBe(first.url);
    expect(second.media_id).not.toBe(first.media_id);
    expect(await storedFiles(t.config.mediaDir)).toEqual(files);
    // Small enough already: the original is its own web-sized image.
    expect(first.web_url).toBe(first.url);
    expect(first.thumb_url).not.toBe(first.url);
  });

  it('keeps an animated GIF as it is, with a still thumbnail', async () => {
    const gif = await animatedGif(120, 90, 4);
    const up = await save(gif, { originalName: 'spinner.gif', kind: 'image' });
    expect(up).toMatchObject({ mime: 'image/gif', width: 120, height: 90 });
    expect(up.web_url).toBe(up.url);
    const thumb = await sharp((await get(t, up.thumb_url!)).rawPayload).metadata();
    expect(thumb.pages ?? 1).toBe(1);
    const [row] = await t.database.db.select().from(mediaTable).where(eq(mediaTable.id, up.media_id));
    expect(row!.info).toEqual({ animated: true, frames: 4 });
  });

  it('refuses a 200-megapixel image before decoding it, and a file that is not what its name says', async () => {
    const before = await storedFiles(t.config.mediaDir);
    const bomb = pngBomb(20_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await uploadImage(t, admin, 'poster.png', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: 'image_too_many_pixels',
      message: expect.stringMatching(/20000 × 10000 pixels \(200 megapixels\); at most 50 megapixels/),
    });
    const html = await uploadImage(t, admin, 'banner.png', HTML);
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toBe('unsupported_type');
    // A program renamed .mp4 is not a video.
    const program = (await fs.readFile(process.execPath)).subarray(0, 64 * 1024);
    await expect(save(program, { originalName: 'promo.mp4', kind: 'video' })).rejects.toMatchObject({
      status: 415,
      code: 'unsupported_type',
      message: expect.stringMatching(/not an MP4 or WebM video \(its content is application\/x-elf\)/),
    });
    // An image where a video is asked for, and a video where an image is.
    await expect(save(HTML, { originalName: 'x.webm', kind: 'video' })).rejects.toMatchObject({
      code: 'unsupported_type',
    });
    expect(await storedFiles(t.config.mediaDir)).toEqual(before);
    expect(await fs.readdir(path.join(t.config.mediaDir, '.incoming'))).toEqual([]);
  });

  it('accepts an H.264/AAC MP4 and a VP9/Opus WebM with their length, poster and thumbnail', async () => {
    const mp4 = await makeVideo(work, 'clip.mp4', { video: 'libx264', audio: 'aac' });
    const webm = await makeVideo(work, 'clip.webm', { video: 'libvpx-vp9', audio: 'libopus' });
    for (const [file, mime, codecs] of [
      [mp4, 'video/mp4', { video_codec: 'h264', audio_codec: 'aac' }],
      [webm, 'video/webm', { video_codec: 'vp9', audio_codec: 'opus' }],
    ] as const) {
      const up = await save(file, { originalName: `clip 影片.${mime.slice(6)}`, kind: 'video' });
      expect(up).toMatchObject({ kind: 'video', mime, width: 320, height: 240, web_url: null });
      expect(up.duration_ms).toBeGreaterThanOrEqual(1900);
      expect(up.duration_ms).toBeLessThanOrEqual(2100);
      const poster = await get(t, up.poster_url!);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ width: 320, height: 240 });
      expect((await get(t, up.thumb_url!)).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(mediaTable).where(eq(mediaTable.id, up.media_id));
      expect(row!.info).toMatchObject(codecs);
      const served = await get(t, up.url);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(file)).toBe(true);
    }
  });

  it('refuses a video a kiosk cannot play, and a truncated MP4, with typed errors', async () => {
    const before = await storedFiles(t.config.mediaDir);
    const mpeg4 = await makeVideo(work, 'old.mp4', { video: 'mpeg4', audio: 'aac' });
    await expect(save(mpeg4, { originalName: 'old.mp4', kind: 'video' })).rejects.toMatchObject({
      status: 422,
      code: 'video_not_playable',
      message: expect.stringMatching(/its picture is MPEG4\. Export it as H\.264 video with AAC sound/),
    });
    const mp3Sound = await makeVideo(work, 'mp3.mp4', { video: 'libx264', audio: 'libmp3lame' });
    await expect(save(mp3Sound, { originalName: 'mp3.mp4', kind: 'video' })).rejects.toMatchObject({
      code: 'video_not_playable',
      message: expect.stringMatching(/its sound is MP3/),
    });
    // Cut short: index at the end (lost), and index first (the data ends early).
    const plain = await makeVideo(work, 'plain.mp4', { video: 'libx264', audio: 'aac' });
    const fast = await makeVideo(work, 'fast.mp4', { video: 'libx264', audio: 'aac', faststart: true });
    for (const whole of [plain, fast]) {
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
      await expect(save(cut, { originalName: 'cut.mp4', kind: 'video' })).rejects.toMatchObject({
        status: 422,
        code: 'video_truncated',
      });
    }
    expect(await storedFiles(t.config.mediaDir)).toEqual(before);
  });

  it('takes a video whose tags hold megabytes (a 2 MB comment), reading only what it checks', async () => {
    await makeVideo(work, 'tagged.mp4', { video: 'libx264', audio: 'aac' });
    const tagged = await withBigMetadata(work, path.join(work, 'tagged.mp4'), 2_000_000);
    expect(tagged.length).toBeGreaterThan(2_000_000);
    const up = await save(tagged, { originalName: 'tagged.mp4', kind: 'video' });
    expect(up).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 320, height: 240 });
  });

  it('answers byte ranges so a video can seek, with types and cache headers that never change', async () => {
    const mp4 = await makeVideo(work, 'seek.mp4', { video: 'libx264', audio: 'aac', faststart: true });
    const up = await save(mp4, { originalName: 'seek.mp4', kind: 'video' });
    const part = await get(t, up.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const tail = await get(t, up.url, { range: 'bytes=-50' });
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 50))).toBe(true);
    const past = await get(t, up.url, { range: `bytes=${mp4.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4.length}`);
    const whole = await get(t, up.url);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(whole.headers['content-security-policy']).toContain('sandbox');
    expect((await get(t, up.url, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    expect((await get(t, `/media/${'0'.repeat(64)}.mp4`)).statusCode).toBe(404);
    expect((await get(t, '/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});

describe('without ffmpeg', () => {
  const t = suiteApp('pglite', {
    FFPROBE_PATH: '/nonexistent/ffprobe',
    FFMPEG_PATH: '/nonexistent/ffmpeg',
  });

  it('the server starts, images still upload, and videos are refused saying why', async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    expect((await get(t, '/healthz')).statusCode).toBe(200);
    expect((await uploadImage(t, admin, 'ok.png', await solidPng(8, 8, '#00ff00'))).statusCode).toBe(200);
    const store = storeOf(t);
    expect(await store.video.status()).toBe('/nonexistent/ffprobe is not installed');
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-media-'));
    try {
      const mp4 = await makeVideo(work, 'clip.mp4', { video: 'libx264' });
      await expect(
        store.save(Readable.from([mp4]), {
          projectId: admin.projectId,
          userId: admin.userId,
          originalName: 'clip.mp4',
          kind: 'video',
        }),
      ).rejects.toMatchObject({
        status: 503,
        code: 'video_checks_unavailable',
        message: expect.stringMatching(/install ffmpeg/),
      });
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
