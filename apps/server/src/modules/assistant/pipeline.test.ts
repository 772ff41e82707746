import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, mrcDocuments, mrcPassages } from '../../db/schema.js';
import { backends } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { aiCalls } from '../../test/ai.js';
import { createAnswerChain, type ChainStep, type StepOutcome } from './pipeline.js';

describe('the answering chain, step by step', () => {
  const device = { id: 1, kind: 'ambassador' as const };
  const seen: string[] = [];
  const fake = (name: ChainStep['name'], outcome: (text: string) => StepOutcome): ChainStep => ({
    name,
    run: async ({ text }) => {
      seen.push(name);
      return outcome(text);
    },
  });
  const topic = {
    fallback: true,
    threshold: 0.45,
    best: null,
    candidates: [{ intent_id: 7, intent_name: 'Parking', score: 0.3 }],
    responses: [],
    related: [],
    avatar_motion: null,
  };
  const chain = createAnswerChain([
    fake('topic_filter', (text) =>
      text === 'politics'
        ? {
            result: 'declined',
            detail: 'Politics',
            answer: { kind: 'declined', text: 'Not that.', speech: '' },
          }
        : { result: 'no_match' },
    ),
    fake('topics', () => ({ result: 'no_match', score: 0.3, threshold: 0.45, detail: 'Parking', topic })),
    fake('documents', (text) =>
      text === 'opening hours'
        ? {
            result: 'answered',
            score: 0.8,
            threshold: 0.5,
            answer: { kind: 'document', text: 'We open at 9.' },
          }
        : { result: 'no_match', score: 0.2, threshold: 0.5, why: 'missing_time' },
    ),
    fake('small_talk', () => ({ result: 'off' })),
  ]);

  it('takes the first step that answers, records the rest as skipped and keeps what the topics found', async () => {
    seen.length = 0;
    const doc = await chain.ask(device, 'english', 'opening hours');
    expect(doc).toMatchObject({
      answered_by: 'document',
      answer_text: 'We open at 9.',
      answer_speech: null,
      topic,
    });
    expect(doc.steps.map((s) => [s.step, s.result])).toEqual([
      ['topic_filter', 'no_match'],
      ['topics', 'no_match'],
      ['documents', 'answered'],
      ['small_talk', 'skipped'],
      ['fallback', 'skipped'],
    ]);
    expect(doc.steps[1]).toMatchObject({ score: 0.3, threshold: 0.45, detail: 'Parking', why: null });
    // A step after the answer is not run at all.
    expect(seen).toEqual(['topic_filter', 'topics', 'documents']);
  });

  it('a declining step answers too, before the topics are asked', async () => {
    const declined = await chain.ask(device, 'english', 'politics');
    expect(declined).toMatchObject({
      answered_by: 'declined',
      answer_text: 'Not that.',
      answer_speech: null,
    });
    expect(declined.topic).toMatchObject({ fallback: true, candidates: [] });
    expect(declined.steps.map((s) => s.result)).toEqual([
      'declined',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
  });

  it('falls back when no step answers, each saying why', async () => {
    const none = await chain.ask(device, 'english', 'what is the time');
    expect(none).toMatchObject({ answered_by: 'fallback', answer_text: null, location: null, topic });
    expect(none.steps.map((s) => s.result)).toEqual(['no_match', 'no_match', 'no_match', 'off', 'answered']);
    expect(none.steps[2]).toMatchObject({ step: 'documents', why: 'missing_time' });
  });

  it('refuses a chain with a step twice', () => {
    expect(() =>
      createAnswerChain([
        fake('topics', () => ({ result: 'off' })),
        fake('topics', () => ({ result: 'off' })),
      ]),
    ).toThrow(/twice/);
  });
});

describe.each(backends)('the answering chain on %s', (kind) => {
  const t = projectFixture(kind, { devices: { kiosk: 'Chain Kiosk' } });
  const { admin } = t;
  const { kiosk } = t.devices;
  let sessionId: string;

  const { data } = aiCalls(t, () => admin);
  const ask = async (text: string, language = 'english') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/ask',
      headers: { authorization: `Bearer ${kiosk.key}` },
      payload: { session_id: sessionId, text, language },
    });
    if (res.statusCode !== 200) throw new Error(`ask: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const logged = async (id: number) => {
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
    return row!;
  };
  const testConsole = (text: string, language = 'english') =>
    data('POST', '/ai_config/test_console', { device_id: kiosk.id, language, text });

  beforeAll(async () => {
    const category = await data('POST', '/ai_config/intents/category', { device_id: kiosk.id, name: 'Talk' });
    const topic = await data('POST', '/ai_config/intents/intent', {
      device_id: kiosk.id,
      name: 'Election hall',
      category_id: category.category_id,
    });
    await data('POST', '/ai_config/intents/keywords', {
      device_id: kiosk.id,
      intent_id: topic.id,
      language: 'english',
      text: 'where is the politics lecture',
    });
    await data('POST', '/ai_config/intents/responses', {
      device_id: kiosk.id,
      intent_id: topic.id,
      language: 'english',
      device_type: 'ambassador',
      speech: 'Room 3.',
      contents: [{ type: 'text', values: ['The politics lecture is in room 3.'] }],
    });
    const session = await t.app.inject({
      method: 'POST',
      url: '/device_api/v1/sessions',
      headers: { authorization: `Bearer ${kiosk.key}` },
      payload: { language: 'english' },
    });
    sessionId = session.json().data.session_id;
  });

  it('answers small talk with its text, and logs it as small talk', async () => {
    const answer = await ask('hello');
    expect(answer).toMatchObject({
      answered_by: 'small_talk',
      fallback: false,
      fallback_text: null,
      intent: null,
      responses: [],
      answer_text: 'Hello! How can I help you today?',
      answer_speech: null,
      source: null,
    });
    const row = await logged(answer.conversation_id);
    expect(row).toMatchObject({
      status: 'small_talk',
      reply: 'Hello! How can I help you today?',
      intentId: null,
    });
    expect(row.score).toBe(1);
    const cantonese = await ask('你好', 'cantonese');
    expect(cantonese).toMatchObject({ answered_by: 'small_talk', answer_text: '你好呀！有咩可以幫到你？' });
  });

  it('still answers a topic question with the topic, and falls back when nothing answers', async () => {
    const topic = await ask('where is the politics lecture');
    expect(topic).toMatchObject({ answered_by: 'topic', fallback: false, answer_text: null });
    expect((await logged(topic.conversation_id)).status).toBe('answered');
    const nothing = await ask('where is the pharmacy');
    expect(nothing).toMatchObject({ answered_by: 'fallback', fallback: true, answer_text: null });
    expect(nothing.fallback_text).toMatch(/Sorry/);
    const row = await logged(nothing.conversation_id);
    expect(row.status).toBe('fallback');
    // The log keeps each step, as Conversation Review shows it.
    expect(row.steps?.map((s) => `${s.step}:${s.result}`)).toEqual([
      'topic_filter:off',
      'named_location:off',
      'topics:no_match',
      'locations:off',
      'documents:off',
      'small_talk:no_match',
      'fallback:answered',
    ]);
    const listed = await data(
      'GET',
      `/conversation?device_ids=${kiosk.id}&search=pharmacy&start_datetime=2000-01-01&end_datetime=2100-01-01`,
    );
    expect(listed[0]).toMatchObject({ id: nothing.conversation_id, status: 'fallback' });
    expect(listed[0].steps[2]).toMatchObject({
      step: 'topics',
      result: 'no_match',
      threshold: expect.any(Number),
    });
  });

  it('declines a filtered topic with its text even when a topic matches, only while the filter is on', async () => {
    await data('PUT', '/small_talk/topic_filters', {
      device_id: kiosk.id,
      language: 'english',
      topics: ['Politics'],
      speech: 'Let us talk about something else.',
      text: 'Sorry, I do not discuss politics.',
    });
    // Off by default: the topic answers.
    expect((await ask('where is the politics lecture')).answered_by).toBe('topic');
    await data('PUT', '/small_talk/settings', { device_id: kiosk.id, is_enabled_topic_filter: true });
    const declined = await ask('where is the politics lecture');
    expect(declined).toMatchObject({
      answered_by: 'declined',
      fallback: false,
      intent: null,
      responses: [],
      answer_text: 'Sorry, I do not discuss politics.',
      answer_speech: 'Let us talk about something else.',
    });
    const row = await logged(declined.conversation_id);
    expect(row).toMatchObject({
      status: 'declined',
      reply: 'Sorry, I do not discuss politics.',
      intentId: null,
    });
    // Another language's filter is its own.
    expect((await ask('politics', 'cantonese')).answered_by).not.toBe('declined');
  });

  it('shows every step in the test console, logging nothing', async () => {
    const before = await t.database.db.$count(conversations, eq(conversations.deviceId, kiosk.id));
    const declined = await testConsole('politics lecture please');
    expect(declined).toMatchObject({
      answered_by: 'declined',
      answer_text: 'Sorry, I do not discuss politics.',
    });
    expect(declined.steps[0]).toMatchObject({ step: 'topic_filter', result: 'declined', detail: 'Politics' });
    const hello = await testConsole('thank you so much');
    expect(hello).toMatchObject({ answered_by: 'small_talk', fallback: true, best: null, source: null });
    expect(hello.steps.map((s: { step: string; result: string }) => `${s.step}:${s.result}`)).toEqual([
      'topic_filter:no_match',
      'named_location:off',
      'topics:no_match',
      'locations:off',
      'documents:off',
      'small_talk:answered',
      'fallback:skipped',
    ]);
    expect(hello.steps[5]).toMatchObject({ threshold: 0.5, detail: 'thank you very much' });
    await data('PUT', '/small_talk/settings', { device_id: kiosk.id, is_enabled_smalltalk: false });
    const off = await testConsole('hello');
    expect(off.answered_by).toBe('fallback');
    expect(off.steps[5]).toMatchObject({ step: 'small_talk', result: 'off' });
    expect(await t.database.db.$count(conversations, eq(conversations.deviceId, kiosk.id))).toBe(before);
  });

  it('answers from a Ready document when no topic matches, with its source, logged as a document', async () => {
    const [doc] = await t.database.db
      .insert(mrcDocuments)
      .values({
        deviceId: kiosk.id,
        filename: 'visitor-guide.txt',
        format: 'txt',
        size: 120,
        status: 'Ready',
        passages: 1,
        pages: 1,
      })
      .returning();
    await t.database.db.insert(mrcPassages).values({
      documentId: doc!.id,
      deviceId: kiosk.id,
      ordinal: 0,
      page: 1,
      heading: 'Shop',
      text: 'The museum shop opens at 10 am and closes at 6 pm every day, including public holidays.',
    });
    // As the scan side does when a document becomes Ready; questions meanwhile are answered by the
    // index in use until the new one is built, which building it now (the test panel's call) awaits.
    t.app.documentsChanged(kiosk.id);
    await data('POST', '/mrc/projects', { device_id: kiosk.id });
    const answer = await ask('what time does the museum shop open');
    expect(answer).toMatchObject({
      answered_by: 'document',
      fallback: false,
      intent: null,
      source: { document_id: doc!.id, filename: 'visitor-guide.txt', page: 1, language: 'english' },
    });
    expect(answer.answer_text).toMatch(/10 am/);
    const row = await logged(answer.conversation_id);
    expect(row).toMatchObject({
      status: 'document',
      source: { document_id: doc!.id, filename: 'visitor-guide.txt', language: 'english' },
    });
    expect(row.reply).toMatch(/10 am/);
    const shown = await testConsole('what time does the museum shop open');
    expect(shown.steps[4]).toMatchObject({
      step: 'documents',
      result: 'answered',
      detail: 'visitor-guide.txt p. 1',
    });
  });

  it('quotes both sentences of a document that answer, in English and Chinese, and logs them', async () => {
    const [doc] = await t.database.db
      .insert(mrcDocuments)
      .values({
        deviceId: kiosk.id,
        filename: 'mall-rules.txt',
        format: 'txt',
        size: 200,
        status: 'Ready',
        passages: 2,
        pages: 1,
      })
      .returning();
    await t.database.db.insert(mrcPassages).values([
      {
        documentId: doc!.id,
        deviceId: kiosk.id,
        ordinal: 0,
        page: 1,
        heading: 'Pets',
        text: 'Guide dogs are welcome everywhere. Small pets in a carrier are welcome in the mall.',
      },
      {
        documentId: doc!.id,
        deviceId: kiosk.id,
        ordinal: 1,
        page: 1,
        heading: '寵物',
        text: '導盲犬可進入商場各處。小型寵物放在寵物袋內亦可進入商場。',
      },
    ]);
    t.app.documentsChanged(kiosk.id);
    await data('POST', '/mrc/projects', { device_id: kiosk.id });
    for (const [question, language, quote] of [
      [
        'Are dogs welcome?',
        'english',
        'Guide dogs are welcome everywhere. Small pets in a carrier are welcome in the mall.',
      ],
      ['寵物可以進入商場嗎？', 'cantonese', '導盲犬可進入商場各處。小型寵物放在寵物袋內亦可進入商場。'],
    ] as const) {
      const answer = await ask(question, language);
      expect(answer, question).toMatchObject({
        answered_by: 'document',
        answer_text: quote,
        source: { document_id: doc!.id, filename: 'mall-rules.txt' },
      });
      expect((await logged(answer.conversation_id)).reply).toBe(quote);
    }
  });
});
