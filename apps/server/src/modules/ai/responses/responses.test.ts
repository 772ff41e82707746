import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { backends, multipartFile, storedFiles, TINY_PNG } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;

describe.each(backends)('AI responses on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const { call, data, category, topic } = aiCalls(t, () => admin);

  describe('responses and media', () => {
    let topicId: number;
    beforeAll(async () => {
      const cat = await category('Dining');
      topicId = (await topic('Restaurants', { category_id: cat.category_id })).id;
    });

    it('pads buttons to whole rows and keeps every content kind', async () => {
      const res = await data('POST', '/ai_config/intents/responses', {
        device_id: LOBBY,
        intent_id: topicId,
        language: 'english',
        device_type: 'ambassador',
        response_aim: 'ask_for_selection',
        speech: 'Here are our restaurants.',
        contents: [
          { type: 'text', values: ['We have 12 restaurants.'] },
          {
            type: 'buttons',
            num_of_column: 3,
            values: [
              { text: 'Chinese', payload: 'chinese food' },
              { text: 'Italian', payload: 'pizza' },
              { text: 'Thai', payload: 'thai' },
              { text: 'Cafés', payload: 'coffee' },
            ],
          },
          { type: 'image', url: '/media/x.png' },
          {
            type: 'cards',
            cards: [
              {
                id: 'c1',
                title: 'Noodle Bar',
                description: 'Level 2',
                buttons: [{ text: 'Map', payload: 'map' }],
              },
            ],
          },
          { type: 'list', elements: [{ title: 'Level 1' }, { title: 'Level 2', subtitle: 'Food court' }] },
          { type: 'dropdown', title: 'Cuisine', values: [{ text: 'Any', payload: 'restaurants' }] },
        ],
      });
      const buttons = res.contents[1];
      expect(buttons.values).toHaveLength(6);
      expect(buttons.values.slice(4)).toEqual([
        { text: '', payload: '' },
        { text: '', payload: '' },
      ]);
      expect(res.contents[2]).toEqual({ type: 'image', url: '/media/x.png', size: 3 });
      // Fewer columns re-pad from the real buttons.
      const updated = await data('PUT', '/ai_config/intents/responses', {
        ...res,
        device_id: LOBBY,
        contents: [{ ...buttons, num_of_column: 2 }],
      });
      expect(updated.contents[0].values).toHaveLength(4);
      const list = await data(
        'GET',
        `/ai_config/intents/responses?device_id=${LOBBY}&intent_id=${topicId}&language=english&device_type=ambassador`,
      );
      expect(list).toHaveLength(1);
    });

    it('bounds the image size to 1–10', async () => {
      for (const size of [0, 11]) {
        const res = await call('POST', '/ai_config/intents/responses', {
          device_id: LOBBY,
          intent_id: topicId,
          language: 'english',
          device_type: 'chatbot',
          contents: [{ type: 'image', url: '/media/x.png', size }],
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/size/);
      }
      const ok = await data('POST', '/ai_config/intents/responses', {
        device_id: LOBBY,
        intent_id: topicId,
        language: 'english',
        device_type: 'chatbot',
        contents: [{ type: 'image', url: '/media/x.png', size: 10 }],
      });
      expect(ok.contents[0].size).toBe(10);
    });

    it('stores an uploaded image under a server-chosen name and serves it with nosniff', async () => {
      const body = multipartFile({ name: '../../evil name.png', content: TINY_PNG, type: 'image/png' });
      const res = await t.app.inject({
        method: 'POST',
        url: `/admin_panel/ai_config/upload?device_id=${LOBBY}`,
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      const up = res.json().data;
      // Named by its content (SHA-256), never by the name the client gave.
      expect(up.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
      expect(up).toMatchObject({ mime: 'image/png', size: TINY_PNG.length });
      const served = await t.app.inject({ method: 'GET', url: up.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('refuses an upload that lies about its type, and one that is too large', async () => {
      const fs = await import('node:fs/promises');
      const stored = async () => (await storedFiles(t.config.mediaDir)).length;
      const before = await stored();
      const html = multipartFile({
        name: 'photo.png',
        content: Buffer.from('<script>alert(1)</script>'),
        type: 'image/png',
      });
      const lie = await t.app.inject({
        method: 'POST',
        url: `/admin_panel/ai_config/upload?device_id=${LOBBY}`,
        headers: { ...admin.headers, ...html.headers },
        payload: html.payload,
      });
      expect(lie.statusCode).toBe(415);
      expect(lie.json().error).toBe('unsupported_type');
      const pdf = multipartFile({
        name: 'photo.jpg',
        content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
        type: 'image/jpeg',
      });
      const pdfRes = await t.app.inject({
        method: 'POST',
        url: `/admin_panel/ai_config/upload?device_id=${LOBBY}`,
        headers: { ...admin.headers, ...pdf.headers },
        payload: pdf.payload,
      });
      expect(pdfRes.statusCode).toBe(415);
      const big = multipartFile({
        name: 'big.png',
        content: Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]),
        type: 'image/png',
      });
      const tooBig = await t.app.inject({
        method: 'POST',
        url: `/admin_panel/ai_config/upload?device_id=${LOBBY}`,
        headers: { ...admin.headers, ...big.headers },
        payload: big.payload,
      });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({
        error: 'file_too_large',
        message: expect.stringMatching(/10 MB/),
      });
      // Nothing refused was kept, not even in the incoming folder.
      expect(await stored()).toBe(before);
      expect(await fs.readdir(`${t.config.mediaDir}/.incoming`)).toEqual([]);
    });

    it('speaks a speech text with espeak-ng as a WAV file', async () => {
      const res = await call('POST', '/ai_config/intents/audio_preview', {
        device_id: LOBBY,
        language: 'cantonese',
        text: '歡迎光臨',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      expect(res.rawPayload.length).toBeGreaterThan(4000);
    });

    it('sets an avatar motion from the catalogue', async () => {
      const motion = await data('PUT', '/ai_config/intents/avatar_motion', {
        device_id: LOBBY,
        intent_id: topicId,
        motion: 'tilt',
      });
      expect(motion).toMatchObject({
        motion: 'tilt',
        gestures: ['nod', 'shake', 'tilt', 'bow', 'lean_in'],
        idle_motions: ['breathe', 'look_around', 'sway'],
      });
      const bad = await call('PUT', '/ai_config/intents/avatar_motion', {
        device_id: LOBBY,
        intent_id: topicId,
        motion: 'moonwalk',
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
