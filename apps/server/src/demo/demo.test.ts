import type { AskResult, DeviceConfig, EventOverview, ResponseButton } from '@ambassador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevicesRepo, createDevicesService } from '../modules/devices/index.js';
import { eventCalls } from '../test/events.js';
import { ADMIN, backends, login, suiteApp, type Session } from '../test/harness.js';
import { DEMO_TOPICS } from './content.js';
import { DEMO_LANGUAGES, inLanguage, seedDemoContent, type DemoLanguage } from './seed-content.js';
import { seedDemoEvents } from './seed-events.js';
import { seedDemoSmallTalk } from './seed-small-talk.js';

/** Seeded device 1: Main Lobby Ambassador, in English, Cantonese and Mandarin. */
const LOBBY = 1;

/** What a tap asks, as the kiosk's `questionOf` does: the payload, or the text without one. */
const questionOf = (b: ResponseButton) => b.payload.trim() || b.text.trim();

/** Every question an answer lets the visitor tap: buttons, menu choices, card buttons, list rows, related chips. */
function tappable(answer: AskResult): string[] {
  const out: string[] = [];
  for (const r of answer.responses) {
    for (const c of r.contents) {
      if (c.type === 'buttons' && c.button_type !== 'url') out.push(...c.values.map(questionOf));
      else if (c.type === 'dropdown') out.push(...c.values.map(questionOf));
      else if (c.type === 'cards') for (const card of c.cards) out.push(...card.buttons.map(questionOf));
      else if (c.type === 'list') for (const e of c.elements) if (e.payload) out.push(e.payload);
    }
  }
  out.push(...answer.related.map((t) => t.name));
  return out.filter(Boolean);
}

const LATIN = /[A-Za-z]/;

describe.each(backends)('the demo content on %s', (kind) => {
  const t = suiteApp(kind);
  let key: string;
  beforeAll(async () => {
    await seedDemoContent(t.database.db, t.clock, { id: LOBBY, kind: 'ambassador' });
    key = (
      await createDevicesService({ repo: createDevicesRepo(t.database.db), clock: t.clock }).issueToolKey(
        LOBBY,
      )
    ).key;
  });

  const call = async <T>(url: string, payload: object): Promise<T> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/device_api/v1${url}`,
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as T;
  };

  it.each(DEMO_LANGUAGES)(
    'answers every button, menu choice and related topic the kiosk shows in %s',
    async (language: DemoLanguage) => {
      const { session_id } = await call<{ session_id: string }>('/sessions', { language });
      const ask = (text: string) => call<AskResult>('/ask', { session_id, text, language });

      // Open every demo topic by its keywords, then tap everything each answer offers, and
      // everything those answers offer, until nothing new is offered.
      const queue: Array<{ text: string; from: string | null }> = DEMO_TOPICS.flatMap((topic) =>
        [topic, ...(topic.sub ?? [])].flatMap((x) =>
          inLanguage(x.keywords, language).map((text) => ({ text, from: null })),
        ),
      );
      const answers = new Map<string, AskResult>();
      const walked = new Set<string>();
      const dead: string[] = [];
      const taps: string[] = [];
      while (queue.length > 0) {
        const { text, from } = queue.shift()!;
        if (walked.has(`${from}\u0000${text}`)) continue;
        walked.add(`${from}\u0000${text}`);
        const known = answers.get(text);
        const answer = known ?? (await ask(text));
        answers.set(text, answer);
        if (from !== null) {
          taps.push(text);
          // A tap that falls back, or that answers with the very topic that offered it, leads nowhere.
          if (answer.fallback || answer.intent?.name === from) dead.push(`${from} → "${text}"`);
        }
        if (known || !answer.intent) continue;
        for (const topic of answer.related) {
          if (language !== 'english') expect(topic.name, `chip on ${answer.intent.name}`).not.toMatch(LATIN);
        }
        for (const next of tappable(answer)) queue.push({ text: next, from: answer.intent.name });
      }
      expect(dead).toEqual([]);
      const reached = new Set([...answers.values()].map((a) => a.intent?.name));
      const all = DEMO_TOPICS.flatMap((topic) => [topic, ...(topic.sub ?? [])]).map((x) => x.name);
      expect(all.filter((name) => !reached.has(name))).toEqual([]);
      // The walk did reach the shop menu and the parking buttons (it cannot pass by tapping nothing).
      const menu = { english: 'pharmacy', cantonese: '藥房', mandarin: '药店' }[language];
      expect(taps).toContain(menu);
      expect(taps.length).toBeGreaterThanOrEqual(5);
    },
  );

  it('gives the device an example topic filter in each of its languages, switched off', async () => {
    await seedDemoSmallTalk(t.database.db, t.clock, {
      id: LOBBY,
      languages: ['english', 'cantonese', 'mandarin'],
    });
    const session: Session = await login(t.app, ADMIN.username, ADMIN.password);
    const get = async (path: string) =>
      (await t.app.inject({ method: 'GET', url: `/admin_panel${path}`, headers: session.headers })).json()
        .data;
    const filters = await get(`/small_talk/topic_filters?device_id=${LOBBY}`);
    expect(filters.map((f: { topics: string[] }) => f.topics[0])).toEqual(['politics', '政治', '政治']);
    expect((await get(`/small_talk/settings?device_id=${LOBBY}`)).is_enabled_topic_filter).toBe(false);
  });

  it('gives the ambassador an example event that can be made current and played in every demo language', async () => {
    await seedDemoEvents(t.database.db, t.clock, { id: LOBBY, kind: 'ambassador' });
    const session: Session = await login(t.app, ADMIN.username, ADMIN.password);
    const admin = eventCalls(t, () => session);
    const overview = (await admin.data('GET', `/overview?device_id=${LOBBY}`)) as EventOverview;
    const example = overview.events.find((e) => e.title === 'Welcome quiz')!;
    expect(example).toMatchObject({ is_active: false, is_complete: true });
    const made = await admin.save(LOBBY, example.id, { is_active: true });
    expect(made.statusCode).toBe(200);

    const config = (
      await t.app.inject({
        method: 'GET',
        url: '/device_api/v1/config',
        headers: { authorization: `Bearer ${key}` },
      })
    ).json().data as DeviceConfig;
    expect([...config.event!.languages].sort()).toEqual([...DEMO_LANGUAGES].sort());
    for (const language of DEMO_LANGUAGES) {
      const flow = config.event!.flows[language]!;
      expect(flow.map((a) => a.type)).toEqual(['tts', 'quiz', 'nlp']);
      const quiz = flow[1]!.type === 'quiz' ? flow[1]!.quiz : null;
      expect(quiz!.questions).toHaveLength(2);
      expect(Object.keys(quiz!.pages).sort()).toEqual(['ending', 'onboard']);
    }
    const run = await call<{ run_id: number }>('/event_runs', {
      event_id: example.id,
      version: config.event!.version,
      language: 'cantonese',
    });
    const question = (config.event!.flows.cantonese![1] as { quiz: { questions: { id: number }[] } }).quiz
      .questions[0]!;
    const answer = (text: string, attempt: number) =>
      call<{ correct: boolean }>(`/event_runs/${run.run_id}/answers`, {
        activity_index: 1,
        question_id: question.id,
        attempt,
        answer: text,
      });
    expect(await answer('地下', 1)).toEqual({ correct: false });
    expect(await answer('三樓', 2)).toEqual({ correct: true });
    await admin.save(LOBBY, example.id, { is_active: false });
  });
});
