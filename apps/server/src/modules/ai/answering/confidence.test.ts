import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../../db/schema.js';
import { insertConversations, type ConversationFixture } from '../../../test/conversation-fixtures.js';
import { backends, createUser } from '../../../test/harness.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador (asked through the device API), 2 North Wing (preview). */
const LOBBY = 1;
const NORTH = 2;
const DAY = 86_400_000;

/** Close to Parking, but not containing a keyword: it falls back at the default (about 0.42). */
const VAGUE = 'where can I leave my car';
const UNRELATED = 'who won the world cup';
/** Issue 39's: it resembles a topic a little (about 0.1), far below the threshold. */
const FAR = 'can you sing a song';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(backends)('answer confidence on %s', (kind) => {
  const t = projectFixture(kind, { other: {} });
  const { admin, otherAdmin: outsider } = t;
  let deviceKey = '';
  const parking: Record<number, number> = {};

  const call = (method: Method, path: string, payload?: object, s = admin) =>
    t.app.inject({ method, url: `/admin_panel${path}`, headers: s.headers, ...(payload && { payload }) });
  const data = async (method: Method, path: string, payload?: object) => {
    const res = await call(method, path, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const ask = async (session: string, text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/ask',
      headers: { authorization: `Bearer ${deviceKey}` },
      payload: { session_id: session, text, language: 'english' },
    });
    if (res.statusCode !== 200) throw new Error(`ask: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  /** The best topic's score as the test console (the same matcher) sees it; 0 when none. */
  const scoreOf = async (deviceId: number, text: string): Promise<number> =>
    (await data('POST', '/ai_config/test_console', { device_id: deviceId, language: 'english', text }))
      .candidates[0]?.score ?? 0;
  const preview = (deviceId: number, value: number | string, extra = '') =>
    call(
      'GET',
      `/ai_config/answer_confidence/preview?device_id=${deviceId}&answer_confidence=${value}${extra}`,
    );
  const setConfidence = (deviceId: number, value: unknown, s = admin) =>
    call('PUT', '/ai_config/answer_confidence', { device_id: deviceId, answer_confidence: value }, s);

  /** Parking (car park, parking), Opening hours, Toilets: the same three topics on a device. */
  async function topics(deviceId: number) {
    const cat = await data('POST', '/ai_config/intents/category', { device_id: deviceId, name: 'Visit' });
    const ids: number[] = [];
    for (const [name, keywords] of [
      ['Parking', ['car park', 'parking']],
      ['Opening hours', ['opening hours']],
      ['Toilets', ['toilet']],
    ] as const) {
      const topic = await data('POST', '/ai_config/intents/intent', {
        device_id: deviceId,
        name,
        category_id: cat.category_id,
      });
      for (const text of keywords) {
        await data('POST', '/ai_config/intents/keywords', {
          device_id: deviceId,
          intent_id: topic.id,
          language: 'english',
          text,
        });
      }
      await data('POST', '/ai_config/intents/responses', {
        device_id: deviceId,
        intent_id: topic.id,
        language: 'english',
        device_type: 'ambassador',
        speech: '',
        contents: [{ type: 'text', values: [`${name}: here is how.`] }],
      });
      ids.push(topic.id);
    }
    return ids;
  }

  beforeAll(async () => {
    parking[LOBBY] = (await topics(LOBBY))[0]!;
    parking[NORTH] = (await topics(NORTH))[0]!;
    deviceKey = (await data('POST', '/admin_settings/devices/key', { id: LOBBY })).device_key;
  });

  it('reads and saves a device’s answer confidence, and null goes back to the default', async () => {
    expect(await data('GET', `/ai_config/settings?device_id=${LOBBY}`)).toEqual({
      is_enabled_related_intents: true,
      answer_confidence: null,
      default_answer_confidence: 0.5,
    });
    const saved = await setConfidence(LOBBY, 0.42);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ answer_confidence: 0.42, is_enabled_related_intents: true });
    // Another device keeps its own (the default).
    expect((await data('GET', `/ai_config/settings?device_id=${NORTH}`)).answer_confidence).toBeNull();
    // The related-intents switch leaves it alone, and it leaves the switch alone.
    await data('PUT', '/ai_config/related_intents/on_off', {
      device_id: LOBBY,
      is_enabled_related_intents: false,
    });
    expect(await data('GET', `/ai_config/settings?device_id=${LOBBY}`)).toMatchObject({
      is_enabled_related_intents: false,
      answer_confidence: 0.42,
    });
    await data('PUT', '/ai_config/related_intents/on_off', {
      device_id: LOBBY,
      is_enabled_related_intents: true,
    });
    const reset = await setConfidence(LOBBY, null);
    expect(reset.json()).toMatchObject({
      message: 'Answer confidence reset to the default.',
      data: { answer_confidence: null, default_answer_confidence: 0.5 },
    });
  });

  it('refuses a confidence outside 5–95 %, or not a number, with the rule, and changes nothing', async () => {
    await setConfidence(NORTH, 0.6);
    for (const bad of [0.04, 0.951, 0, 1, -0.5, 50, '0.5', true, 'high', {}]) {
      const res = await setConfidence(NORTH, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_error',
        issues: [
          {
            path: ['answer_confidence'],
            key: 'answer_confidence_range',
            params: { min: 5, max: 95 },
            message: 'Answer confidence is from 5% to 95%',
          },
        ],
      });
    }
    const missing = await call('PUT', '/ai_config/answer_confidence', { device_id: NORTH });
    expect(missing.statusCode).toBe(400);
    // The preview checks its value the same way, from the query string.
    for (const bad of ['0.01', '2', '-0.5', '5e-1', 'abc', '']) {
      const res = await preview(NORTH, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ key: 'answer_confidence_range' });
    }
    expect((await data('GET', `/ai_config/settings?device_id=${NORTH}`)).answer_confidence).toBe(0.6);
    // The edges are allowed.
    expect((await setConfidence(NORTH, 0.05)).statusCode).toBe(200);
    expect((await setConfidence(NORTH, 0.95)).statusCode).toBe(200);
    expect((await setConfidence(NORTH, null)).statusCode).toBe(200);
  });

  it('refuses another project, and a role without AI Configuration, and changes nothing', async () => {
    await setConfidence(LOBBY, 0.7);
    const theirs = await setConfidence(LOBBY, 0.2, outsider);
    expect(theirs.statusCode).toBe(403);
    expect(
      (await call('GET', `/ai_config/settings?device_id=${LOBBY}`, undefined, outsider)).statusCode,
    ).toBe(403);
    const peek = await call(
      'GET',
      `/ai_config/answer_confidence/preview?device_id=${LOBBY}&answer_confidence=0.3`,
      undefined,
      outsider,
    );
    expect(peek.statusCode).toBe(403);
    expect(JSON.stringify(peek.json())).not.toContain('answer');
    const { session: service } = await createUser(t.app, admin, { username: 'service_conf', role_id: 2 });
    expect((await setConfidence(LOBBY, 0.2, service)).statusCode).toBe(403);
    expect((await data('GET', `/ai_config/settings?device_id=${LOBBY}`)).answer_confidence).toBe(0.7);
    await setConfidence(LOBBY, null);
  });

  it('travels with Transfer A.I. Data, and Undo restores the destination’s', async () => {
    const CHATBOT = 3;
    await setConfidence(LOBBY, 0.65);
    await setConfidence(CHATBOT, 0.3);
    const copy = await data('POST', '/setup/copy_device', { source_id: LOBBY, dest_id: CHATBOT });
    expect((await data('GET', `/ai_config/settings?device_id=${CHATBOT}`)).answer_confidence).toBeCloseTo(
      0.65,
      5,
    );
    await data('POST', '/setup/copy_device/undo', { id: copy.id });
    expect((await data('GET', `/ai_config/settings?device_id=${CHATBOT}`)).answer_confidence).toBeCloseTo(
      0.3,
      5,
    );
    await setConfidence(LOBBY, null);
    await setConfidence(CHATBOT, null);
  });

  describe('asking with the device’s setting', () => {
    let session = '';
    const logged = async (id: number) =>
      (await t.database.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;

    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/device_api/v1/sessions',
        headers: { authorization: `Bearer ${deviceKey}` },
        payload: { language: 'english' },
      });
      session = res.json().data.session_id;
    });

    it('falls back below the device’s threshold and logs the best candidate with its score', async () => {
      const score = await scoreOf(LOBBY, 'where do I park');
      expect(score).toBeGreaterThan(0.5);
      expect(score).toBeLessThan(0.9);
      // At the default it answers…
      const answered = await ask(session, 'where do I park');
      expect(answered).toMatchObject({ fallback: false, intent: { id: parking[LOBBY], name: 'Parking' } });
      expect(await logged(answered.conversation_id)).toMatchObject({
        status: 'answered',
        intentId: parking[LOBBY],
        candidateIntentId: null,
      });
      // … above its score it falls back, for visitors and in the test console alike.
      const strict = Math.min(0.95, Math.round((score + 0.05) * 100) / 100);
      await setConfidence(LOBBY, strict);
      const fell = await ask(session, 'where do I park');
      expect(fell).toMatchObject({ fallback: true, intent: null, responses: [] });
      const row = await logged(fell.conversation_id);
      expect(row).toMatchObject({
        status: 'fallback',
        intentId: null,
        intentName: null,
        candidateIntentId: parking[LOBBY],
      });
      expect(row.score).toBeCloseTo(score, 5);
      const tried = await data('POST', '/ai_config/test_console', {
        device_id: LOBBY,
        language: 'english',
        text: 'where do I park',
      });
      expect(tried).toMatchObject({ fallback: true, best: null });
      expect(tried.candidates[0]).toMatchObject({ intent_name: 'Parking' });
      expect(tried.threshold).toBeCloseTo(strict, 5);
      // Lower than the default, a question the default turns away is answered.
      const vague = await scoreOf(LOBBY, VAGUE);
      expect(vague).toBeGreaterThan(0.05);
      expect(vague).toBeLessThan(0.5);
      await setConfidence(LOBBY, Math.max(0.05, Math.floor((vague - 0.02) * 100) / 100));
      expect(await ask(session, VAGUE)).toMatchObject({ fallback: false, intent: { name: 'Parking' } });
      await setConfidence(LOBBY, null);
    });

    it('logs no candidate when nothing resembled the question', async () => {
      const res = await ask(session, UNRELATED);
      expect(res.fallback).toBe(true);
      expect(await logged(res.conversation_id)).toMatchObject({
        status: 'fallback',
        candidateIntentId: null,
        score: null,
      });
    });

    it('Conversation Review: "fell back, but had a candidate" lists only those, and one click teaches it', async () => {
      const vague = await ask(session, VAGUE);
      expect(vague.fallback).toBe(true);
      // A fallback whose candidate topic was deleted since cannot be taught: it leaves the filter.
      const gone = await data('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name: 'Gone soon',
        category_id: (await data('GET', `/ai_config/intents/category?device_id=${LOBBY}`))[0].category_id,
      });
      const now = t.clock.now();
      const [orphan] = await insertConversations(t.database.db, [
        { deviceId: LOBBY, at: now, acquire: 'orphaned', status: 'fallback', candidateIntentId: gone.id },
      ]);
      await data('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: gone.id });

      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const range = `start_datetime=${day(now.getTime() - DAY)}&end_datetime=${day(now.getTime() + DAY)}&tz=UTC`;
      const list = async (filter: string) => {
        const res = await call('GET', `/conversation?device_ids=${LOBBY}&${range}&limit=100${filter}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { data: Array<Record<string, unknown>>; total: number };
      };
      const all = await list('');
      const withCandidate = await list('&candidate=true');
      expect(withCandidate.total).toBeGreaterThanOrEqual(2);
      expect(withCandidate.data.length).toBe(withCandidate.total);
      for (const row of withCandidate.data) {
        expect(row).toMatchObject({ status: 'fallback', candidate: { id: parking[LOBBY], name: 'Parking' } });
        expect(row.score).toEqual(expect.any(Number));
      }
      // Exactly the fallbacks of the whole list that name a candidate.
      expect(withCandidate.data.map((r) => r.id).sort()).toEqual(
        all.data
          .filter((r) => r.status === 'fallback' && r.candidate !== null)
          .map((r) => r.id)
          .sort(),
      );
      expect(all.data.some((r) => r.status === 'fallback' && r.candidate === null)).toBe(true);
      expect(all.data.find((r) => r.id === orphan)).toMatchObject({ candidate: null });
      // The detail panel's call carries the candidate too.
      const visit = await data('GET', `/conversation/session?id=${vague.conversation_id}`);
      expect(visit.find((r: { id: number }) => r.id === vague.conversation_id)).toMatchObject({
        candidate: { id: parking[LOBBY], name: 'Parking' },
      });

      // "Teach to Parking": the existing Train call with the candidate's id.
      const taught = await call('POST', '/conversation/train', {
        id: vague.conversation_id,
        intent_id: parking[LOBBY],
      });
      expect(taught.statusCode, taught.body).toBe(200);
      expect(taught.json().data).toMatchObject({ trained_intent: { id: parking[LOBBY], name: 'Parking' } });
      const phrases = await data(
        'GET',
        `/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${parking[LOBBY]}&language=english`,
      );
      expect(JSON.stringify(phrases)).toContain(VAGUE);
      // The same question now answers with that topic.
      expect(await ask(session, VAGUE)).toMatchObject({ fallback: false, intent: { name: 'Parking' } });

      // The filter is the caller's project's only.
      const theirs = await call(
        'GET',
        `/conversation?device_ids=${LOBBY}&${range}&candidate=true`,
        undefined,
        outsider,
      );
      expect(theirs.statusCode).toBe(403);
    });
    it('offers a fallback’s closest topic only within reach of the device’s threshold; farther ones only in the groups', async () => {
      // Like "Can you sing a song?" → Opening hours: something resembles it, but not nearly enough.
      const far = await scoreOf(LOBBY, FAR);
      expect(far).toBeGreaterThan(0);
      expect(far).toBeLessThan(0.5 * 0.6);
      const asked = await ask(session, FAR);
      expect(asked.fallback).toBe(true);
      const row = await logged(asked.conversation_id);
      // Its score is kept (how far it fell short), its closest topic is not offered.
      expect(row).toMatchObject({ status: 'fallback', candidateIntentId: null });
      expect(row.score).toBeCloseTo(far, 5);

      // Rows logged before the rule named every closest topic: the review holds them to it too.
      const now = t.clock.now();
      const [tiny = 0, low = 0, near = 0] = await insertConversations(
        t.database.db,
        [0.07, 0.2, 0.4].map((score) => ({
          deviceId: LOBBY,
          at: now,
          acquire: `older fallback ${score}`,
          status: 'fallback' as const,
          candidateIntentId: parking[LOBBY],
          score,
        })),
      );
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const range = `start_datetime=${day(now.getTime() - DAY)}&end_datetime=${day(now.getTime() + DAY)}&tz=UTC`;
      const list = async (filter: string) => {
        const res = await call('GET', `/conversation?device_ids=${LOBBY}&${range}&limit=100${filter}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { data: Array<{ id: number; candidate: unknown }> }).data;
      };
      const offered = async () => (await list('&candidate=true')).map((r) => r.id);
      const candidateOf = async (id: number) => (await list('')).find((r) => r.id === id)?.candidate;
      // At the default threshold (0.5), 0.3 is within reach.
      expect(await offered()).toContain(near);
      expect(await offered()).not.toContain(low);
      expect(await offered()).not.toContain(tiny);
      expect(await offered()).not.toContain(asked.conversation_id);
      expect(await candidateOf(near)).toEqual({ id: parking[LOBBY], name: 'Parking' });
      expect(await candidateOf(tiny)).toBeNull();
      // The unanswered-questions groups keep them, without a topic to teach.
      const groups = await data(
        'GET',
        `/conversation/fallback_groups?device_id=${LOBBY}&device_ids=${LOBBY}&${range}`,
      );
      const group = (label: string) =>
        groups.groups.find((g: { questions: Array<{ text: string }> }) =>
          g.questions.some((q) => q.text === label),
        );
      expect(group('older fallback 0.07')).toMatchObject({ candidate: null });
      expect(group(FAR)).toMatchObject({ candidate: null });
      expect(group('older fallback 0.4')).toMatchObject({ candidate: { name: 'Parking' } });
      // Reach follows the device's threshold: at 0.3, 0.2 is near enough, 0.07 still is not.
      await setConfidence(LOBBY, 0.3);
      expect(await offered()).toEqual(expect.arrayContaining([low, near]));
      expect(await offered()).not.toContain(tiny);
      await setConfidence(LOBBY, null);
    });
  });

  describe('the preview', () => {
    /** North Wing's questions: text → times asked in the window. */
    const ASKED: Record<string, number> = {
      parking: 3,
      'where do I park': 2,
      [VAGUE]: 1,
      'when do you open': 1,
      [UNRELATED]: 1,
    };
    const scores = new Map<string, number>();
    const total = Object.values(ASKED).reduce((a, b) => a + b, 0);
    /** What the preview must say, from each question's score (the matcher's own rule: score ≥ threshold). */
    const answeredAt = (threshold: number) =>
      Object.entries(ASKED).reduce((n, [text, times]) => n + (scores.get(text)! >= threshold ? times : 0), 0);

    beforeAll(async () => {
      const now = t.clock.now().getTime();
      const rows: ConversationFixture[] = [];
      let i = 0;
      for (const [text, times] of Object.entries(ASKED)) {
        for (let n = 0; n < times; n++)
          rows.push({ deviceId: NORTH, at: new Date(now - ++i * 3_600_000), acquire: text });
      }
      // Outside the window, and another device's: not counted.
      rows.push({ deviceId: NORTH, at: new Date(now - 31 * DAY), acquire: 'parking' });
      rows.push({ deviceId: 3, at: new Date(now - DAY), acquire: 'parking' });
      await insertConversations(t.database.db, rows);
      for (const text of Object.keys(ASKED)) {
        const score = await scoreOf(NORTH, text);
        scores.set(text, score > 0 ? score : -1);
      }
    });

    it('counts answered and fallback now and at the proposed setting, and lists what changes', async () => {
      // The fixture spans the range: one question always answers, one never, others in between.
      expect(scores.get('parking')).toBeGreaterThan(0.95);
      expect(scores.get(UNRELATED)).toBe(-1);
      for (const proposed of [0.05, 0.3, 0.45, 0.5, 0.7, 0.9, 0.95]) {
        const res = await preview(NORTH, proposed, '&limit=100');
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        const p = body.data;
        expect(p).toMatchObject({
          current: 0.5,
          proposed,
          questions: total,
          limited: false,
          at_current: { answered: answeredAt(0.5), fallback: total - answeredAt(0.5) },
          at_proposed: { answered: answeredAt(proposed), fallback: total - answeredAt(proposed) },
        });
        const expected = Object.entries(ASKED)
          .filter(([text]) => scores.get(text)! >= 0.5 !== scores.get(text)! >= proposed)
          .map(([text, times]) => ({
            text,
            times,
            change: scores.get(text)! >= proposed ? 'answers' : 'falls_back',
          }))
          .sort((a, b) => b.times - a.times || (a.text < b.text ? -1 : 1));
        expect(
          p.changes.map((c: { text: string; times: number; change: string }) => ({
            text: c.text,
            times: c.times,
            change: c.change,
          })),
        ).toEqual(expected);
        expect(p.changes_total).toBe(expected.length);
        expect(body.total).toBe(expected.length);
        for (const c of p.changes) {
          expect(c.language).toBe('english');
          expect(c.score).toBeCloseTo(scores.get(c.text)!, 5);
          expect(c.topic.name).toBe(c.text === 'when do you open' ? 'Opening hours' : 'Parking');
        }
      }
    });

    it('previews from the device’s own setting, pages the changes, and saves nothing', async () => {
      await setConfidence(NORTH, 0.9);
      const res = await preview(NORTH, 0.3, '&limit=1&offset=1');
      const p = res.json().data;
      expect(p.current).toBeCloseTo(0.9, 5);
      expect(p.at_current.answered).toBe(answeredAt(0.9));
      expect(p.at_proposed.answered).toBe(answeredAt(0.3));
      const all = (await preview(NORTH, 0.3, '&limit=100')).json().data;
      expect(p.changes_total).toBe(all.changes_total);
      expect(p.changes).toEqual(all.changes.slice(1, 2));
      expect(all.changes.every((c: { change: string }) => c.change === 'answers')).toBe(true);
      expect((await data('GET', `/ai_config/settings?device_id=${NORTH}`)).answer_confidence).toBeCloseTo(
        0.9,
        5,
      );
      await setConfidence(NORTH, null);
    });
  });
});
