import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultKioskSections } from '@ambassador/contracts';
import { conversations, jobs, visitorSessions } from '../../db/schema.js';
import { createJobQueue } from '../../jobs/queue.js';
import { CONVERSATION_LOG_JOB, createLogOutbox } from './log-outbox.js';
import { createDeviceApiRepo } from './repo.js';
import { createDeviceApiService } from './service.js';
import { backends, createUser, otherProject } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
const CHATBOT = 3;

describe.each(backends)('devices and the device API on %s', (kind) => {
  const t = projectFixture(kind);
  const { admin } = t;

  const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const adminData = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => {
    const res = await adminCall(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const device = (
    key: string | undefined,
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    headers = {},
  ) =>
    t.app.inject({
      method,
      url: `/device_api/v1${path}`,
      headers: { ...(key && { authorization: `Bearer ${key}` }), ...headers },
      ...(payload && { payload }),
    });
  const deviceData = async (
    key: string,
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    headers = {},
  ) => {
    const res = await device(key, method, path, payload, headers);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const rotate = async (id: number): Promise<string> =>
    (await adminData('POST', '/admin_settings/devices/key', { id })).device_key;

  /** A topic with a keyword and responses for both kinds of device, in English. */
  async function topicWithAnswers(deviceId: number, name: string, keyword: string, related = false) {
    const cat = await adminData('POST', '/ai_config/intents/category', {
      device_id: deviceId,
      name: `${name} category`,
    });
    const topic = await adminData('POST', '/ai_config/intents/intent', {
      device_id: deviceId,
      name,
      category_id: cat.category_id,
    });
    await adminData('POST', '/ai_config/intents/keywords', {
      device_id: deviceId,
      intent_id: topic.id,
      language: 'english',
      text: keyword,
    });
    for (const device_type of ['ambassador', 'chatbot']) {
      await adminData('POST', '/ai_config/intents/responses', {
        device_id: deviceId,
        intent_id: topic.id,
        language: 'english',
        device_type,
        speech: `${name} for ${device_type}`,
        contents: [
          { type: 'text', values: [`${name} answer for ${device_type}`] },
          { type: 'buttons', num_of_column: 1, values: [{ text: 'More', payload: 'more' }] },
        ],
      });
    }
    if (related) {
      await adminData('PUT', '/ai_config/intents/intent', {
        device_id: deviceId,
        id: topic.id,
        is_enabled_related_intents: true,
      });
      const child = await adminData('POST', '/ai_config/intents/intent', {
        device_id: deviceId,
        name: `${name} details`,
        parent_id: topic.id,
      });
      await adminData('POST', '/ai_config/intents/keywords', {
        device_id: deviceId,
        intent_id: child.id,
        language: 'english',
        text: `${keyword} details`,
      });
    }
    return topic.id as number;
  }

  describe('Admin Settings → Devices', () => {
    it('adds a device with a key shown once, lists it without the key, and updates the selector list', async () => {
      const created = await adminData('POST', '/admin_settings/devices', {
        description: '  Gate 3 Kiosk  ',
        kind: 'chatbot',
        languages: ['mandarin', 'english', 'mandarin'],
      });
      expect(created.device_key).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
      expect(created.device).toMatchObject({
        description: 'Gate 3 Kiosk',
        kind: 'chatbot',
        languages: ['mandarin', 'english'],
        key_prefix: created.device_key.slice(0, 9),
        last_seen_at: null,
      });
      const list = await adminData('GET', '/admin_settings/devices');
      const row = list.find((d: { id: number }) => d.id === created.device.id);
      expect(row.key_prefix).toBe(created.device_key.slice(0, 9));
      expect(JSON.stringify(list)).not.toContain(created.device_key);
      const selector = await adminData('GET', `/interface/devices?project_id=${admin.projectId}`);
      // The selector's list carries each device's languages in its order: editors show those first.
      expect(selector.find((d: { id: number }) => d.id === created.device.id)).toEqual({
        id: created.device.id,
        description: 'Gate 3 Kiosk',
        kind: 'chatbot',
        languages: ['mandarin', 'english'],
      });
    });

    it('renames and changes languages; bad input changes nothing', async () => {
      const { device: d } = await adminData('POST', '/admin_settings/devices', {
        description: 'Temp',
        kind: 'ambassador',
      });
      expect(d.languages).toEqual(['english', 'cantonese', 'mandarin']);
      const renamed = await adminData('PUT', '/admin_settings/devices', {
        id: d.id,
        description: '大堂機',
        languages: ['cantonese'],
      });
      expect(renamed).toMatchObject({ description: '大堂機', languages: ['cantonese'] });
      for (const bad of [{ description: ' ' }, { languages: [] }, { languages: ['klingon'] }]) {
        const res = await adminCall('PUT', '/admin_settings/devices', { id: d.id, ...bad });
        expect(res.statusCode).toBe(400);
      }
      const still = (await adminData('GET', '/admin_settings/devices')).find(
        (x: { id: number }) => x.id === d.id,
      );
      expect(still).toMatchObject({ description: '大堂機', languages: ['cantonese'] });
      const selector = await adminData('GET', `/interface/devices?project_id=${admin.projectId}`);
      expect(selector.find((x: { id: number }) => x.id === d.id).languages).toEqual(['cantonese']);
    });

    it('is for admins of the project only', async () => {
      const { session: user } = await createUser(t.app, admin, { username: `op_${kind}`, role_id: 1 });
      expect((await adminCall('GET', '/admin_settings/devices', undefined, user)).statusCode).toBe(403);
      expect((await adminCall('POST', '/admin_settings/devices/key', { id: LOBBY }, user)).statusCode).toBe(
        403,
      );
      const other = await otherProject(t.database);
      expect(
        (await adminCall('POST', '/admin_settings/devices/key', { id: other.deviceId })).statusCode,
      ).toBe(403);
      expect(
        (await adminCall('PUT', '/admin_settings/devices', { id: other.deviceId, description: 'x' }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('device keys', () => {
    it('refuses a missing, malformed, unknown, rotated or revoked key with 401', async () => {
      expect((await device(undefined, 'GET', '/config')).statusCode).toBe(401);
      expect((await device('not-a-key', 'GET', '/config')).statusCode).toBe(401);
      expect((await device(`dk_${'x'.repeat(43)}`, 'GET', '/config')).statusCode).toBe(401);
      const first = await rotate(LOBBY);
      expect((await device(first, 'GET', '/config')).statusCode).toBe(200);
      const second = await rotate(LOBBY);
      const old = await device(first, 'GET', '/config');
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ success: false, error: 'unauthorized' });
      expect((await device(second, 'GET', '/config')).statusCode).toBe(200);
      const revoked = await adminData('DELETE', '/admin_settings/devices/key', { id: LOBBY });
      expect(revoked.key_prefix).toBeNull();
      expect((await device(second, 'GET', '/config')).statusCode).toBe(401);
    });

    it('records when the device was last seen', async () => {
      const key = await rotate(CHATBOT);
      await deviceData(key, 'GET', '/config');
      const row = (await adminData('GET', '/admin_settings/devices')).find(
        (d: { id: number }) => d.id === CHATBOT,
      );
      expect(row.last_seen_at).not.toBeNull();
    });
  });

  describe('visitor sessions and questions', () => {
    let key: string;
    let topicId: number;
    beforeAll(async () => {
      topicId = await topicWithAnswers(LOBBY, 'Parking', 'parking', true);
      await topicWithAnswers(CHATBOT, 'Parking', 'parking');
      key = await rotate(LOBBY);
    });

    it('gives the device its configuration in the languages it offers', async () => {
      const config = await deviceData(key, 'GET', '/config');
      expect(config.device).toMatchObject({ id: LOBBY, kind: 'ambassador', default_language: 'english' });
      expect(Object.keys(config.messages.fallback).sort()).toEqual(['cantonese', 'english', 'mandarin']);
      expect(config.messages.welcome.cantonese).toMatch(/你好/);
      expect(config.project.name).toBe('Demo Project');
    });

    it('answers with the topic response for its kind and language, related topics, and logs the row', async () => {
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      expect(session).toMatchObject({ language: 'english', ended_at: null, questions: 0 });
      const answer = await deviceData(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: 'Where is the parking?',
        language: 'english',
      });
      expect(answer).toMatchObject({
        fallback: false,
        fallback_text: null,
        intent: { id: topicId, name: 'Parking' },
      });
      expect(answer.responses).toHaveLength(1);
      expect(answer.responses[0]).toMatchObject({
        device_type: 'ambassador',
        speech: 'Parking for ambassador',
      });
      expect(answer.related.map((r: { name: string }) => r.name)).toEqual(['Parking details']);
      expect(answer.conversation_id).toEqual(expect.any(Number));

      const [row] = await t.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, answer.conversation_id));
      expect(row).toMatchObject({
        deviceId: LOBBY,
        sessionId: session.session_id,
        acquire: 'Where is the parking?',
        reply: 'Parking answer for ambassador\n[More]',
        language: 'english',
        intentId: topicId,
        intentName: 'Parking',
        categoryName: 'Parking category',
        status: 'answered',
        rating: null,
        bookmarked: false,
      });
      expect(row!.score).toBeGreaterThan(0.5);
      expect(row!.responseTimeMs).toBe(answer.response_time_ms);
      const [s] = await t.database.db
        .select()
        .from(visitorSessions)
        .where(eq(visitorSessions.id, session.session_id));
      expect(s!.questions).toBe(1);
    });

    it('answers a chatbot with the chatbot response', async () => {
      const chatKey = await rotate(CHATBOT);
      const session = await deviceData(chatKey, 'POST', '/sessions', { language: 'english' });
      const answer = await deviceData(chatKey, 'POST', '/ask', {
        session_id: session.session_id,
        text: 'parking',
        language: 'english',
      });
      expect(answer.responses[0].device_type).toBe('chatbot');
      expect(answer.related).toEqual([]);
    });

    it('falls back with the device fallback answer and logs it as fallback', async () => {
      const session = await deviceData(key, 'POST', '/sessions', { language: 'cantonese' });
      const answer = await deviceData(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: '你識唔識唱歌？',
        language: 'cantonese',
      });
      expect(answer).toMatchObject({ fallback: true, intent: null, responses: [], related: [] });
      expect(answer.fallback_text).toMatch(/唔好意思/);
      const [row] = await t.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, answer.conversation_id));
      expect(row).toMatchObject({
        status: 'fallback',
        intentId: null,
        reply: answer.fallback_text,
        language: 'cantonese',
      });
    });

    it('answers in the language the visitor wrote in, when the device offers it, and the session goes on in it', async () => {
      await adminData('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: topicId,
        language: 'cantonese',
        text: '泊車',
      });
      await adminData('POST', '/ai_config/intents/responses', {
        device_id: LOBBY,
        intent_id: topicId,
        language: 'cantonese',
        device_type: 'ambassador',
        speech: '停車場喺地庫',
        contents: [{ type: 'text', values: ['停車場喺地庫一樓'] }],
      });
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const answer = await deviceData(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: '請問邊度可以泊車？',
        language: 'english',
      });
      expect(answer).toMatchObject({ language: 'cantonese', intent: { id: topicId } });
      expect(answer.responses.map((r: { speech: string }) => r.speech)).toEqual(['停車場喺地庫']);
      const [row] = await t.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, answer.conversation_id));
      expect(row).toMatchObject({ language: 'cantonese', intentId: topicId });
      const [s] = await t.database.db
        .select()
        .from(visitorSessions)
        .where(eq(visitorSessions.id, session.session_id));
      expect(s!.language).toBe('cantonese');

      // Back to English in the same session; a fallback answers in the language asked.
      const english = await deviceData(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: 'Where is the parking?',
        language: 'cantonese',
      });
      expect(english).toMatchObject({ language: 'english', intent: { id: topicId } });
      const fallback = await deviceData(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: '你識唔識唱歌？',
        language: 'english',
      });
      expect(fallback).toMatchObject({ fallback: true, language: 'cantonese' });
      expect(fallback.fallback_text).toMatch(/唔好意思/);
      // A language the device does not offer keeps the session's.
      const japanese = await deviceData(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: '駐車場はどこですか',
        language: 'english',
      });
      expect(japanese.language).toBe('english');
    });

    it('logs a retried question (same idempotency key) once and answers it again', async () => {
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const body = { session_id: session.session_id, text: 'parking please', language: 'english' };
      const headers = { 'idempotency-key': 'retry-0123456789' };
      const [a, b] = await Promise.all([
        deviceData(key, 'POST', '/ask', body, headers),
        deviceData(key, 'POST', '/ask', body, headers),
      ]);
      const c = await deviceData(key, 'POST', '/ask', body, headers);
      expect(b.conversation_id).toBe(a.conversation_id);
      expect(c.conversation_id).toBe(a.conversation_id);
      expect(c.intent.name).toBe('Parking');
      const rows = await t.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.sessionId, session.session_id));
      expect(rows).toHaveLength(1);
      const [s] = await t.database.db
        .select()
        .from(visitorSessions)
        .where(eq(visitorSessions.id, session.session_id));
      expect(s!.questions).toBe(1);
      // The same key from another device is another question.
      const chatKey = await rotate(CHATBOT);
      const other = await deviceData(chatKey, 'POST', '/sessions', { language: 'english' });
      const d = await deviceData(chatKey, 'POST', '/ask', { ...body, session_id: other.session_id }, headers);
      expect(d.conversation_id).not.toBe(a.conversation_id);
    });

    it('logs questions asked together in one batch, each with its own id, a retry once', async () => {
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const body = { session_id: session.session_id, text: 'parking', language: 'english' };
      const asks = Array.from({ length: 12 }, (_, i) =>
        deviceData(key, 'POST', '/ask', body, { 'idempotency-key': `batch-${i}-0123456789` }),
      );
      // A retry racing its original lands in the same batch.
      asks.push(deviceData(key, 'POST', '/ask', body, { 'idempotency-key': 'batch-0-0123456789' }));
      const answers = await Promise.all(asks);
      const ids = answers.map((a) => a.conversation_id as number);
      expect(ids.every((id) => Number.isInteger(id))).toBe(true);
      expect(new Set(ids.slice(0, 12)).size).toBe(12);
      expect(ids[12]).toBe(ids[0]);
      const rows = await t.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.sessionId, session.session_id));
      expect(rows).toHaveLength(12);
      expect(rows.every((r) => r.categoryName === 'Parking category' && r.intentName === 'Parking')).toBe(
        true,
      );
      // Each id is its own question's row.
      for (const [i, id] of ids.slice(0, 12).entries()) {
        expect(rows.find((r) => r.id === id)?.idempotencyKey).toBe(`batch-${i}-0123456789`);
      }
      const [s] = await t.database.db
        .select()
        .from(visitorSessions)
        .where(eq(visitorSessions.id, session.session_id));
      expect(s!.questions).toBe(12);
    });

    it('answers kiosks asking at once in several sessions each their own, and logs each row as asked', async () => {
      await topicWithAnswers(LOBBY, 'Toilets', 'toilets');
      // The device's matcher takes the new topic in the background; asked before, the previous one answers.
      const warm = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      await vi.waitFor(async () => {
        const body = { session_id: warm.session_id, text: 'toilets', language: 'english' };
        expect((await deviceData(key, 'POST', '/ask', body)).intent?.name).toBe('Toilets');
      });
      const kiosks = [
        { key, deviceId: LOBBY, kind: 'ambassador' },
        { key: await rotate(CHATBOT), deviceId: CHATBOT, kind: 'chatbot' },
      ];
      // What each question gets: a topic's answer, small talk or the fallback.
      const expected: Record<string, { by: string; status: string; intent: string | null; reply: RegExp }> = {
        parking: { by: 'topic', status: 'answered', intent: 'Parking', reply: /^Parking answer for / },
        toilets: { by: 'topic', status: 'answered', intent: 'Toilets', reply: /^Toilets answer for / },
        hello: { by: 'small_talk', status: 'small_talk', intent: null, reply: /Hello/ },
        'do you sell violins': { by: 'fallback', status: 'fallback', intent: null, reply: /sorry/i },
      };
      const texts = Object.keys(expected);
      const sessions = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const kiosk = kiosks[i % 2]!;
          const s = await deviceData(kiosk.key, 'POST', '/sessions', { language: 'english' });
          // Each session asks in its own order; the chatbot has no Toilets topic (its fallback).
          const own = texts.map((_, j) => texts[(i + j) % texts.length]!);
          return { ...kiosk, id: s.session_id as string, texts: own };
        }),
      );
      const asks = sessions.flatMap((s) =>
        s.texts.map(async (text) => ({
          s,
          text,
          answer: await deviceData(s.key, 'POST', '/ask', { session_id: s.id, text, language: 'english' }),
        })),
      );
      const answered = await Promise.all(asks);
      const ids = answered.map((a) => a.answer.conversation_id as number);
      expect(new Set(ids).size).toBe(answered.length);

      const rows = new Map(
        (
          await t.database.db
            .select()
            .from(conversations)
            .where(
              inArray(
                conversations.sessionId,
                sessions.map((s) => s.id),
              ),
            )
        ).map((r) => [r.id, r]),
      );
      expect(rows.size).toBe(answered.length);
      for (const { s, text, answer } of answered) {
        const want =
          s.deviceId === CHATBOT && text === 'toilets' ? expected['do you sell violins']! : expected[text]!;
        expect(answer.answered_by, `${s.kind}: ${text}`).toBe(want.by);
        if (want.by === 'topic') expect(answer.responses[0].speech).toBe(`${want.intent} for ${s.kind}`);
        expect(rows.get(answer.conversation_id)).toMatchObject({
          deviceId: s.deviceId,
          sessionId: s.id,
          acquire: text,
          status: want.status,
          intentName: want.intent,
          reply: expect.stringMatching(want.reply),
        });
      }
      const counted = await t.database.db
        .select({ questions: visitorSessions.questions })
        .from(visitorSessions)
        .where(
          inArray(
            visitorSessions.id,
            sessions.map((s) => s.id),
          ),
        );
      expect(counted.map((c) => c.questions)).toEqual(sessions.map(() => texts.length));
    });

    it('answers with what the console changed since the last question', async () => {
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const ask = () =>
        deviceData(key, 'POST', '/ask', {
          session_id: session.session_id,
          text: 'parking',
          language: 'english',
        });
      const before = await ask();
      expect(before.responses[0].speech).toBe('Parking for ambassador');
      expect(before.related).toHaveLength(1);

      // A response edited in the console is what the next question gets.
      await adminData('PUT', '/ai_config/intents/responses', {
        device_id: LOBBY,
        id: before.responses[0].id,
        language: 'english',
        device_type: 'ambassador',
        speech: 'Parking is on level B2',
        contents: [{ type: 'text', values: ['Parking is on level B2'] }],
      });
      const edited = await ask();
      expect(edited.responses[0].speech).toBe('Parking is on level B2');
      expect(edited.responses[0].contents[0].values).toEqual(['Parking is on level B2']);

      // The device's settings: related topics turned off, then on again.
      await adminData('PUT', '/ai_config/related_intents/on_off', {
        device_id: LOBBY,
        is_enabled_related_intents: false,
      });
      expect((await ask()).related).toEqual([]);
      await adminData('PUT', '/ai_config/related_intents/on_off', {
        device_id: LOBBY,
        is_enabled_related_intents: true,
      });
      expect((await ask()).related).toHaveLength(1);

      // A renamed topic answers under its new name; a new sub-topic shows as related at once.
      await adminData('PUT', '/ai_config/intents/intent', {
        device_id: LOBBY,
        id: topicId,
        name: 'Car park',
      });
      const child = await adminData('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name: 'EV charging',
        parent_id: topicId,
      });
      await adminData('POST', '/ai_config/intents/keywords', {
        device_id: LOBBY,
        intent_id: child.id,
        language: 'english',
        text: 'EV charging',
      });
      const renamed = await ask();
      expect(renamed.intent.name).toBe('Car park');
      expect(renamed.related.map((r: { name: string }) => r.name)).toEqual([
        'EV charging',
        'Parking details',
      ]);
      await adminData('PUT', '/ai_config/intents/intent', { device_id: LOBBY, id: topicId, name: 'Parking' });
      await adminData('PUT', '/ai_config/intents/responses', {
        device_id: LOBBY,
        id: before.responses[0].id,
        language: 'english',
        device_type: 'ambassador',
        speech: 'Parking for ambassador',
        contents: before.responses[0].contents,
      });
      await adminData('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: child.id });
      expect((await ask()).related.map((r: { name: string }) => r.name)).toEqual(['Parking details']);
    });

    it('takes a rating and a comment for its own answers only', async () => {
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const answer = await deviceData(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: 'parking',
        language: 'english',
      });
      const rated = await deviceData(key, 'POST', `/conversations/${answer.conversation_id}/rating`, {
        rating: -1,
        comment: '  太遠了 <b>far</b> ',
      });
      expect(rated).toEqual({
        conversation_id: answer.conversation_id,
        rating: -1,
        comment: '太遠了 <b>far</b>',
      });
      const [row] = await t.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, answer.conversation_id));
      expect(row).toMatchObject({ rating: -1, comment: '太遠了 <b>far</b>' });
      expect(
        (await device(key, 'POST', `/conversations/${answer.conversation_id}/rating`, { rating: 5 }))
          .statusCode,
      ).toBe(400);
      const chatKey = await rotate(CHATBOT);
      const foreign = await device(chatKey, 'POST', `/conversations/${answer.conversation_id}/rating`, {
        rating: 1,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('ends a session once; asking in an ended, unknown or foreign session is refused', async () => {
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const ended = await deviceData(key, 'POST', `/sessions/${session.session_id}/end`, {});
      expect(ended.ended_at).not.toBeNull();
      const again = await deviceData(key, 'POST', `/sessions/${session.session_id}/end`, {});
      expect(again.ended_at).toBe(ended.ended_at);
      const late = await device(key, 'POST', '/ask', {
        session_id: session.session_id,
        text: 'parking',
        language: 'english',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('session_ended');
      const unknown = await device(key, 'POST', '/ask', {
        session_id: '00000000-0000-4000-8000-000000000000',
        text: 'parking',
        language: 'english',
      });
      expect(unknown.statusCode).toBe(404);
      const chatKey = await rotate(CHATBOT);
      const open = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const foreign = await device(chatKey, 'POST', '/ask', {
        session_id: open.session_id,
        text: 'parking',
        language: 'english',
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('refuses bad input with a clear message and logs nothing', async () => {
      const before = (await t.database.db.select().from(conversations)).length;
      const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
      const cases = [
        [{ session_id: session.session_id, text: '   ', language: 'english' }, /Text cannot be empty/],
        [{ session_id: session.session_id, text: 'x'.repeat(501), language: 'english' }, /Maximum 500/],
        [
          { session_id: session.session_id, text: 'parking', language: 'japanese' },
          /does not offer japanese/,
        ],
        [{ session_id: 'nope', text: 'parking', language: 'english' }, /Unknown session/],
      ] as const;
      for (const [payload, message] of cases) {
        const res = await device(key, 'POST', '/ask', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      expect((await device(key, 'POST', '/sessions', { language: 'german' })).statusCode).toBe(400);
      expect((await t.database.db.select().from(conversations)).length).toBe(before);
    });
  });

  it('answers the visitor even when the log write fails, and logs the row once later from the outbox', async () => {
    const key = await rotate(LOBBY);
    const session = await deviceData(key, 'POST', '/sessions', { language: 'english' });
    const real = createDeviceApiRepo(t.database.db);
    let failures = 1;
    const warnings: string[] = [];
    // A second queue over the same jobs table: the instance that writes the row later need not be
    // the one that answered (the first one may have crashed).
    const queue = () =>
      createJobQueue({
        db: t.database.db,
        clock: t.clock,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
    const answering = queue();
    let outboxDown = false;
    const service = createDeviceApiService({
      jobs: {
        register: answering.register,
        enqueue: async (...args) => {
          if (outboxDown) throw new Error('connection refused');
          return answering.enqueue(...args);
        },
      },
      sessionEnded: async () => undefined,
      kioskParts: async () => ({ sections: defaultKioskSections() }),
      repo: {
        ...real,
        // The batched write fails once; the retry (one row at a time) goes through.
        logConversations: async (rows) => {
          if (failures-- > 0) throw new Error('connection terminated unexpectedly');
          return real.logConversations(rows);
        },
      },
      answers: {
        ask: async () => ({
          language: 'english' as const,
          answered_by: 'fallback' as const,
          answer_text: null,
          answer_speech: null,
          source: null,
          location: null,
          locationRef: null,
          steps: [],
          topic: {
            fallback: true,
            threshold: 0.5,
            best: null,
            candidates: [],
            responses: [],
            related: [],
            avatar_motion: null,
          },
        }),
      },
      topics: { settings: async () => undefined },
      clock: t.clock,
      log: { error: (_o, m) => warnings.push(m), warn: (_o, m) => warnings.push(m) },
    });
    const context = {
      id: LOBBY,
      projectId: admin.projectId,
      projectName: 'Demo Project',
      description: 'Main Lobby Ambassador',
      kind: 'ambassador' as const,
      languages: ['english' as const],
    };
    const answer = await service.ask(
      context,
      { session_id: session.session_id, text: 'hello?', language: 'english' },
      'flaky-0123456789',
    );
    expect(answer).toMatchObject({ conversation_id: null, fallback: true });
    expect(answer.fallback_text).toMatch(/Sorry/);
    expect(warnings[0]).toMatch(/logging a conversation failed/);
    expect(service.heldLogs()).toBe(0);
    const logged = () =>
      t.database.db.select().from(conversations).where(eq(conversations.idempotencyKey, 'flaky-0123456789'));
    expect(await logged()).toHaveLength(0);
    // Another instance's worker takes the row from the outbox, once; the job leaves no copy of it.
    const other = queue();
    createLogOutbox({
      jobs: other,
      write: (row) => real.logConversation(row),
      log: { error: () => {}, warn: () => {} },
    });
    expect(await other.runDue()).toBe(1);
    const rows = await logged();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ acquire: 'hello?', language: 'english', status: 'fallback' });
    expect(await other.runDue()).toBe(0);
    expect((await t.database.db.select().from(jobs).where(eq(jobs.kind, CONVERSATION_LOG_JOB))).length).toBe(
      0,
    );

    // With the database away altogether, the row waits in memory and goes to the outbox later.
    failures = 1;
    outboxDown = true;
    await service.ask(
      context,
      { session_id: session.session_id, text: 'still there?', language: 'english' },
      'flaky-outbox-down-01',
    );
    expect(service.heldLogs()).toBe(1);
    outboxDown = false;
    await service.flushLogs();
    expect(service.heldLogs()).toBe(0);
    expect(await answering.runDue()).toBe(1);
    const later = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.idempotencyKey, 'flaky-outbox-down-01'));
    expect(later.map((r) => r.acquire)).toEqual(['still there?']);
    await service.close();
  });
});
