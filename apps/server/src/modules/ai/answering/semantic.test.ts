import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { mrcDocuments, mrcPassages } from '../../../db/schema.js';
import { createMatcherRegistry } from '../../../matcher/index.js';
import { createVectorService } from '../../../nlu/vectors.js';
import { createVectorsRepo } from '../../../nlu/vectors-repo.js';
import { createAliasesRepo, createTopicsRepo } from '../index.js';
import { createMatcherSource } from './matcher-source.js';
import { aiCalls } from '../../../test/ai.js';
import { insertConversations } from '../../../test/conversation-fixtures.js';
import {
  ADMIN,
  backends,
  freshStore,
  login,
  startApp,
  type Session,
  type TestApp,
} from '../../../test/harness.js';

/**
 * Understanding with the packaged sentence model (EMBEDDINGS=local): a topic taught in one variety
 * answers another, the phrases' vectors are stored and read back at the next start instead of
 * embedded again, and with the model gone the same questions are answered lexically.
 */
describe.each(backends)('understanding with the sentence encoder on %s', (kind) => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let t: TestApp;
  let admin: Session;
  const CHATBOT = 3;
  const calls = () => aiCalls(t, () => admin);
  const topicIds = new Map<string, number>();
  const check = (topic: string, text: string) =>
    calls().data(
      'GET',
      `/ai_config/intents/keywords/check?device_id=${CHATBOT}&intent_id=${topicIds.get(topic)}&language=english&text=${encodeURIComponent(text)}`,
    );
  const ask = (text: string, language: string) =>
    calls().data('POST', '/ai_config/test_console', { device_id: CHATBOT, language, text });
  const vectorRows = async () =>
    Number(
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from text_vectors where device_id = ${CHATBOT} and source = 'topics'`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    store = await freshStore(kind);
    t = await startApp(store, { EMBEDDINGS: 'local' });
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    await t.app.embedder.ready();
    const { category, topic, data } = calls();
    const cat = await category('Visitor services', undefined, CHATBOT);
    const taught: Array<[string, string[]]> = [
      ['First aid', ['Where is the first aid room?', 'I need a nurse', 'First aid station']],
      ['Lost property', ['I lost my wallet', 'Where is lost and found?', 'Lost property office']],
      ['Opening hours', ['What time do you open?', 'When does the mall close?', 'Opening hours']],
      ['Car park', ['Where can I park my car?', 'Car park entrance', 'Parking']],
      ['Toilets', ['Where is the toilet?', 'Nearest restroom', 'I need the bathroom']],
      ['Taxi', ['Where can I get a taxi?', 'Taxi stand', 'Call me a cab']],
      ['Food court', ['Where is the food court?', 'Somewhere to eat', 'Restaurants']],
      ['ATM', ['Is there a cash machine?', 'Where is the ATM?', 'I need to withdraw money']],
    ];
    for (const [name, phrases] of taught) {
      const { id } = await topic(name, { category_id: cat.category_id }, CHATBOT);
      topicIds.set(name, id);
      for (const text of phrases)
        await data('POST', '/ai_config/intents/train', {
          device_id: CHATBOT,
          intent_id: id,
          language: 'english',
          text,
        });
    }
    await vi.waitFor(
      async () =>
        expect((await data('GET', `/ai_config/matcher_status?device_id=${CHATBOT}`)).state).toBe('ready'),
      { timeout: 55_000, interval: 20 },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  it('answers a Cantonese and a Mandarin question with the topic taught only in English', async () => {
    const status = await calls().data('GET', `/ai_config/matcher_status?device_id=${CHATBOT}`);
    expect(status).toMatchObject({ dense: true, understanding: { provider: 'local', state: 'ready' } });
    const yue = await ask('我唔見咗銀包，失物認領喺邊？', 'cantonese');
    expect(yue.best?.intent_name).toBe('Lost property');
    const cmn = await ask('商场几点开门？', 'mandarin');
    expect(cmn.best?.intent_name).toBe('Opening hours');
  });

  it('answers small talk said in other words, by meaning, and leaves a venue question to the rest', async () => {
    const smallTalk = (r: { steps: Array<{ step: string; detail: string | null }> }) =>
      r.steps.find((s) => s.step === 'small_talk');
    // The device's entries are embedded the first time they are asked (words meanwhile).
    await vi.waitFor(
      async () => {
        const r = await ask('Cheers, that sorted me out nicely', 'english');
        expect(r.answered_by, JSON.stringify(r.steps)).toBe('small_talk');
        expect(['thank you', 'thanks', 'thank you very much', 'many thanks']).toContain(smallTalk(r)?.detail);
      },
      { timeout: 10_000, interval: 50 },
    );
    await vi.waitFor(
      async () => {
        const yue = await ask('講啲好笑嘢嚟聽下吖', 'cantonese');
        expect(yue.answered_by, JSON.stringify(yue.steps)).toBe('small_talk');
        expect(['講個笑話', '講笑話', '逗我笑']).toContain(smallTalk(yue)?.detail);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await ask('Is the pharmacy open on Sundays?', 'english')).answered_by).not.toBe('small_talk');
  });

  it('warns while teaching a phrase that means what another topic is taught, naming it', async () => {
    const overlap = await check('Car park', 'I feel sick, where can I find a nurse?');
    expect(overlap.closer_to).toMatchObject({
      intent_id: topicIds.get('First aid'),
      intent_name: 'First aid',
    });
    expect((await check('Car park', 'Is there parking for motorbikes?')).closer_to).toBeNull();
  });

  it('refuses what none of the topics is about, in either language', async () => {
    for (const [text, language] of [
      ['Who wrote Romeo and Juliet?', 'english'],
      ['你覺得邊隊波會贏世界盃？', 'cantonese'],
    ] as const) {
      const r = await ask(text, language);
      expect(r.fallback, text).toBe(true);
    }
  });

  it('answers a Cantonese question from an English document, quoting its sentence', async () => {
    // (About half of such questions are answered: bench:mrc DENSE=1, docs/performance.md.)
    const [doc] = await t.database.db
      .insert(mrcDocuments)
      .values({
        deviceId: CHATBOT,
        filename: 'visitor-guide.md',
        format: 'markdown',
        size: 400,
        status: 'Ready',
        passages: 2,
        pages: 1,
      })
      .returning();
    await t.database.db.insert(mrcPassages).values([
      {
        documentId: doc!.id,
        deviceId: CHATBOT,
        ordinal: 0,
        page: 1,
        heading: 'Wheelchairs and strollers',
        text: 'Wheelchairs can be borrowed free of charge at the concierge on level 1. Please bring an ID card as a deposit.',
      },
      {
        documentId: doc!.id,
        deviceId: CHATBOT,
        ordinal: 1,
        page: 1,
        heading: 'Pets',
        text: 'Only guide dogs are allowed inside the building. Other pets must stay outside.',
      },
    ]);
    t.app.documentsChanged(CHATBOT);
    const { data } = calls();
    await data('POST', '/mrc/projects', { device_id: CHATBOT });
    // The passages are embedded beside the index in use; until then questions are answered by words.
    await expect
      .poll(async () => (await data('GET', `/mrc/projects?device_id=${CHATBOT}`)).semantic, {
        timeout: 30_000,
      })
      .toBe(true);
    const yue = await data('POST', '/mrc/query', {
      device_id: CHATBOT,
      text: '可唔可以帶狗入去？',
      language: 'cantonese',
    });
    expect(yue, JSON.stringify(yue)).toMatchObject({
      answered: true,
      // The answer says it is in English, which the visitor did not ask in.
      source: { filename: 'visitor-guide.md', language: 'english' },
    });
    expect(yue.text).toMatch(/guide dogs/);
    const off = await data('POST', '/mrc/query', {
      device_id: CHATBOT,
      text: '你覺得邊隊波會贏世界盃？',
      language: 'cantonese',
    });
    expect(off.answered).toBe(false);
  });

  it('stores each taught phrase once; a new start answers from the stored vectors', async () => {
    expect(await vectorRows()).toBe(24);
    await t.close();
    t = await startApp(store, { EMBEDDINGS: 'local' });
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    await t.app.embedder.ready(); // until then questions are answered lexically
    expect((await ask('我唔見咗銀包，失物認領喺邊？', 'cantonese')).best?.intent_name).toBe('Lost property');
    expect(await vectorRows()).toBe(24);
  });

  it('a phrase taught later is embedded and stored at once, and answers across languages', async () => {
    const { topic, data, category } = calls();
    const cat = await category('More', undefined, CHATBOT);
    const { id } = await topic('Wifi', { category_id: cat.category_id }, CHATBOT);
    await data('POST', '/ai_config/intents/train', {
      device_id: CHATBOT,
      intent_id: id,
      language: 'english',
      text: 'What is the wifi password?',
    });
    expect((await ask('上網密碼係咩', 'cantonese')).best?.intent_name).toBe('Wifi');
    expect(await vectorRows()).toBe(25);
  });

  it('a first build with more new phrases than it embeds at once answers by words, then by meaning', async () => {
    await t.database.db.execute(
      sql`delete from text_vectors where device_id = ${CHATBOT} and source = 'topics'`,
    );
    const db = t.database.db;
    // The phrases' batches (32 at most; the 92 background sentences go in one call) wait for
    // the test to look at the progress first.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const real = t.app.embedder;
    const held = {
      ...real,
      embed: async (...args: Parameters<typeof real.embed>) => {
        if (args[0].length <= 32) await gate;
        return real.embed(...args);
      },
    };
    const source = createMatcherSource({
      topics: createTopicsRepo(db),
      entities: createAliasesRepo(db),
      vectors: createVectorService({ repo: createVectorsRepo(db), embedder: held }),
      embedBeforeBuildMax: 2,
    });
    const registry = createMatcherRegistry(source);
    await registry.warm(CHATBOT);
    expect(registry.status(CHATBOT)).toMatchObject({ state: 'ready', dense: false });
    // Meanwhile the status says how far the background fill has come (the console's chip shows it).
    expect(source.embedding(CHATBOT)).toEqual({ done: 0, total: 25 });
    release();
    await vi.waitFor(() => expect(registry.status(CHATBOT).dense).toBe(true), { timeout: 30_000 });
    expect(source.embedding(CHATBOT)).toBeNull();
    expect(await vectorRows()).toBe(25);
    registry.close();
  });

  it('groups what fell back by meaning, across languages, and stores those vectors once', async () => {
    const at = (m: number) => `2026-05-02T08:0${m}:00Z`;
    const asked: Array<[string, string]> = [
      ['Can I bring my dog inside?', 'english'],
      ['Are pets allowed in here?', 'english'],
      ['可唔可以帶狗仔入嚟？', 'cantonese'],
      ['Where can I charge my phone?', 'english'],
      ['我手机快没电了，哪里可以充电', 'mandarin'],
      ['Is there a phone charging station?', 'english'],
    ];
    await insertConversations(
      t.database.db,
      asked.map(([acquire, language], i) => ({
        deviceId: CHATBOT,
        at: at(i),
        acquire,
        language,
        status: 'fallback',
      })),
    );
    const url = `/conversation/fallback_groups?device_id=${CHATBOT}&device_ids=${CHATBOT}&start_datetime=2026-05-02&end_datetime=2026-05-02&tz=UTC`;
    const out = await calls().data('GET', url);
    expect(out.by).toBe('meaning');
    const groupOf = (text: string) =>
      (out.groups as Array<{ questions: Array<{ text: string }> }>).findIndex((g) =>
        g.questions.some((q) => q.text === text),
      );
    expect(groupOf('Are pets allowed in here?')).toBe(groupOf('Can I bring my dog inside?'));
    expect(groupOf('可唔可以帶狗仔入嚟？')).toBe(groupOf('Can I bring my dog inside?'));
    expect(groupOf('我手机快没电了，哪里可以充电')).toBe(groupOf('Where can I charge my phone?'));
    expect(groupOf('Is there a phone charging station?')).toBe(groupOf('Where can I charge my phone?'));
    expect(groupOf('Where can I charge my phone?')).not.toBe(groupOf('Can I bring my dog inside?'));
    const stored = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from text_vectors where device_id = ${CHATBOT} and source = 'conversations'`,
          )) as unknown as { rows: Array<{ n: number }> }
        ).rows[0]!.n,
      );
    expect(await stored()).toBe(asked.length);
    await calls().data('GET', url);
    expect(await stored()).toBe(asked.length);
  });

  it('without the model (EMBEDDINGS=none) answers lexically and says so', async () => {
    await t.close();
    t = await startApp(store, { EMBEDDINGS: 'none' });
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    const status = await calls().data('GET', `/ai_config/matcher_status?device_id=${CHATBOT}`);
    expect(status).toMatchObject({ dense: false, understanding: { provider: 'none', state: 'off' } });
    expect((await ask('Where is lost and found?', 'english')).best?.intent_name).toBe('Lost property');
    expect((await ask('我唔見咗銀包，失物認領喺邊？', 'cantonese')).fallback).toBe(true);
    expect((await check('Car park', 'I feel sick, where can I find a nurse?')).closer_to).toBeNull();
  });
});
