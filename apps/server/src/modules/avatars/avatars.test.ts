import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Avatar, AvatarMotionPreview, AvatarPhoto } from '@ambassador/contracts';
import { backends, login, multipartFile, otherProject, type Session } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { createDevice } from '../../test/sockets.js';
import { aiCalls } from '../../test/ai.js';
import { avatars as avatarsTable, media } from '../../db/schema.js';
import { animatedGif, pngBomb } from '../../test/media-fixtures.js';
import { portraitJpeg } from '../../test/portrait-fixtures.js';

/** `POST /virtual_avatar/video_avatar/generate` as the console sends it. */
function postPhoto(app: FastifyInstance, s: Session, deviceId: number, name: string, content: Buffer) {
  const body = multipartFile({ name, content, type: 'application/octet-stream' });
  return app.inject({
    method: 'POST',
    url: `/admin_panel/virtual_avatar/video_avatar/generate?device_id=${deviceId}`,
    headers: { ...s.headers, ...body.headers },
    payload: body.payload,
  });
}

/** The first bytes of an iPhone photo (HEIF with the `heic` brand). */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic', 'ascii'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic', 'ascii'),
  Buffer.alloc(2048),
]);

describe.each(backends)('virtual avatars on %s', (kind) => {
  const t = projectFixture(kind, { devices: { lobby: 'Avatar Lobby' } });
  const { admin } = t;
  const { lobby } = t.devices;
  let photo: AvatarPhoto;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${url}`, headers: s.headers, ...(payload && { payload }) });
  const list = async (deviceId = lobby.id) => {
    const res = await call('GET', `/virtual_avatar/video_avatar?device_id=${deviceId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Avatar[];
  };
  const checked = async (deviceId = lobby.id) => {
    const res = await postPhoto(t.app, admin, deviceId, 'portrait.jpg', await portraitJpeg());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AvatarPhoto;
  };
  const create = async (name: string, imageId: number, deviceId = lobby.id) => {
    const res = await call('POST', '/virtual_avatar/video_avatar', {
      device_id: deviceId,
      image_id: imageId,
      name,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Avatar;
  };
  const produced = async (name: string, deviceId = lobby.id) => {
    const made = await create(name, (await checked(deviceId)).image_id, deviceId);
    await t.app.jobs.runDue();
    return (await list(deviceId)).find((a) => a.id === made.id)!;
  };
  const mediaCount = async () => (await t.database.db.select({ id: media.id }).from(media)).length;
  const kioskConfig = async (key: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { avatar: { avatar_id: number; player_url: string; still_url: string } | null };
  };

  it('finds the one face of a portrait with its 68 landmarks, frontal and lit', async () => {
    photo = await checked();
    expect(photo).toMatchObject({ width: 768, height: 960 });
    expect(photo.face.landmarks).toHaveLength(68);
    expect(photo.face.score).toBeGreaterThan(0.8);
    expect(Math.abs(photo.face.yaw)).toBeLessThan(10);
    expect(Math.abs(photo.face.roll)).toBeLessThan(5);
    // The landmarks sit on the drawn face: the eyes at y ≈ 383, the mouth below the nose.
    const eyeY = (photo.face.landmarks[37]![1] + photo.face.landmarks[44]![1]) / 2;
    expect(eyeY).toBeGreaterThan(350);
    expect(eyeY).toBeLessThan(410);
    expect(photo.face.landmarks[62]![1]).toBeGreaterThan(photo.face.landmarks[33]![1]);
  });

  it.each([
    [
      'no_face',
      'landscape.jpg',
      () =>
        sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a8' } })
          .jpeg()
          .toBuffer(),
      /No face/,
    ],
    [
      'several_faces',
      'couple.jpg',
      () =>
        portraitJpeg(
          { width: 1200, height: 900, cx: 320, cy: 380, scale: 0.8 },
          { more: [{ cx: 880, cy: 380, scale: 0.8 }] },
        ),
      /more than one face/,
    ],
    [
      'face_cartoon',
      'cartoon.png',
      () => portraitJpeg({ flat: true }, { format: 'png' }),
      /drawing or cartoon/,
    ],
    [
      'face_too_small',
      'far.jpg',
      () => portraitJpeg({ width: 1600, height: 1200, cx: 800, cy: 500, scale: 0.28 }),
      /too small.*Come closer/,
    ],
    ['face_too_dark', 'backlit.jpg', () => portraitJpeg({}, { darken: 0.18 }), /too dark.*facing a window/],
  ])(
    'refuses a portrait with %s, saying why and how to retake it, and keeps nothing',
    async (code, name, make, message) => {
      const before = await mediaCount();
      const res = await postPhoto(t.app, admin, lobby.id, name, await make());
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, error: code });
      expect(res.json().message).toMatch(message);
      expect(await mediaCount()).toBe(before);
    },
  );

  it('refuses HEIC, GIF and a 50-megapixel image before any face check', async () => {
    const heic = await postPhoto(t.app, admin, lobby.id, 'IMG_0001.HEIC', HEIC);
    expect(heic.statusCode, heic.body).toBe(415);
    expect(heic.json()).toMatchObject({ error: 'unsupported_type' });
    expect(heic.json().message).toMatch(/HEIC photo: export it as JPEG.*image\/heic/);
    const gif = await postPhoto(t.app, admin, lobby.id, 'face.gif', await animatedGif(64, 64, 2));
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toMatch(/GIF is not a photo/);
    const huge = await postPhoto(t.app, admin, lobby.id, 'huge.png', pngBomb(8_000, 7_000));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: 'image_too_many_pixels' });
  });

  it('produces an avatar in the background with progress and an estimate, then lists it ready', async () => {
    const made = await create('Ada', photo.image_id);
    expect(made).toMatchObject({
      name: 'Ada',
      status: 'queued',
      progress: 0,
      is_in_use: false,
      still_url: null,
    });
    expect(made.eta_seconds).toBeGreaterThan(0);
    expect(await t.app.jobs.runDue()).toBe(1);
    const [ready] = (await list()).filter((a) => a.id === made.id);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, eta_seconds: null, failure: null });
    expect(ready!.still_url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    expect(ready!.production_ms).toBeGreaterThan(0);
    expect(ready!.motions).toEqual({
      action_gesture: ['nod', 'shake', 'tilt', 'bow', 'lean_in'],
      idle_motion: ['breathe', 'look_around', 'sway'],
      lip_sync_animation: true,
    });
    // The texture is the head and shoulders, at most 1024 px, 4:5.
    const still = await t.app.inject({ method: 'GET', url: ready!.still_url! });
    const meta = await sharp(still.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1024);
    expect(meta.height! / meta.width!).toBeCloseTo(1.25, 1);
    const [row] = await t.database.db.select().from(avatarsTable).where(eq(avatarsTable.id, made.id));
    // The landmarks moved into the texture: the eyes in its upper half, the chin inside it.
    const eyes = row!.model!.landmarks[37]![1];
    expect(eyes / row!.model!.height).toBeGreaterThan(0.25);
    expect(eyes / row!.model!.height).toBeLessThan(0.5);
    expect(row!.model!.colors.skin).toMatch(/^#[0-9a-f]{6}$/);
    // The estimate now comes from this production.
    const type = await call('GET', `/virtual_avatar/type?device_id=${lobby.id}`);
    expect(type.json().data).toMatchObject({ virtual_avatar_type: 'video_avatar', max_avatars: 10 });
  });

  it('marks an avatar failed, saying why, when its photo has no usable face', async () => {
    const plain = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#bcd' } })
      .png()
      .toBuffer();
    const form = multipartFile({ name: 'wall.png', content: plain });
    const upload = await t.app.inject({
      method: 'POST',
      url: `/admin_panel/ai_config/upload?device_id=${lobby.id}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const made = await create('Wall', upload.json().data.media_id);
    await t.app.jobs.runDue();
    const failed = (await list()).find((a) => a.id === made.id)!;
    expect(failed).toMatchObject({ status: 'failed', failure: 'no_face' });
    expect(failed.failure_message).toMatch(/No face/);
    const inUse = await call('PUT', '/virtual_avatar/video_avatar', {
      device_id: lobby.id,
      avatar_id: made.id,
      is_in_use: true,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ error: 'avatar_not_ready' });
    await call('DELETE', '/virtual_avatar/video_avatar', { device_id: lobby.id, avatar_id: made.id });
  });

  it('keeps one avatar in use per device, tells its kiosk, renames, and deletes the one in use', async () => {
    const device = await createDevice(t.app, admin, 'Avatar Hall');
    const first = await produced('First', device.id);
    const second = await produced('Second', device.id);
    expect((await kioskConfig(device.key)).avatar).toBeNull();
    const put = (id: number, body: object) =>
      call('PUT', '/virtual_avatar/video_avatar', { device_id: device.id, avatar_id: id, ...body });
    expect((await put(first.id, { is_in_use: true })).json().data.is_in_use).toBe(true);
    expect((await put(second.id, { is_in_use: true })).statusCode).toBe(200);
    expect((await list(device.id)).map((a) => [a.name, a.is_in_use])).toEqual([
      ['First', false],
      ['Second', true],
    ]);
    const kiosk = (await kioskConfig(device.key)).avatar!;
    expect(kiosk).toMatchObject({ avatar_id: second.id, still_url: second.still_url });
    expect(kiosk.player_url).toMatch(
      new RegExp(`^/avatar-player/\\?model_id=${second.id}&token=[\\w-]{40,}&scale=1$`),
    );
    const renamed = await put(second.id, { name: '  Greeter  ' });
    expect(renamed.json().data.name).toBe('Greeter');
    expect((await put(second.id, { name: '' })).json()).toMatchObject({ error: 'validation_error' });
    const before = await mediaCount();
    const del = await call('DELETE', '/virtual_avatar/video_avatar', {
      device_id: device.id,
      avatar_id: second.id,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await list(device.id)).map((a) => a.name)).toEqual(['First']);
    expect((await kioskConfig(device.key)).avatar).toBeNull();
    const kioskCall = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/avatar',
      headers: { authorization: `Bearer ${device.key}` },
    });
    expect(kioskCall.json().data).toBeNull();
    // Its photo and texture went with it.
    expect(await mediaCount()).toBe(before - 2);
    expect(
      (await call('DELETE', '/virtual_avatar/video_avatar', { device_id: device.id, avatar_id: second.id }))
        .statusCode,
    ).toBe(404);
  });

  it('opens a model to the player only with a live token for that avatar, and speaks its sentences', async () => {
    const device = await createDevice(t.app, admin, 'Avatar Player');
    const one = await produced('Player', device.id);
    const previewOf = async (q: string) => {
      const res = await call('GET', `/ai_config/intents/avatar_motion/preview?device_id=${device.id}${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as AvatarMotionPreview;
    };
    // Nothing in use yet: no model, but the motions are named.
    expect(await previewOf('')).toMatchObject({ model_id: null, player_url: null, sentences: [] });
    const preview = await previewOf(`&avatar_id=${one.id}&scale=1.5`);
    expect(preview.tap_body_motions.map((m) => m.id)).toEqual(['nod', 'shake', 'tilt', 'bow', 'lean_in']);
    expect(preview.idle_motions.map((m) => [m.id, m.url])).toContainEqual([
      'breathe',
      '/avatar-player/motions/breathe.json',
    ]);
    expect(preview.sentences.map((s) => s.language)).toEqual([
      'english',
      'english',
      'cantonese',
      'cantonese',
      'mandarin',
      'mandarin',
    ]);
    const url = new URL(preview.player_url!, 'http://x');
    expect(url.searchParams.get('scale')).toBe('1.5');
    const token = url.searchParams.get('token')!;
    const model = await t.app.inject({
      method: 'GET',
      url: `/avatar-player/api/model?model_id=${one.id}&token=${token}`,
    });
    expect(model.statusCode, model.body).toBe(200);
    expect(model.json().data).toMatchObject({ model_id: one.id, name: 'Player', texture_url: one.still_url });
    expect(model.json().data.landmarks).toHaveLength(68);
    const speech = await t.app.inject({ method: 'GET', url: preview.sentences[0]!.url });
    expect(speech.statusCode).toBe(200);
    expect(speech.headers['content-type']).toBe('audio/wav');
    expect(speech.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    // Another avatar's id, a made-up token, and the same token once expired are refused.
    const other = await t.app.inject({
      method: 'GET',
      url: `/avatar-player/api/model?model_id=${one.id + 1000}&token=${token}`,
    });
    expect(other.statusCode).toBe(401);
    const madeUp = await t.app.inject({
      method: 'GET',
      url: `/avatar-player/api/model?model_id=${one.id}&token=${'x'.repeat(43)}`,
    });
    expect(madeUp.json()).toMatchObject({ error: 'avatar_token_expired' });
    t.clock.advance(16 * 60_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: `/avatar-player/api/model?model_id=${one.id}&token=${token}`,
    });
    expect(expired.statusCode).toBe(401);
    t.clock.advance(-16 * 60_000);
    // A topic's own motion comes with its preview, on the avatar in use.
    const ai = aiCalls(t, () => admin);
    const category = await ai.category('Visitors', undefined, device.id);
    const topic = await ai.topic('Opening hours', { category_id: category.category_id }, device.id);
    await ai.data('PUT', '/ai_config/intents/avatar_motion', {
      device_id: device.id,
      intent_id: topic.id,
      motion: 'bow',
    });
    await call('PUT', '/virtual_avatar/video_avatar', {
      device_id: device.id,
      avatar_id: one.id,
      is_in_use: true,
    });
    expect(await previewOf(`&intent_id=${topic.id}`)).toMatchObject({
      model_id: one.id,
      motion: 'bow',
      avatar_name: 'Player',
    });
  });

  it('keeps a device to its ten avatars and another project out', async () => {
    const device = await createDevice(t.app, admin, 'Avatar Full');
    const image = (await checked(device.id)).image_id;
    for (let i = 0; i < 10; i++) await create(`A${i}`, image, device.id);
    const eleventh = await call('POST', '/virtual_avatar/video_avatar', {
      device_id: device.id,
      image_id: image,
      name: 'Too many',
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ error: 'too_many_avatars' });
    const tenant = await otherProject(t.database);
    const other = await login(t.app, tenant.username, tenant.password);
    const foreignImage = await call(
      'POST',
      '/virtual_avatar/video_avatar',
      { device_id: tenant.deviceId, image_id: image, name: 'Stolen' },
      other,
    );
    expect(foreignImage.statusCode).toBe(404);
    const foreignDevice = await call(
      'GET',
      `/virtual_avatar/video_avatar?device_id=${device.id}`,
      undefined,
      other,
    );
    expect(foreignDevice.statusCode).toBe(403);
  });
});
