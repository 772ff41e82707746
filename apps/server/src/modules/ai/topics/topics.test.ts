import { beforeAll, describe, expect, it } from 'vitest';
import { aiCalls } from '../../../test/ai.js';
import { backends, createUser, login, otherProject } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;

describe.each(backends)('AI topics on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;
  const { call, data, category, topic } = aiCalls(t, () => admin);

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

    it('validates names, categories and lengths as operators are told', async () => {
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
      expect(check).toEqual({
        duplicate: false,
        conflicts: [{ intent_id: a.id, intent_name: 'Car park' }],
        closer_to: null, // words only here (EMBEDDINGS=none)
      });
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
      // The keywords route makes a phrase too when asked to, and a keyword otherwise; any other kind is refused.
      const asPhrase = await data('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: a.id,
        language: 'english',
        text: 'Is there somewhere to park?',
        kind: 'phrase',
      });
      expect(asPhrase).toMatchObject({ kind: 'phrase', text: 'Is there somewhere to park?' });
      const wrong = await call('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: a.id,
        language: 'english',
        text: 'parking lot',
        kind: 'synonym',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().issues[0].path).toEqual(['kind']);
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

  describe('settings', () => {
    it('turns related intents off and on', async () => {
      expect(await data('GET', `/ai_config/settings?device_id=${LOBBY}`)).toEqual({
        is_enabled_related_intents: true,
        answer_confidence: null,
        default_answer_confidence: 0.5,
      });
      await data('PUT', '/ai_config/related_intents/on_off', {
        device_id: LOBBY,
        is_enabled_related_intents: false,
      });
      expect(await data('GET', `/ai_config/settings?device_id=${LOBBY}`)).toEqual({
        is_enabled_related_intents: false,
        answer_confidence: null,
        default_answer_confidence: 0.5,
      });
      await data('PUT', '/ai_config/related_intents/on_off', {
        device_id: LOBBY,
        is_enabled_related_intents: true,
      });
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
