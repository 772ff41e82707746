import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES, SOCKET, type IdleScreen, type KioskIdleScreen } from '@ambassador/contracts';
import { TINY_PNG, backends, multipartFiles, type Session } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { closeSockets, connected, deviceSocket, nextMessage } from '../../test/sockets.js';
import { media } from '../../db/schema.js';
import { makeVideo } from '../../test/media-fixtures.js';
import { tusClient } from '../../test/tus-client.js';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
/** A Windows program: what a "video" from a bad source may really be. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);

type File = { name: string; content: Buffer; type?: string };

// Real videos (ffmpeg, which .ci/run installs): the media pipeline decodes what it accepts.
let TINY_MP4: Buffer;
let TINY_WEBM: Buffer;
beforeAll(async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'idle-videos-'));
  TINY_MP4 = await makeVideo(dir, 'tour.mp4', { video: 'libx264', audio: 'aac', faststart: true });
  TINY_WEBM = await makeVideo(dir, 'night.webm', { video: 'libvpx', audio: 'libopus' });
  await fs.rm(dir, { recursive: true, force: true });
}, 120_000);

describe.each(backends)('idle screen on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Idle Lobby Kiosk' },
    other: { foreign: 'Foreign Idle Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, foreign } = t.devices;
  afterEach(() => closeSockets());

  const upload = (
    deviceId: number,
    mediaType: 'image' | 'video' | null,
    files: File[],
    { s = admin, fields = {} }: { s?: Session; fields?: Record<string, string> } = {},
  ) => {
    const body = multipartFiles(files, fields);
    const query = mediaType ? `&media_type=${mediaType}` : '';
    return t.app.inject({
      method: 'POST',
      url: `/admin_panel/idle_screen?device_id=${deviceId}${query}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const screen = async (deviceId: number, s = admin): Promise<IdleScreen> => {
    const res = await call('GET', `/idle_screen?device_id=${deviceId}`, undefined, s);
    if (res.statusCode !== 200) throw new Error(`idle_screen: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const kioskIdle = async (key: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${key}` },
    });
    return res.json().data.idle_screen as KioskIdleScreen;
  };
  /** The whole idle screen as PUT takes it, with changes. */
  const asUpdate = (s: IdleScreen, change: Partial<Record<string, unknown>> = {}) => ({
    device_id: lobby.id,
    media_type_selected: s.media_type_selected,
    idle_timeout: s.idle_timeout,
    images: s.images.map((i) => ({ image_id: i.image_id, duration: i.duration })),
    videos: s.videos.map((v) => ({ video_id: v.video_id })),
    ...change,
  });
  const stored = async () => [
    (await fs.readdir(t.config.mediaDir)).filter((f) => f !== '.incoming').length,
    (await t.database.db.select({ id: media.id }).from(media)).length,
  ];
  const clear = async (deviceId: number) => {
    const s = await screen(deviceId);
    for (const i of s.images)
      await call('DELETE', '/idle_screen', { device_id: deviceId, image_id: i.image_id });
    for (const v of s.videos)
      await call('DELETE', '/idle_screen', { device_id: deviceId, video_id: v.video_id });
  };

  it('starts with images after 60 s and nothing to play: the kiosk has no idle loop', async () => {
    expect(await screen(lobby.id)).toEqual({
      media_type_selected: 'image',
      idle_timeout: 60,
      images: [],
      videos: [],
    });
    expect(await kioskIdle(lobby.key)).toEqual({ media_type: 'image', idle_timeout: 60, items: [] });
  });

  it('adds images and videos, each checked by its bytes, in order; the kiosk hears what plays', async () => {
    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskIdleScreen>(socket, SOCKET.interfaceIdleScreen);
    const res = await upload(lobby.id, 'image', [
      { name: 'welcome.png', content: TINY_PNG },
      { name: '歡迎光臨.png', content: TINY_PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const after: IdleScreen = res.json().data;
    expect(after.images.map((i) => [i.original_name, i.duration])).toEqual([
      ['welcome.png', 10],
      ['歡迎光臨.png', 10],
    ]);
    expect((await live).items).toEqual(
      after.images.map((i) => ({ id: i.image_id, url: i.url, duration: 10 })),
    );

    // The contract's form: device_id and media_type as fields before the files.
    const videos = await upload(
      lobby.id,
      null,
      [
        { name: 'tour.mp4', content: TINY_MP4, type: 'video/mp4' },
        { name: 'night.webm', content: TINY_WEBM, type: 'video/webm' },
      ],
      { fields: { device_id: String(lobby.id), media_type: 'video' } },
    );
    expect(videos.statusCode).toBe(200);
    const both: IdleScreen = videos.json().data;
    expect(both.videos.map((v) => [v.original_name, v.mime])).toEqual([
      ['tour.mp4', 'video/mp4'],
      ['night.webm', 'video/webm'],
    ]);
    expect(both.images).toHaveLength(2);
    const list = await call('GET', `/idle_screen/video?device_id=${lobby.id}`);
    expect(list.json().data).toEqual(both.videos);

    const served = await t.app.inject({ method: 'GET', url: both.videos[0]!.url });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // A video's limit is the video one: larger than an image may be.
    const long = Buffer.concat([TINY_MP4, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1024)]);
    expect((await upload(lobby.id, 'video', [{ name: 'long.mp4', content: long }])).statusCode).toBe(200);
    await clear(lobby.id);
  });

  it('refuses a PNG that is HTML, an .exe named .mp4, an image as a video; keeps none of the request', async () => {
    const before = await stored();
    const html = await upload(lobby.id, 'image', [
      { name: 'good.png', content: TINY_PNG },
      { name: 'evil.png', content: HTML },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toBe('unsupported_type');
    expect(html.json().message).toBe('evil.png: This file is not a PNG, JPEG, GIF or WebP image.');

    const exe = await upload(lobby.id, 'video', [
      { name: 'tour.mp4', content: TINY_MP4 },
      { name: 'promo.mp4', content: EXE, type: 'video/mp4' },
    ]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(
      'promo.mp4: This file is not an MP4 or WebM video (its content is application/x-msdownload).',
    );
    const wrongKind = await upload(lobby.id, 'video', [{ name: 'poster.png', content: TINY_PNG }]);
    expect(wrongKind.statusCode).toBe(415);

    const big = Buffer.concat([TINY_PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    const huge = await upload(lobby.id, 'image', [{ name: 'huge.png', content: big }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('file_too_large');

    const untyped = await upload(lobby.id, null, [{ name: 'a.png', content: TINY_PNG }]);
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().error).toBe('validation_error');
    const twoTypes = await upload(lobby.id, 'image', [{ name: 'a.png', content: TINY_PNG }], {
      fields: { media_type: 'video' },
    });
    expect(twoTypes.statusCode).toBe(400);
    const twoDevices = await upload(lobby.id, 'image', [{ name: 'a.png', content: TINY_PNG }], {
      fields: { device_id: String(foreign.id) },
    });
    expect(twoDevices.json().error).toBe('device_conflict');

    expect(await screen(lobby.id)).toMatchObject({ images: [], videos: [] });
    expect(await stored()).toEqual(before);
  });

  it('saves the order, each image’s duration, the type that plays and the timeout; refuses bounds', async () => {
    await upload(
      lobby.id,
      'image',
      ['one', 'two', 'three'].map((n) => ({ name: `${n}.png`, content: TINY_PNG })),
    );
    await upload(lobby.id, 'video', [
      { name: 'a.mp4', content: TINY_MP4 },
      { name: 'b.webm', content: TINY_WEBM },
    ]);
    const before = await screen(lobby.id);
    const [one, two, three] = before.images;
    const [a, b] = before.videos;

    for (const bad of [
      { images: [{ image_id: one!.image_id, duration: 2 }, ...asUpdate(before).images.slice(1)] },
      { images: [{ image_id: one!.image_id, duration: 301 }, ...asUpdate(before).images.slice(1)] },
      { idle_timeout: 14 },
      { idle_timeout: 3601 },
      { idle_timeout: 30.5 },
      { media_type_selected: 'audio' },
    ]) {
      const res = await call('PUT', '/idle_screen', asUpdate(before, bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    const missing = await call(
      'PUT',
      '/idle_screen',
      asUpdate(before, { videos: [{ video_id: a!.video_id }] }),
    );
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toBe('idle_list_changed');
    const twice = await call(
      'PUT',
      '/idle_screen',
      asUpdate(before, { videos: [{ video_id: a!.video_id }, { video_id: a!.video_id }] }),
    );
    expect(twice.statusCode).toBe(409);
    expect(await screen(lobby.id)).toEqual(before);

    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskIdleScreen>(socket, SOCKET.interfaceIdleScreen);
    const res = await call('PUT', '/idle_screen', {
      device_id: lobby.id,
      media_type_selected: 'video',
      idle_timeout: 120,
      images: [
        { image_id: three!.image_id, duration: 3 },
        { image_id: one!.image_id, duration: 300 },
        { image_id: two!.image_id, duration: 15 },
      ],
      videos: [{ video_id: b!.video_id }, { video_id: a!.video_id }],
    });
    expect(res.statusCode).toBe(200);
    const saved: IdleScreen = res.json().data;
    expect(saved.media_type_selected).toBe('video');
    expect(saved.idle_timeout).toBe(120);
    expect(saved.images.map((i) => [i.original_name, i.duration])).toEqual([
      ['three.png', 3],
      ['one.png', 300],
      ['two.png', 15],
    ]);
    expect(saved.videos.map((v) => v.original_name)).toEqual(['b.webm', 'a.mp4']);
    const heard = await live;
    expect(heard).toEqual({
      media_type: 'video',
      idle_timeout: 120,
      items: [
        { id: b!.video_id, url: b!.url, duration: null },
        { id: a!.video_id, url: a!.url, duration: null },
      ],
    });
    expect(await kioskIdle(lobby.key)).toEqual(heard);
    await clear(lobby.id);
  });

  it('deletes one image or video and its file; the kiosk hears it; twice is a 404', async () => {
    await upload(lobby.id, 'video', [
      { name: 'keep.mp4', content: TINY_MP4 },
      { name: 'drop.webm', content: TINY_WEBM },
    ]);
    await call('PUT', '/idle_screen', asUpdate(await screen(lobby.id), { media_type_selected: 'video' }));
    const [keep, drop] = (await screen(lobby.id)).videos;
    const file = drop!.url.replace('/media/', '');
    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskIdleScreen>(socket, SOCKET.interfaceIdleScreen);
    const res = await call('DELETE', '/idle_screen', { device_id: lobby.id, video_id: drop!.video_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.videos.map((v: { video_id: number }) => v.video_id)).toEqual([keep!.video_id]);
    expect((await live).items.map((i) => i.id)).toEqual([keep!.video_id]);
    expect((await fs.readdir(t.config.mediaDir)).includes(file)).toBe(false);
    expect(
      (await call('DELETE', '/idle_screen', { device_id: lobby.id, video_id: drop!.video_id })).statusCode,
    ).toBe(404);
    // A video's id is not an image's.
    expect(
      (await call('DELETE', '/idle_screen', { device_id: lobby.id, image_id: keep!.video_id })).statusCode,
    ).toBe(404);
    const both = await call('DELETE', '/idle_screen', {
      device_id: lobby.id,
      image_id: keep!.video_id,
      video_id: keep!.video_id,
    });
    expect(both.statusCode).toBe(400);
    expect((await screen(lobby.id)).videos).toHaveLength(1);
    await clear(lobby.id);
    await call('PUT', '/idle_screen', asUpdate(await screen(lobby.id), { media_type_selected: 'image' }));
  });

  it('holds at most 30 images and 10 videos a device; the request that would pass it adds none', async () => {
    const ten = (content: Buffer, ext: string) =>
      Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.${ext}`, content }));
    for (let i = 0; i < 3; i++)
      expect((await upload(lobby.id, 'image', ten(TINY_PNG, 'png'))).statusCode).toBe(200);
    expect((await upload(lobby.id, 'video', ten(TINY_MP4, 'mp4').slice(0, 9))).statusCode).toBe(200);
    const before = await stored();
    const image = await upload(lobby.id, 'image', [{ name: 'one-more.png', content: TINY_PNG }]);
    expect(image.statusCode).toBe(409);
    expect(image.json().error).toBe('too_many_idle_items');
    expect(image.json().message).toContain('30 images');
    const videos = await upload(lobby.id, 'video', ten(TINY_MP4, 'mp4').slice(0, 2));
    expect(videos.statusCode).toBe(409);
    expect(videos.json().message).toContain('10 videos');
    expect(await stored()).toEqual(before);
    expect((await upload(lobby.id, 'video', [{ name: 'last.mp4', content: TINY_MP4 }])).statusCode).toBe(200);
    const full = await screen(lobby.id);
    expect([full.images.length, full.videos.length]).toEqual([30, 10]);
    await clear(lobby.id);
  });

  it('another project can neither read, upload to, change nor delete this device’s idle screen', async () => {
    await upload(lobby.id, 'image', [{ name: 'ours.png', content: TINY_PNG }]);
    const before = await screen(lobby.id);
    const files = await stored();
    expect((await call('GET', `/idle_screen?device_id=${lobby.id}`, undefined, other)).statusCode).toBe(403);
    expect((await call('GET', `/idle_screen/image?device_id=${lobby.id}`, undefined, other)).statusCode).toBe(
      403,
    );
    expect(
      (await upload(lobby.id, 'image', [{ name: 'theirs.png', content: TINY_PNG }], { s: other })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/idle_screen', asUpdate(before, { idle_timeout: 999 }), other)).statusCode,
    ).toBe(403);
    const id = before.images[0]!.image_id;
    expect(
      (await call('DELETE', '/idle_screen', { device_id: lobby.id, image_id: id }, other)).statusCode,
    ).toBe(403);
    // Their own device naming our image finds nothing to delete or reorder.
    expect(
      (await call('DELETE', '/idle_screen', { device_id: foreign.id, image_id: id }, other)).statusCode,
    ).toBe(404);
    const theirs = await call('PUT', '/idle_screen', { ...asUpdate(before), device_id: foreign.id }, other);
    expect(theirs.statusCode).toBe(409);
    expect(await screen(lobby.id)).toEqual(before);
    expect(await stored()).toEqual(files);
    await clear(lobby.id);
  });

  it('takes a video uploaded resumably by its media id; refuses the wrong kind and a stranger, takes a reuse', async () => {
    const client = tusClient(t.app, admin.headers);
    const uploaded = async (content: Buffer, kind: 'image' | 'video', filename: string) => {
      const created = await client.create(content.length, { device_id: lobby.id, kind, filename });
      expect(created.statusCode).toBe(201);
      const done = await client.patch(created.headers.location as string, 0, content);
      expect(done.statusCode).toBe(200);
      return done.json().data.media_id as number;
    };
    const attach = (mediaType: 'image' | 'video', ids: number[], s = admin, deviceId = lobby.id) =>
      t.app.inject({
        method: 'POST',
        url: '/admin_panel/idle_screen/media',
        headers: s.headers,
        payload: { device_id: deviceId, media_type: mediaType, media_ids: ids },
      });
    const video = await uploaded(TINY_MP4, 'video', '導覽 tour.mp4');
    const photo = await uploaded(TINY_PNG, 'image', 'photo.png');

    const wrongKind = await attach('video', [photo]);
    expect(wrongKind.statusCode).toBe(415);
    expect(wrongKind.json().error).toBe('unsupported_type');
    expect((await attach('video', [video], other, foreign.id)).statusCode).toBe(404);

    const live = nextMessage(await connected(deviceSocket(t.url, lobby.key)), SOCKET.interfaceIdleScreen);
    const res = await attach('video', [video]);
    expect(res.statusCode).toBe(200);
    const added: IdleScreen = res.json().data;
    expect(added.videos.map((v) => [v.original_name, v.mime])).toEqual([['導覽 tour.mp4', 'video/mp4']]);
    expect((await t.app.inject({ method: 'GET', url: added.videos[0]!.url })).statusCode).toBe(200);
    await live;

    // One stored file serves any number of uses: a second item, a banner.
    const again = await attach('video', [video]);
    expect(again.statusCode).toBe(200);
    expect((again.json().data as IdleScreen).videos.map((v) => v.url)).toEqual([
      added.videos[0]!.url,
      added.videos[0]!.url,
    ]);
    expect((await attach('image', [photo])).statusCode).toBe(200);
    const banner = await t.app.inject({
      method: 'POST',
      url: '/admin_panel/carousel/media',
      headers: admin.headers,
      payload: { device_id: lobby.id, media_ids: [photo] },
    });
    expect(banner.statusCode).toBe(200);
    // Deleting one use leaves the others theirs.
    const [first] = (await screen(lobby.id)).videos;
    await call('DELETE', '/idle_screen', { device_id: lobby.id, video_id: first!.video_id });
    expect((await t.app.inject({ method: 'GET', url: added.videos[0]!.url })).statusCode).toBe(200);
    await call('DELETE', '/carousel', {
      device_id: lobby.id,
      image_id: (banner.json().data as Array<{ image_id: number }>).at(-1)!.image_id,
    });
    expect((await screen(lobby.id)).videos).toHaveLength(1);
    await clear(lobby.id);
  });
});
