import { afterEach, describe, expect, it } from 'vitest';
import {
  CAROUSEL_IMAGE_MAX_BYTES,
  SOCKET,
  type CarouselBanner,
  type KioskBanner,
} from '@ambassador/contracts';
import {
  TINY_PNG,
  backends,
  multipartFiles,
  multipartForm,
  solidPng,
  storedFiles,
} from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { closeSockets, connected, deviceSocket, nextMessage } from '../../test/sockets.js';
import { media } from '../../db/schema.js';
import { aiCalls } from '../../test/ai.js';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe.each(backends)('carousel banners on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Carousel Lobby Kiosk' },
    other: { foreign: 'Foreign Carousel Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, foreign } = t.devices;

  afterEach(() => closeSockets());

  const upload = (
    deviceId: number,
    files: Array<{ name: string; content: Buffer }>,
    s = admin,
    fields = {},
  ) => {
    const body = multipartFiles(files, fields);
    return t.app.inject({
      method: 'POST',
      url: `/admin_panel/carousel/upload?device_id=${deviceId}`,
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const list = async (deviceId: number, s = admin): Promise<CarouselBanner[]> => {
    const res = await call('GET', `/carousel?device_id=${deviceId}`, undefined, s);
    if (res.statusCode !== 200) throw new Error(`carousel: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const kioskConfig = async (key: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/device_api/v1/config',
      headers: { authorization: `Bearer ${key}` },
    });
    return res.json().data as { carousel: KioskBanner[] };
  };
  const mediaFiles = async () => (await storedFiles(t.config.mediaDir)).length;
  const mediaRows = async () => (await t.database.db.select({ id: media.id }).from(media)).length;
  const clear = async (deviceId: number) => {
    for (const b of await list(deviceId))
      await call('DELETE', '/carousel', { device_id: deviceId, image_id: b.image_id });
  };

  it('adds several images at once, in order, served with their checked type, and tells the kiosk', async () => {
    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskBanner[]>(socket, SOCKET.interfaceCarousel);
    const res = await upload(lobby.id, [
      { name: 'spring.png', content: TINY_PNG },
      { name: 'summer.png', content: TINY_PNG },
      { name: 'autumn.png', content: TINY_PNG },
    ]);
    expect(res.statusCode).toBe(200);
    const banners: CarouselBanner[] = res.json().data;
    expect(banners.map((b) => b.original_name)).toEqual(['spring.png', 'summer.png', 'autumn.png']);
    expect(banners.every((b) => b.mime === 'image/png' && b.link_topic_id === null)).toBe(true);
    expect((await live).map((b) => b.image_id)).toEqual(banners.map((b) => b.image_id));

    const image = await t.app.inject({ method: 'GET', url: banners[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('max-age=31536000');

    const more = await upload(lobby.id, [{ name: 'winter.png', content: TINY_PNG }]);
    expect(more.json().data.map((b: CarouselBanner) => b.original_name)).toEqual([
      'spring.png',
      'summer.png',
      'autumn.png',
      'winter.png',
    ]);
    await clear(lobby.id);
  });

  it('refuses an HTML file named .png and keeps none of the same request', async () => {
    const [files, rows] = [await mediaFiles(), await mediaRows()];
    const res = await upload(lobby.id, [
      { name: 'good.png', content: TINY_PNG },
      { name: 'evil.png', content: HTML },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_type');
    expect(res.json().message).toBe('evil.png: This file is not a PNG, JPEG, GIF or WebP image.');
    expect(await list(lobby.id)).toEqual([]);
    expect(await mediaFiles()).toBe(files);
    expect(await mediaRows()).toBe(rows);
  });

  it('refuses an image over the size limit', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(CAROUSEL_IMAGE_MAX_BYTES)]);
    const res = await upload(lobby.id, [{ name: 'huge.png', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('file_too_large');
    expect(res.json().message).toContain('10 MB');
    expect(await list(lobby.id)).toEqual([]);
  });

  it('refuses a form device_id that is not the checked one', async () => {
    const res = await upload(lobby.id, [{ name: 'a.png', content: TINY_PNG }], admin, {
      device_id: String(foreign.id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('device_conflict');
    expect(await list(lobby.id)).toEqual([]);
  });

  it('reorders, sets a schedule, and the kiosk config carries only the banners in schedule', async () => {
    await upload(lobby.id, [
      { name: 'one.png', content: TINY_PNG },
      { name: 'two.png', content: TINY_PNG },
      { name: 'three.png', content: TINY_PNG },
    ]);
    const [one, two, three] = await list(lobby.id);
    const now = t.clock.now().getTime();
    const hour = 3_600_000;
    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskBanner[]>(socket, SOCKET.interfaceCarousel);
    const res = await call('PUT', '/carousel', {
      device_id: lobby.id,
      banners: [
        { image_id: three!.image_id },
        // a campaign that starts tomorrow
        { image_id: one!.image_id, show_from: new Date(now + 24 * hour).toISOString() },
        // one that ended an hour ago
        { image_id: two!.image_id, show_until: new Date(now - hour).toISOString() },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((b: CarouselBanner) => b.original_name)).toEqual([
      'three.png',
      'one.png',
      'two.png',
    ]);
    expect((await live).map((b) => b.image_id)).toEqual([three!.image_id]);
    expect((await kioskConfig(lobby.key)).carousel.map((b) => b.image_id)).toEqual([three!.image_id]);

    t.clock.advance(25 * hour);
    expect((await kioskConfig(lobby.key)).carousel.map((b) => b.image_id)).toEqual([
      three!.image_id,
      one!.image_id,
    ]);
    // The console's session did not outlive a day of the clock.
    await t.signInAgain();
    await clear(lobby.id);
  });

  it('links a banner to a topic or a directory unit of its device; the kiosk gets what to open', async () => {
    await upload(lobby.id, [
      { name: 'sale.png', content: TINY_PNG },
      { name: 'shop.png', content: TINY_PNG },
    ]);
    const [sale, shop] = await list(lobby.id);
    const ai = aiCalls(t, () => admin);
    const category = await ai.category('Visitors', undefined, lobby.id);
    const topic = await ai.topic('Opening hours', { category_id: category.category_id }, lobby.id);
    const unitOn = async (deviceId: number, unit: string, s = admin) => {
      const form = multipartForm({ data: JSON.stringify({ unit, names: { english: 'Harbour Books' } }) });
      const res = await t.app.inject({
        method: 'POST',
        url: `/admin_panel/directory?device_id=${deviceId}`,
        headers: { ...s.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const unit = await unitOn(lobby.id, 'G-12');
    const strangers = await unitOn(foreign.id, 'X-1', other);
    const put = (links: Array<{ link_topic_id?: number | null; link_unit_id?: number | null }>) =>
      call('PUT', '/carousel', {
        device_id: lobby.id,
        banners: [
          { image_id: sale!.image_id, ...links[0] },
          { image_id: shop!.image_id, ...links[1] },
        ],
      });

    const both = await put([{ link_topic_id: topic.id, link_unit_id: unit }, {}]);
    expect(both.statusCode).toBe(400);
    expect(both.json().issues).toEqual([
      expect.objectContaining({ path: ['banners', 0, 'link_unit_id'], key: 'one_link_only' }),
    ]);
    const foreignUnit = await put([{}, { link_unit_id: strangers }]);
    expect(foreignUnit.statusCode).toBe(400);
    expect(foreignUnit.json().error).toBe('unit_not_on_device');
    expect((await list(lobby.id)).map((b) => [b.link_topic_id, b.link_unit_id])).toEqual([
      [null, null],
      [null, null],
    ]);

    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskBanner[]>(socket, SOCKET.interfaceCarousel);
    const linked = await put([{ link_topic_id: topic.id }, { link_unit_id: unit }]);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.map((b: CarouselBanner) => [b.link_topic_id, b.link_unit_id])).toEqual([
      [topic.id, null],
      [null, unit],
    ]);
    expect((await live).map((b) => [b.link_topic_name, b.link_unit])).toEqual([
      ['Opening hours', null],
      [null, 'G-12'],
    ]);

    // The topic renamed, then the unit renumbered: the kiosk hears the new labels at once.
    const renamed = nextMessage<KioskBanner[]>(socket, SOCKET.interfaceCarousel);
    await ai.data('PUT', '/ai_config/intents/intent_title', {
      device_id: lobby.id,
      id: topic.id,
      name: 'Mall hours',
    });
    expect((await renamed).map((b) => b.link_topic_name)).toEqual(['Mall hours', null]);
    const renumbered = nextMessage<KioskBanner[]>(socket, SOCKET.interfaceCarousel);
    const form = multipartForm({
      data: JSON.stringify({ id: unit, unit: 'G-12A', names: { english: 'Harbour Books' } }),
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/admin_panel/directory?device_id=${lobby.id}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await renumbered).map((b) => b.link_unit)).toEqual([null, 'G-12A']);
    await clear(lobby.id);
  });

  it('refuses a list that does not name exactly the device’s banners, and a schedule ending before it starts', async () => {
    await upload(lobby.id, [
      { name: 'a.png', content: TINY_PNG },
      { name: 'b.png', content: TINY_PNG },
    ]);
    const [a, b] = await list(lobby.id);
    const missing = await call('PUT', '/carousel', {
      device_id: lobby.id,
      banners: [{ image_id: a!.image_id }],
    });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toBe('banner_list_changed');
    const backwards = await call('PUT', '/carousel', {
      device_id: lobby.id,
      banners: [
        { image_id: b!.image_id, show_from: '2030-01-02T00:00:00Z', show_until: '2030-01-01T00:00:00Z' },
        { image_id: a!.image_id },
      ],
    });
    expect(backwards.statusCode).toBe(400);
    expect((await list(lobby.id)).map((x) => x.original_name)).toEqual(['a.png', 'b.png']);
    await clear(lobby.id);
  });

  it('deletes one banner and its image file, and the kiosk hears it', async () => {
    // Two different images: identical ones would share one stored file.
    await upload(lobby.id, [
      { name: 'keep.png', content: TINY_PNG },
      { name: 'drop.png', content: await solidPng(4, 3, '#c0ffee') },
    ]);
    const [keep, drop] = await list(lobby.id);
    const file = drop!.url.replace('/media/', '');
    expect(await storedFiles(t.config.mediaDir)).toContain(file);
    const socket = await connected(deviceSocket(t.url, lobby.key));
    const live = nextMessage<KioskBanner[]>(socket, SOCKET.interfaceCarousel);
    const res = await call('DELETE', '/carousel', { device_id: lobby.id, image_id: drop!.image_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((b: CarouselBanner) => b.image_id)).toEqual([keep!.image_id]);
    expect((await live).map((b) => b.image_id)).toEqual([keep!.image_id]);
    expect(await storedFiles(t.config.mediaDir)).not.toContain(file);
    expect(await storedFiles(t.config.mediaDir)).toContain(keep!.url.replace('/media/', ''));
    const again = await call('DELETE', '/carousel', { device_id: lobby.id, image_id: drop!.image_id });
    expect(again.statusCode).toBe(404);
    await clear(lobby.id);
  });

  it('holds at most 30 banners a device; the request that would pass it adds none', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `b${i}.png`, content: TINY_PNG }));
    for (let i = 0; i < 2; i++) expect((await upload(lobby.id, ten)).statusCode).toBe(200);
    expect((await upload(lobby.id, ten.slice(0, 8))).statusCode).toBe(200);
    const [files, rows] = [await mediaFiles(), await mediaRows()];
    const res = await upload(lobby.id, ten.slice(0, 3));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('too_many_banners');
    expect(await list(lobby.id)).toHaveLength(28);
    expect([await mediaFiles(), await mediaRows()]).toEqual([files, rows]);
    expect((await upload(lobby.id, ten.slice(0, 2))).statusCode).toBe(200);
    expect(await list(lobby.id)).toHaveLength(30);
    await clear(lobby.id);
  });

  it('another project can neither read, upload to, reorder nor delete this device’s banners', async () => {
    await upload(lobby.id, [{ name: 'ours.png', content: TINY_PNG }]);
    const before = await list(lobby.id);
    const [files, rows] = [await mediaFiles(), await mediaRows()];
    expect((await call('GET', `/carousel?device_id=${lobby.id}`, undefined, other)).statusCode).toBe(403);
    expect((await upload(lobby.id, [{ name: 'theirs.png', content: TINY_PNG }], other)).statusCode).toBe(403);
    const put = await call(
      'PUT',
      '/carousel',
      {
        device_id: lobby.id,
        banners: [{ image_id: before[0]!.image_id, show_until: '2000-01-01T00:00:00Z' }],
      },
      other,
    );
    expect(put.statusCode).toBe(403);
    const del = await call(
      'DELETE',
      '/carousel',
      { device_id: lobby.id, image_id: before[0]!.image_id },
      other,
    );
    expect(del.statusCode).toBe(403);
    // Their own device naming our banner finds nothing to delete.
    const own = await call(
      'DELETE',
      '/carousel',
      { device_id: foreign.id, image_id: before[0]!.image_id },
      other,
    );
    expect(own.statusCode).toBe(404);
    expect(await list(lobby.id)).toEqual(before);
    expect([await mediaFiles(), await mediaRows()]).toEqual([files, rows]);
    await clear(lobby.id);
  });
});
