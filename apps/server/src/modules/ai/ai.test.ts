import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  backends,
  createUser,
  login,
  multipartFile,
  otherProject,
  suiteApp,
  TINY_PNG,
  type Session,
} from '../../test/harness.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
const NORTH = 2;

describe.each(backends)('AI configuration on %s', (kind) => {
  const t = suiteApp(kind);
  let admin: Session;
  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, s = admin) =>
    t.app.inject({
      method,
      url: `/admin_panel${path}`,
      headers: s.headers,
      ...(payload && { payload }),
    });
  const data = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => {
    const res = await call(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const category = (name: string, parent_id?: number, device_id = LOBBY) =>
    data('POST', '/ai_config/intents/category', { device_id, name, parent_id });
  const topic = (name: string, body: object, device_id = LOBBY) =>
    data('POST', '/ai_config/intents/intent', { device_id, name, ...body });

  describe('categories', () => {
    it('builds a layered tree and renames', async () => {
      const shops = await category('Shops');
      const food = await category('Food', shops.category_id);
      expect(food).toMatchObject({ category_name: 'Food', parent_id: shops.category_id, has_child: false });
      const list = await data('GET', `/ai_config/intents/category?device_id=${LOBBY}`);
      expect(list.find((c: { category_id: number }) => c.category_id === shops.category_id).has_child).toBe(
        true,
      );
      const renamed = await data('PUT', '/ai_config/intents/category', {
        device_id: LOBBY,
        id: food.category_id,
        name: 'Food & Drink',
      });
      expect(renamed.category_name).toBe('Food & Drink');
      const dup = await call('POST', '/ai_config/intents/category', {
        device_id: LOBBY,
        name: 'shops',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe('category_name_taken');
    });

    it('refuses to delete a category while a topic uses it, and changes nothing', async () => {
      const parent = await category('Services');
      const child = await category('Health', parent.category_id);
      const used = await topic('Pharmacy', { category_id: child.category_id });
      const res = await call('DELETE', '/ai_config/intents/category', {
        device_id: LOBBY,
        id: parent.category_id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, error: 'category_in_use' });
      expect(res.json().message).toMatch(/1 question topic/);
      const list = await data('GET', `/ai_config/intents/category?device_id=${LOBBY}`);
      expect(list.map((c: { category_id: number }) => c.category_id)).toEqual(
        expect.arrayContaining([parent.category_id, child.category_id]),
      );
      await data('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: used.id });
      await data('DELETE', '/ai_config/intents/category', { device_id: LOBBY, id: parent.category_id });
      const after = await data('GET', `/ai_config/intents/category?device_id=${LOBBY}`);
      expect(after.some((c: { category_id: number }) => c.category_id === child.category_id)).toBe(false);
    });

    it('requires a name', async () => {
      const res = await call('POST', '/ai_config/intents/category', { device_id: LOBBY, name: '  ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Category Name is required');
    });
  });

  describe('question topics', () => {
    let catId: number;
    beforeAll(async () => {
      catId = (await category('Visitor info')).category_id;
    });

    it('validates as SPEC §5 says', async () => {
      const res = await call('POST', '/ai_config/intents/intent', { device_id: LOBBY, name: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Topic Name is required');
      expect(res.json().message).toContain('Please select a category');
    });

    it('creates, lists with search, sort and paging, updates and refuses duplicates', async () => {
      for (const name of ['Parking', 'Opening hours', 'Wi-Fi', '洗手間'])
        await topic(name, { category_id: catId, remarks: `about ${name}` });
      const page = await call(
        'GET',
        `/ai_config/intents/intent?device_id=${LOBBY}&category_id=${catId}&sort_by=name&order=asc&limit=2&offset=0`,
      );
      expect(page.json().total).toBe(4);
      expect(page.json().data.map((x: { intent_name: string }) => x.intent_name)).toEqual([
        'Opening hours',
        'Parking',
      ]);
      const search = await call(
        'GET',
        `/ai_config/intents/intent?device_id=${LOBBY}&search=${encodeURIComponent('洗手')}`,
      );
      expect(search.json().data.map((x: { intent_name: string }) => x.intent_name)).toEqual(['洗手間']);
      const parking = page.json().data[1];
      expect(parking).toMatchObject({
        category_name: 'Visitor info',
        is_activated: true,
        remarks: 'about Parking',
      });
      const off = await data('PUT', '/ai_config/intents/intent', {
        device_id: LOBBY,
        id: parking.id,
        is_activated: false,
      });
      expect(off.is_activated).toBe(false);
      const dup = await call('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name: 'PARKING',
        category_id: catId,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe('topic_name_taken');
      const suggestions = await data('GET', `/ai_config/intents/auto_complete?device_id=${LOBBY}&text=par`);
      expect(suggestions[0]).toMatchObject({ name: 'Parking', category_name: 'Visitor info' });
    });

    it('sub-topics take the parent category; nav gives the breadcrumb; delete takes sub-topics along', async () => {
      const area = await category('Transport');
      const sub = await category('Buses', area.category_id);
      const parent = await topic('Bus routes', { category_id: sub.category_id });
      const child = await topic('Night buses', { parent_id: parent.id });
      expect(child).toMatchObject({
        category_id: sub.category_id,
        parent_id: parent.id,
        parent_name: 'Bus routes',
      });
      const nav = await data('GET', `/ai_config/intents/nav?device_id=${LOBBY}&id=${child.id}`);
      expect(nav.categories.map((c: { category_name: string }) => c.category_name)).toEqual([
        'Transport',
        'Buses',
      ]);
      expect(nav.topics.map((x: { name: string }) => x.name)).toEqual(['Bus routes', 'Night buses']);
      const parentNav = await data('GET', `/ai_config/intents/nav?device_id=${LOBBY}&id=${parent.id}`);
      expect(parentNav.children).toEqual([{ id: child.id, name: 'Night buses' }]);
      const finder = await data('GET', `/ai_config/intents/finder?device_id=${LOBBY}`);
      const transport = finder.intents.find((n: { name: string }) => n.name === 'Transport');
      expect(transport.children[0]).toMatchObject({ type: 'category', name: 'Buses' });
      expect(transport.children[0].children[0]).toMatchObject({ type: 'topic', name: 'Bus routes' });
      expect(transport.children[0].children[0].children[0]).toMatchObject({ name: 'Night buses' });
      const column = await data(
        'GET',
        `/ai_config/intents/column_finder?device_id=${LOBBY}&category_id=${sub.category_id}`,
      );
      expect(column.intents).toEqual([
        { id: parent.id, name: 'Bus routes', is_activated: true, sub_topic_count: 1 },
      ]);
      await data('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: parent.id });
      expect(
        (await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}&intent_id=${child.id}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('keywords, training and conflicts', () => {
    let a: { id: number };
    let b: { id: number };
    beforeAll(async () => {
      const cat = await category('Facilities');
      a = await topic('Car park', { category_id: cat.category_id });
      b = await topic('Taxi stand', { category_id: cat.category_id });
    });

    it('flags a keyword another topic of the device uses, folding script and width', async () => {
      await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: a.id,
        language: 'cantonese',
        text: '停車場',
      });
      const check = await data(
        'GET',
        `/ai_config/intents/keywords/check?device_id=${LOBBY}&intent_id=${b.id}&language=cantonese&text=${encodeURIComponent('停车场')}`,
      );
      expect(check).toEqual({ duplicate: false, conflicts: [{ intent_id: a.id, intent_name: 'Car park' }] });
      const added = await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: b.id,
        language: 'cantonese',
        text: '停车场',
      });
      expect(added.conflicts).toEqual([{ intent_id: a.id, intent_name: 'Car park' }]);
      const listA = await data('GET', `/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${a.id}`);
      expect(listA[0].conflicts).toEqual([{ intent_id: b.id, intent_name: 'Taxi stand' }]);
      const same = await call('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: a.id,
        language: 'cantonese',
        text: '停車場 ',
      });
      expect(same.statusCode).toBe(409);
      expect(same.json().error).toBe('keyword_exists');
    });

    it('trains an utterance as a phrase of the topic', async () => {
      const phrase = await data('POST', '/ai_config/intents/train', {
        device_id: LOBBY,
        intent_id: a.id,
        language: 'english',
        text: 'Where can I leave my car?',
      });
      expect(phrase).toMatchObject({ kind: 'phrase', language: 'english', intent_id: a.id });
      const english = await data(
        'GET',
        `/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${a.id}&language=english`,
      );
      expect(english.map((k: { text: string }) => k.text)).toEqual(['Where can I leave my car?']);
    });

    it('offers button payloads: a keyword of each topic in the language', async () => {
      await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: a.id,
        language: 'english',
        text: 'parking',
      });
      const payloads = await data(
        'GET',
        `/ai_config/intents/button_payloads?device_id=${LOBBY}&language=english`,
      );
      expect(payloads.find((p: { intent_id: number }) => p.intent_id === a.id).payload).toBe('parking');
      expect(payloads.find((p: { intent_id: number }) => p.intent_id === b.id).payload).toBe('Taxi stand');
    });
  });

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
      expect(up.url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
      expect(up).toMatchObject({ mime: 'image/png', size: TINY_PNG.length });
      const served = await t.app.inject({ method: 'GET', url: up.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('refuses an upload that lies about its type, and one that is too large', async () => {
      const fs = await import('node:fs/promises');
      const stored = async () =>
        (await fs.readdir(t.config.mediaDir)).filter((f) => !f.startsWith('.')).length;
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
        motion: 'wave',
      });
      expect(motion).toMatchObject({
        motion: 'wave',
        gestures: ['wave', 'nod', 'bow', 'point', 'thumbs_up'],
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

  describe('edits and deletes', () => {
    it('renames a topic title, edits and deletes keywords and responses, reads the avatar motion', async () => {
      const cat = await category('Edits');
      const t1 = await topic('Lost property', { category_id: cat.category_id });
      const renamed = await data('PUT', '/ai_config/intents/intent_title', {
        device_id: LOBBY,
        id: t1.id,
        name: 'Lost and found',
      });
      expect(renamed.intent_name).toBe('Lost and found');
      const blank = await call('PUT', '/ai_config/intents/intent_title', {
        device_id: LOBBY,
        id: t1.id,
        name: ' ',
      });
      expect(blank.statusCode).toBe(400);

      const kw = await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: t1.id,
        language: 'english',
        text: 'lost',
      });
      const edited = await data('PUT', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        id: kw.id,
        text: 'lost item',
      });
      expect(edited).toMatchObject({ id: kw.id, text: 'lost item', kind: 'keyword' });
      await data('DELETE', '/ai_config/intents/keywords', { device_id: LOBBY, id: kw.id });
      expect(await data('GET', `/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${t1.id}`)).toEqual(
        [],
      );
      const gone = await call('DELETE', '/ai_config/intents/keywords', { device_id: LOBBY, id: kw.id });
      expect(gone.statusCode).toBe(404);

      const response = await data('POST', '/ai_config/intents/responses', {
        device_id: LOBBY,
        intent_id: t1.id,
        language: 'english',
        device_type: 'ambassador',
        speech: 'Please ask at the service desk.',
      });
      await data('DELETE', '/ai_config/intents/responses', { device_id: LOBBY, id: response.id });
      expect(await data('GET', `/ai_config/intents/responses?device_id=${LOBBY}&intent_id=${t1.id}`)).toEqual(
        [],
      );
      const empty = await call('POST', '/ai_config/intents/responses', {
        device_id: LOBBY,
        intent_id: t1.id,
        language: 'english',
        device_type: 'ambassador',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain('Text cannot be empty');

      const motion = await data(
        'GET',
        `/ai_config/intents/avatar_motion?device_id=${LOBBY}&intent_id=${t1.id}`,
      );
      expect(motion).toMatchObject({ intent_id: t1.id, motion: null });
    });

    it('says clearly when the text-to-speech engine is missing', async () => {
      const before = process.env.ESPEAK_BINARY;
      process.env.ESPEAK_BINARY = '/nonexistent/espeak-ng';
      try {
        const res = await call('POST', '/ai_config/intents/audio_preview', {
          device_id: LOBBY,
          language: 'english',
          text: 'Hello',
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ success: false, error: 'tts_unavailable' });
        expect(res.json().message).toContain('espeak-ng');
      } finally {
        if (before === undefined) delete process.env.ESPEAK_BINARY;
        else process.env.ESPEAK_BINARY = before;
      }
    });
  });

  describe('aliases', () => {
    it('adds aliases from the alias finder, lists, edits and deletes them', async () => {
      const cat = await category('Transit');
      const mtr = await topic('MTR station', { category_id: cat.category_id });
      await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: mtr.id,
        language: 'english',
        text: 'MTR',
      });
      const found = await data('GET', `/ai_config/alias_finder?device_id=${LOBBY}&search=mtr`);
      expect(found.intents).toEqual([{ id: mtr.id, name: 'MTR station' }]);
      await data('POST', '/ai_config/alias_finder', { device_id: LOBBY, keyword: 'MTR', alias: 'subway' });
      const entity = await data('POST', '/ai_config/alias_finder', {
        device_id: LOBBY,
        keyword: 'mtr',
        alias: 'metro',
      });
      expect(entity).toMatchObject({
        keyword: 'MTR',
        aliases: ['subway', 'metro'],
        alias_str: 'subway,metro',
      });
      const keywords = await data('GET', `/ai_config/alias_finder?device_id=${LOBBY}&intent_id=${mtr.id}`);
      expect(keywords.keywords).toEqual([
        { keyword: 'MTR', language: 'english', entity_id: entity.entity_id, aliases: ['subway', 'metro'] },
      ]);
      const list = await call(
        'GET',
        `/ai_config/entities?device_id=${LOBBY}&search=metro&sort_by=alias&order=desc`,
      );
      expect(list.json().total).toBe(1);
      const edited = await data('PUT', '/ai_config/entities', {
        device_id: LOBBY,
        entity_id: entity.entity_id,
        aliases: ['Metro', 'metro', 'underground'],
      });
      expect(edited.aliases).toEqual(['Metro', 'underground']);
      const comma = await call('PUT', '/ai_config/entities', {
        device_id: LOBBY,
        entity_id: entity.entity_id,
        aliases: ['a,b'],
      });
      expect(comma.statusCode).toBe(400);
      await data('DELETE', '/ai_config/entities', { device_id: LOBBY, entity_id: entity.entity_id });
      expect((await call('GET', `/ai_config/entities?device_id=${LOBBY}`)).json().total).toBe(0);
    });
  });

  describe('settings', () => {
    it('turns related intents off and on', async () => {
      expect(await data('GET', `/ai_config/settings?device_id=${LOBBY}`)).toEqual({
        is_enabled_related_intents: true,
      });
      await data('PUT', '/ai_config/related_intents/on_off', {
        device_id: LOBBY,
        is_enabled_related_intents: false,
      });
      expect(await data('GET', `/ai_config/settings?device_id=${LOBBY}`)).toEqual({
        is_enabled_related_intents: false,
      });
      await data('PUT', '/ai_config/related_intents/on_off', {
        device_id: LOBBY,
        is_enabled_related_intents: true,
      });
    });
  });

  describe('transfer A.I. data', () => {
    it('replaces the destination with a copy of the source, and undo restores it', async () => {
      const own = await category('North only', undefined, NORTH);
      await topic('North desk', { category_id: own.category_id }, NORTH);
      const before = await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}&limit=100`);
      const copy = await call('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: NORTH });
      expect(copy.statusCode).toBe(200);
      expect(copy.json().message).toMatch(/^Transferred \d+ categories, \d+ topics/);
      const transfer = copy.json().data;
      expect(transfer).toMatchObject({
        source_id: LOBBY,
        dest_id: NORTH,
        restored_at: null,
        created_by: 'admin',
      });
      const after = await call('GET', `/ai_config/intents/intent?device_id=${NORTH}&limit=100`);
      expect(after.json().total).toBe(before.json().total);
      const names = (r: typeof before) =>
        r
          .json()
          .data.map((x: { intent_name: string }) => x.intent_name)
          .sort();
      expect(names(after)).toEqual(names(before));
      // Sub-topics and their links survive the copy with new ids.
      const night = after.json().data.find((x: { parent_name: string | null }) => x.parent_name !== null);
      if (night) expect(after.json().data.some((x: { id: number }) => x.id === night.parent_id)).toBe(true);
      const history = await data('GET', `/setup/copy_device?device_id=${NORTH}`);
      expect(history[0].id).toBe(transfer.id);

      const undo = await call('POST', '/setup/copy_device/undo', { id: transfer.id });
      expect(undo.statusCode).toBe(200);
      expect(undo.json().data.restored_at).not.toBeNull();
      const restored = await data('GET', `/ai_config/intents/intent?device_id=${NORTH}&limit=100`);
      expect(restored.map((x: { intent_name: string }) => x.intent_name)).toEqual(['North desk']);
      const again = await call('POST', '/setup/copy_device/undo', { id: transfer.id });
      expect(again.json().error).toBe('transfer_restored');
      // The source was not touched.
      expect((await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}&limit=100`)).json().total).toBe(
        before.json().total,
      );
    });

    it('only the newest transfer into a device can be undone, and not after it expires', async () => {
      const first = (await data('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: NORTH })).id;
      const second = (await data('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: NORTH })).id;
      const older = await call('POST', '/setup/copy_device/undo', { id: first });
      expect(older.json().error).toBe('transfer_superseded');
      t.clock.advance(73 * 3_600_000);
      admin = await login(t.app, ADMIN.username, ADMIN.password);
      const late = await call('POST', '/setup/copy_device/undo', { id: second });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('transfer_expired');
    });

    it('needs a destination other than the source, both in the project', async () => {
      const same = await call('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: LOBBY });
      expect(same.statusCode).toBe(400);
      const missing = await call('POST', '/setup/copy_device', { source_id: LOBBY });
      expect(missing.statusCode).toBe(400);
      const other = await otherProject(t.database);
      const foreign = await call('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: other.deviceId });
      expect(foreign.statusCode).toBe(403);
      const steal = await call('POST', '/setup/copy_device', { source_id: other.deviceId, dest_id: NORTH });
      expect(steal.statusCode).toBe(403);
    });
  });

  describe('test console (the intent matcher behind it)', () => {
    const CHATBOT = 3;
    const ask = (text: string, language = 'english', device_id = CHATBOT) =>
      data('POST', '/ai_config/test_console', { device_id, language, text });
    const keyword = (intent_id: number, language: string, text: string) =>
      data('POST', '/ai_config/intents/keywords', { device_id: CHATBOT, intent_id, language, text });
    let parking: { id: number };
    let toilets: { id: number };

    beforeAll(async () => {
      const cat = await category('Visitor services', undefined, CHATBOT);
      parking = await topic('Parking', { category_id: cat.category_id }, CHATBOT);
      toilets = await topic('Toilets', { category_id: cat.category_id }, CHATBOT);
      for (const k of ['parking', 'car park', 'where can I park']) await keyword(parking.id, 'english', k);
      await keyword(parking.id, 'cantonese', '停車場');
      for (const k of ['toilet', 'restroom', 'washroom']) await keyword(toilets.id, 'english', k);
      await keyword(toilets.id, 'mandarin', '洗手间');
      await data('POST', '/ai_config/intents/responses', {
        device_id: CHATBOT,
        intent_id: parking.id,
        language: 'english',
        device_type: 'chatbot',
        contents: [{ type: 'text', values: ['The car park is on B2.'] }],
      });
      await data('POST', '/ai_config/intents/responses', {
        device_id: CHATBOT,
        intent_id: parking.id,
        language: 'english',
        device_type: 'ambassador',
        contents: [{ type: 'text', values: ['Not for a chatbot.'] }],
      });
    });

    it('matches a question to its topic with a score, runners-up and the chatbot response', async () => {
      const r = await ask('Where can I park my car?');
      expect(r.fallback).toBe(false);
      expect(r.best).toMatchObject({ intent_id: parking.id, intent_name: 'Parking' });
      expect(r.best.score).toBeGreaterThanOrEqual(r.threshold);
      expect(r.candidates[0].intent_id).toBe(parking.id);
      expect(r.responses.map((x: { contents: { values: string[] }[] }) => x.contents[0]!.values[0])).toEqual([
        'The car park is on B2.',
      ]);
    });

    it('matches Chinese without spaces across Traditional and Simplified', async () => {
      expect((await ask('停车场在哪里', 'mandarin')).best?.intent_id).toBe(parking.id);
      expect((await ask('請問洗手間喺邊度', 'cantonese')).best?.intent_id).toBe(toilets.id);
    });

    it('falls back on an unrelated question', async () => {
      const r = await ask('What is the capital of France?');
      expect(r).toMatchObject({ fallback: true, best: null, responses: [] });
    });

    it('learns at once: a new keyword, an alias, a trained phrase, a deactivated topic', async () => {
      expect((await ask('I need the loo')).best?.intent_id).not.toBe(toilets.id);
      await data('POST', '/ai_config/alias_finder', { device_id: CHATBOT, keyword: 'toilet', alias: 'loo' });
      expect((await ask('I need the loo')).best?.intent_id).toBe(toilets.id);
      await data('POST', '/ai_config/intents/train', {
        device_id: CHATBOT,
        intent_id: parking.id,
        language: 'english',
        text: 'is there somewhere to leave my vehicle',
      });
      expect((await ask('is there somewhere to leave my vehicle')).best?.intent_id).toBe(parking.id);
      await data('PUT', '/ai_config/intents/intent', {
        device_id: CHATBOT,
        id: parking.id,
        is_activated: false,
      });
      const off = await ask('where can I park');
      expect(off.best?.intent_id).not.toBe(parking.id);
      await data('PUT', '/ai_config/intents/intent', {
        device_id: CHATBOT,
        id: parking.id,
        is_activated: true,
      });
      expect((await ask('where can I park')).best?.intent_id).toBe(parking.id);
    });

    it('offers sub-topics as related topics when the topic and the device enable them', async () => {
      const child = await topic('EV charging', { parent_id: parking.id }, CHATBOT);
      expect((await ask('car park')).related).toEqual([]);
      await data('PUT', '/ai_config/intents/intent', {
        device_id: CHATBOT,
        id: parking.id,
        is_enabled_related_intents: true,
      });
      expect((await ask('car park')).related).toEqual([{ id: child.id, name: 'EV charging' }]);
      await data('PUT', '/ai_config/related_intents/on_off', {
        device_id: CHATBOT,
        is_enabled_related_intents: false,
      });
      expect((await ask('car park')).related).toEqual([]);
    });
  });

  describe('isolation and access', () => {
    it("refuses another project's device on every kind of call", async () => {
      const other = await otherProject(t.database);
      const d = other.deviceId;
      const calls: Array<[string, string, object?]> = [
        ['GET', `/ai_config/intents/category?device_id=${d}`],
        ['POST', '/ai_config/intents/category', { device_id: d, name: 'x' }],
        ['GET', `/ai_config/intents/intent?device_id=${d}`],
        ['POST', '/ai_config/intents/intent', { device_id: d, name: 'x', category_id: 1 }],
        ['GET', `/ai_config/entities?device_id=${d}`],
        ['GET', `/ai_config/settings?device_id=${d}`],
        ['POST', '/ai_config/test_console', { device_id: d, language: 'english', text: 'hi' }],
      ];
      for (const [method, path, body] of calls) {
        const res = await call(method as 'GET', path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
      }
      // Their admin cannot reach our topics by id through their own device either.
      const theirs = await login(t.app, other.username, other.password);
      const ours = (await data('GET', `/ai_config/intents/intent?device_id=${LOBBY}&limit=1`))[0];
      const peek = await call(
        'GET',
        `/ai_config/intents/intent?device_id=${d}&intent_id=${ours.id}`,
        undefined,
        theirs,
      );
      expect(peek.statusCode).toBe(404);
      const edit = await call(
        'PUT',
        '/ai_config/intents/intent',
        { device_id: d, id: ours.id, name: 'hacked' },
        theirs,
      );
      expect(edit.statusCode).toBe(404);
    });

    it('is closed to a service-role user (no AI page)', async () => {
      const { session } = await createUser(t.app, admin, { username: 'svc-ai', role_id: 2 });
      const res = await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}`, undefined, session);
      expect(res.statusCode).toBe(403);
    });
  });
});
