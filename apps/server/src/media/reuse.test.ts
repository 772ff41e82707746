import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarouselBanner, IdleScreen, UploadResult } from '@ambassador/contracts';
import { MEDIA_SWEEP } from '../jobs/housekeeping.js';
import { aiCalls } from '../test/ai.js';
import { backends, multipartFile, multipartFiles, solidPng } from '../test/harness.js';
import { makeVideo } from '../test/media-fixtures.js';
import { projectFixture } from '../test/project.js';
import { S3_SKIP_REASON, startS3Server, type S3TestServer } from '../test/s3-server.js';
import { tusClient } from '../test/tus-client.js';

const HOUR = 3_600_000;

/**
 * One stored file, many uses (issue 39): an image a response shows becomes a banner, an event's
 * video plays on the idle screen, one upload is a banner twice; each use deleted leaves the
 * others theirs, and the file goes with its last use. On a local media folder and in a bucket.
 */
function reuseSuite(kind: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const t = projectFixture(kind, { devices: { lobby: 'Reuse Lobby', hall: 'Reuse Hall' }, env });
  const { admin, devices } = t;
  const { data, category, topic } = aiCalls(t, () => admin);
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const sweep = () => t.app.housekeepingTasks.find((task) => task.name === MEDIA_SWEEP)!.run();
  let work: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-reuse-'));
  });
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  /** A file sent as the console sends it to a banner or the idle screen (resumable), as its media item. */
  const resumable = async (
    content: Buffer,
    device: number,
    mediaKind: 'image' | 'video',
    filename: string,
  ) => {
    const client = tusClient(t.app, admin.headers);
    const created = await client.create(content.length, { device_id: device, kind: mediaKind, filename });
    const done = await client.patch(created.headers.location as string, 0, content);
    expect(done.statusCode).toBe(200);
    return done.json().data as UploadResult;
  };
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/admin_panel${url}`, headers: admin.headers, payload });
  const del = (url: string, payload: object) =>
    t.app.inject({ method: 'DELETE', url: `/admin_panel${url}`, headers: admin.headers, payload });
  const addBanner = (device: number, ids: number[]) =>
    post('/carousel/media', { device_id: device, media_ids: ids });
  const addIdle = (device: number, type: 'image' | 'video', ids: number[]) =>
    post('/idle_screen/media', { device_id: device, media_type: type, media_ids: ids });
  const uploadTo = async (url: string, files: Array<{ name: string; content: Buffer }>) => {
    const body = files.length === 1 ? multipartFile(files[0]!) : multipartFiles(files);
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin_panel${url}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  /** A topic of its own whose answer shows the image at `url`. */
  const showInResponse = async (name: string, url: string) => {
    const cat = await category(name);
    const intent = await topic(name, { category_id: cat.category_id });
    await data('POST', '/ai_config/intents/responses', {
      device_id: 1,
      intent_id: intent.id,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      speech: name,
      contents: [{ type: 'image', url }],
    });
  };

  it('an image a response shows becomes a banner, again after a new upload, and the response keeps it', async () => {
    const png = await solidPng(64, 48, '#cc3366');
    const shown: UploadResult = await uploadTo('/ai_config/upload?device_id=1', [
      { name: 'banner1.png', content: png },
    ]);
    await showInResponse('Opening hours', shown.url);

    // No banner exists; the same picture uploaded for one is taken.
    const lobby = devices.lobby.id;
    const upload = await resumable(png, lobby, 'image', 'banner1.png');
    const first = await addBanner(lobby, [upload.media_id]);
    expect(first.statusCode).toBe(200);
    expect((first.json().data as CarouselBanner[]).map((b) => [b.original_name, b.url])).toEqual([
      ['banner1.png', shown.url],
    ]);
    // Uploaded again, and the response's own upload: banners too, here and on another device.
    const again = await resumable(png, lobby, 'image', 'banner1.png');
    expect((await addBanner(lobby, [again.media_id])).statusCode).toBe(200);
    const hall = await addBanner(devices.hall.id, [shown.media_id]);
    expect(hall.statusCode).toBe(200);

    // Every banner deleted: the response still shows its image, then and after the daily cleanup.
    for (const device of [lobby, devices.hall.id]) {
      const list = (
        await t.app.inject({
          method: 'GET',
          url: `/admin_panel/carousel?device_id=${device}`,
          headers: admin.headers,
        })
      ).json().data as CarouselBanner[];
      for (const b of list)
        expect((await del('/carousel', { device_id: device, image_id: b.image_id })).statusCode).toBe(200);
    }
    expect(await served(shown.url)).toBe(200);
    expect(await served(shown.thumb_url!)).toBe(200);
    t.clock.advance(25 * HOUR);
    await sweep();
    expect(await served(shown.url)).toBe(200);
    await t.signInAgain();
  });

  it('an event’s video plays on the idle screen, and the event keeps it when the item goes', async () => {
    const mp4 = await makeVideo(work, 'welcome.mp4', { video: 'libx264', audio: 'aac', faststart: true });
    const lobby = devices.lobby.id;
    const [video] = (await uploadTo(`/event_manager/upload?device_id=${lobby}`, [
      { name: 'welcome.mp4', content: mp4 },
    ])) as UploadResult[];
    const show = await data('POST', '/event_manager/event', {
      device_id: lobby,
      title: 'Reuse Show',
      languages: ['english'],
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/event_manager/event/${show.id}`,
      headers: admin.headers,
      payload: {
        device_id: lobby,
        flows: { english: [{ type: 'video', key: 'v', repeat_option: 'once', url: video!.url }] },
      },
    });
    expect(saved.statusCode).toBe(200);

    const upload = await resumable(mp4, lobby, 'video', 'welcome.mp4');
    const added = await addIdle(lobby, 'video', [upload.media_id]);
    expect(added.statusCode).toBe(200);
    const item = (added.json().data as IdleScreen).videos.at(-1)!;
    expect(item.url).toBe(video!.url);
    expect((await del('/idle_screen', { device_id: lobby, video_id: item.video_id })).statusCode).toBe(200);
    expect(await served(video!.url)).toBe(200);
    expect(await served(video!.poster_url!)).toBe(200);
  });

  it('a banner whose address a response took keeps its file for the response when deleted', async () => {
    const lobby = devices.lobby.id;
    const upload = await resumable(await solidPng(30, 20, '#224466'), lobby, 'image', 'poster.png');
    const banner = (await addBanner(lobby, [upload.media_id])).json().data as CarouselBanner[];
    await showInResponse('Poster', upload.url);
    expect((await del('/carousel', { device_id: lobby, image_id: banner.at(-1)!.image_id })).statusCode).toBe(
      200,
    );
    expect(await served(upload.url)).toBe(200);
  });

  it('one upload is a banner and an idle image; its file goes with its last use', async () => {
    const lobby = devices.hall.id;
    const png = await solidPng(50, 40, '#118844');
    const upload = await resumable(png, lobby, 'image', 'twice.png');
    const banner = (await addBanner(lobby, [upload.media_id])).json().data as CarouselBanner[];
    const idle = (await addIdle(lobby, 'image', [upload.media_id])).json().data as IdleScreen;
    expect(idle.images.at(-1)!.url).toBe(upload.url);

    expect((await del('/carousel', { device_id: lobby, image_id: banner.at(-1)!.image_id })).statusCode).toBe(
      200,
    );
    expect(await served(upload.url)).toBe(200);
    expect(
      (await del('/idle_screen', { device_id: lobby, image_id: idle.images.at(-1)!.image_id })).statusCode,
    ).toBe(200);
    expect(await served(upload.url)).toBe(404);
    expect(await served(upload.thumb_url!)).toBe(404);
  });
}

describe.each(backends)('one stored file in many places, on %s', (kind) => reuseSuite(kind));

describe.skipIf(!process.env.TEST_DATABASE_URL || S3_SKIP_REASON !== null)(
  'one stored file in many places, in an S3 bucket',
  () => {
    let s3: S3TestServer;
    // Filled before the app starts: the fixture reads its environment then.
    const env: Record<string, string> = {};
    beforeAll(async () => {
      s3 = await startS3Server();
      Object.assign(env, (await s3.bucket('reuse/')).env);
    });
    afterAll(() => s3?.stop());
    reuseSuite('postgres', env);
  },
);
