import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_SWEEP } from '../jobs/housekeeping.js';
import { media } from '../db/schema.js';
import { aiCalls } from '../test/ai.js';
import { backends, multipartFile, solidPng, storedFiles, type TestApp } from '../test/harness.js';
import { projectFixture } from '../test/project.js';
import { makeVideo, noisyJpeg } from '../test/media-fixtures.js';
import { createDevice } from '../test/sockets.js';
import { createMediaStore, mediaLimitsOf, type SavedMedia } from './store.js';
import { createVideoTools } from './video.js';

const HOUR = 3_600_000;

const served = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
/** Every address a saved medium answers at: the original and its variants. */
const addresses = (m: SavedMedia) => [
  ...new Set([m.url, m.thumb_url, m.web_url, m.poster_url].filter((u): u is string => !!u)),
];

describe.each(backends)('deleting media nothing uses, on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const { data, category, topic } = aiCalls(t, () => admin);
  const sweep = () => t.app.housekeepingTasks.find((task) => task.name === MEDIA_SWEEP)!.run();

  const upload = async (url: string, name: string, content: Buffer, field = 'file') => {
    const body = multipartFile({ name, content, type: 'image/png', field });
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin_panel${url}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  let work: string;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-sweep-'));
  });
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  it('keeps what responses, pushes and carousels use, deletes the rest after 24 hours', async () => {
    const store = createMediaStore({
      dir: t.config.mediaDir,
      db: t.database.db,
      clock: t.clock,
      limits: mediaLimitsOf(t.config),
      video: createVideoTools({ ffprobe: t.config.FFPROBE_PATH, ffmpeg: t.config.FFMPEG_PATH }),
    });
    const image = (name: string, color: string) =>
      solidPng(40, 30, color).then((png) => upload('/ai_config/upload?device_id=1', name, png));

    // Used: in a response's contents, by the address of its web-sized copy in a card.
    const inResponse = await image('menu.png', '#aa0000');
    const photo = await upload('/ai_config/upload?device_id=1', 'hall.jpg', await noisyJpeg(2000, 1500));
    const cat = await category('Dining');
    const restaurants = await topic('Restaurants', { category_id: cat.category_id });
    await data('POST', '/ai_config/intents/responses', {
      device_id: 1,
      intent_id: restaurants.id,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      speech: 'Our restaurants.',
      contents: [
        { type: 'image', url: inResponse.url },
        {
          type: 'cards',
          cards: [{ id: 'c1', title: 'Hall', description: '', image_url: photo.web_url, buttons: [] }],
        },
      ],
    });
    // Used: a push's image.
    const device = await createDevice(t.app, admin, 'Sweep Kiosk');
    const inPush = await upload('/video_call/push/upload', 'sale.png', await solidPng(40, 30, '#00aa00'));
    const push = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/video_call/push',
      headers: admin.headers,
      payload: { device_ids: [device.id], texts: { english: 'Sale' }, image_url: inPush.url },
    });
    expect(push.statusCode).toBe(200);
    // Used: a carousel banner (by id).
    const banners = await upload(
      `/carousel/upload?device_id=${device.id}`,
      'spring.png',
      await solidPng(40, 30, '#0000aa'),
      'files',
    );
    const banner = (await t.database.db.select().from(media).orderBy(media.id)).at(-1)!;
    expect(banners[0].url).toBe(`/media/${banner.filename}`);

    // Unused: an image, and a video (with its poster and thumbnail).
    const unused = await image('draft.png', '#dddddd');
    const mp4 = await makeVideo(work, 'unused.mp4', { video: 'libx264', audio: 'aac' });
    const video = await store.save(Readable.from([mp4]), {
      projectId: admin.projectId,
      userId: admin.userId,
      originalName: 'unused.mp4',
      kind: 'video',
    });

    // Files from before the pipeline: random names straight under the media folder.
    const legacy = async (used: boolean) => {
      const filename = `${randomUUID()}.png`;
      const png = await solidPng(10, 10, used ? '#111111' : '#222222');
      await fs.writeFile(path.join(t.config.mediaDir, filename), png);
      const [row] = await t.database.db
        .insert(media)
        .values({
          projectId: admin.projectId,
          filename,
          originalName: 'old.png',
          mime: 'image/png',
          size: png.length,
          createdAt: t.clock.now(),
        })
        .returning();
      return row!;
    };
    const oldUsed = await legacy(true);
    const oldUnused = await legacy(false);
    expect(await served(t, `/media/${oldUsed.filename}`)).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/admin_panel/video_call/push',
      headers: admin.headers,
      payload: {
        device_ids: [device.id],
        texts: { english: 'Old' },
        image_url: `/media/${oldUsed.filename}`,
      },
    });

    // Within the grace period nothing goes, used or not.
    expect(await sweep()).toEqual({ media: 0, blobs: 0 });
    t.clock.advance(25 * HOUR);
    await t.signInAgain(); // a day later: signed in again
    // Uploaded just now: still within its grace period, though nothing uses it yet.
    const fresh = await image('fresh.png', '#abcdef');
    const result = (await sweep()) as { media: number; blobs: number };
    expect(result.media).toBe(3); // unused, video, oldUnused

    const ids = new Set((await t.database.db.select({ id: media.id }).from(media)).map((r) => r.id));
    for (const kept of [inResponse, photo, inPush, fresh]) expect(ids.has(kept.media_id)).toBe(true);
    expect(ids.has(banner.id)).toBe(true);
    expect(ids.has(oldUsed.id)).toBe(true);
    for (const gone of [unused, video]) expect(ids.has(gone.media_id)).toBe(false);
    expect(ids.has(oldUnused.id)).toBe(false);

    // Their files are gone, variants included.
    for (const url of [...addresses(unused), ...addresses(video)]) expect(await served(t, url)).toBe(404);
    expect(await served(t, `/media/${oldUnused.filename}`)).toBe(404);
    for (const m of [inResponse, photo, inPush, fresh]) {
      for (const url of addresses(m)) expect(await served(t, url)).toBe(200);
    }
    expect(await served(t, `/media/${oldUsed.filename}`)).toBe(200);
    // Every stored file is one a row names.
    const rows = await t.database.db.select({ filename: media.filename, files: media.files }).from(media);
    const named = new Set(rows.flatMap((r) => [r.filename, ...r.files]));
    expect((await storedFiles(t.config.mediaDir)).filter((f) => !named.has(f))).toEqual([]);
  });

  it('deletes a banner’s image once the banner is gone, and keeps blobs another row holds', async () => {
    await t.signInAgain();
    const device = await createDevice(t.app, admin, 'Banner Kiosk');
    const png = await solidPng(50, 20, '#fedcba');
    const [banner] = await upload(`/carousel/upload?device_id=${device.id}`, 'a.png', png, 'files');
    const same = await upload('/ai_config/upload?device_id=1', 'same.png', png);
    expect(same.url).toBe(banner.url);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/admin_panel/carousel',
      headers: admin.headers,
      payload: { device_id: device.id, image_id: banner.image_id },
    });
    expect(res.statusCode).toBe(200);
    // The other upload of the same bytes still holds the file.
    expect(await served(t, banner.url)).toBe(200);
    t.clock.advance(25 * HOUR);
    await sweep();
    expect(await served(t, banner.url)).toBe(404);
  });
});
