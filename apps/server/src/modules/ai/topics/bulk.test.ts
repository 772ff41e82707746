import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aiKeywords, aiResponses, aiTopics, conversations } from '../../../db/schema.js';
import { aiCalls } from '../../../test/ai.js';
import { backends } from '../../../test/harness.js';
import { insertConversations } from '../../../test/conversation-fixtures.js';
import { projectFixture } from '../../../test/project.js';

/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
type Topic = { id: number; intent_name: string; category_id: number; is_activated: boolean };

describe.each(backends)('bulk actions on topics, and their undo, on %s', (kind) => {
  const t = projectFixture(kind, { other: {} });
  const { call, data, category, topic } = aiCalls(t, () => t.admin);
  const bulk = (body: object) => call('POST', '/ai_config/intents/bulk', { device_id: LOBBY, ...body });
  const undo = (id: number) => call('POST', '/undo', { id });
  const one = (id: number): Promise<Topic> =>
    data('GET', `/ai_config/intents/intent?device_id=${LOBBY}&intent_id=${id}`);
  const db = () => t.database.db;

  it('deactivates picked topics, and one undo turns them all back on (a second undo is refused)', async () => {
    const cat = await category('Bulk activation');
    const picked = [
      await topic('Lockers', { category_id: cat.category_id }),
      await topic('Prams', { category_id: cat.category_id }),
    ];
    const other = await topic('Wheelchairs', { category_id: cat.category_id });
    const res = await bulk({ action: 'deactivate', selection: { ids: picked.map((p) => p.id) } });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ count: 2, skipped: 0, undo: { count: 2 } });
    expect((await one(picked[0]!.id)).is_activated).toBe(false);
    expect((await one(picked[1]!.id)).is_activated).toBe(false);
    expect((await one(other.id)).is_activated).toBe(true);

    const undone = await undo(result.undo.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toMatchObject({ kind: 'topics.update', count: 2 });
    expect((await one(picked[0]!.id)).is_activated).toBe(true);
    expect((await one(picked[1]!.id)).is_activated).toBe(true);
    const again = await undo(result.undo.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('undo_done');
  });

  it('moves every topic a search matches with their sub-topics; a sub-topic alone stays; undo moves them back', async () => {
    const from = await category('Bulk move from');
    const to = await category('Bulk move to');
    const parent = await topic('Zq parking levels', { category_id: from.category_id });
    const child = await topic('Zq level B2', { parent_id: parent.id });
    const lone = await topic('Lone parent', { category_id: from.category_id });
    const loneChild = await topic('Zq lone child', { parent_id: lone.id });
    const res = await bulk({
      action: 'move',
      category_id: to.category_id,
      selection: { all: true, filter: { search: 'zq' } },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    // Parent and child move; the lone child goes only with its parent, which was not matched.
    expect(result).toMatchObject({ count: 2, skipped: 1 });
    expect((await one(parent.id)).category_id).toBe(to.category_id);
    expect((await one(child.id)).category_id).toBe(to.category_id);
    expect((await one(loneChild.id)).category_id).toBe(from.category_id);
    await data('POST', '/undo', { id: result.undo.id });
    expect((await one(parent.id)).category_id).toBe(from.category_id);
    expect((await one(child.id)).category_id).toBe(from.category_id);
  });

  it('deletes a topic with its phrases, responses and sub-topics, and undo brings back all of it with its ids and links', async () => {
    const cat = await category('Bulk delete');
    const gone = await topic('Lost property', { category_id: cat.category_id });
    const sub = await topic('Lost umbrella', { parent_id: gone.id });
    await data('POST', '/ai_config/intents/keywords', {
      device_id: LOBBY,
      intent_id: gone.id,
      language: 'cantonese',
      text: '唔見咗嘢',
    });
    await data('POST', '/ai_config/intents/responses', {
      device_id: LOBBY,
      intent_id: gone.id,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      speech: 'The lost property office is on level 1.',
      contents: [{ type: 'text', values: ['Level 1, beside the lifts.'] }],
    });
    const [asked] = await insertConversations(db(), [
      {
        deviceId: LOBBY,
        at: new Date(),
        acquire: 'I lost my bag',
        intentId: gone.id,
        intentName: 'Lost property',
      },
    ]);
    const before = {
      keywords: await db().select().from(aiKeywords).where(eq(aiKeywords.topicId, gone.id)),
      responses: await db().select().from(aiResponses).where(eq(aiResponses.topicId, gone.id)),
    };
    const res = await call('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: gone.id });
    expect(res.statusCode).toBe(200);
    const ticket = res.json().data;
    expect(ticket.count).toBe(2);
    expect(
      (await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}&intent_id=${sub.id}`)).statusCode,
    ).toBe(404);
    const [link] = await db()
      .select({ intentId: conversations.intentId })
      .from(conversations)
      .where(eq(conversations.id, asked!));
    expect(link!.intentId).toBeNull();

    await data('POST', '/undo', { id: ticket.id });
    expect(await one(gone.id)).toMatchObject({ intent_name: 'Lost property', category_id: cat.category_id });
    expect(await one(sub.id)).toMatchObject({ intent_name: 'Lost umbrella' });
    expect(await db().select().from(aiKeywords).where(eq(aiKeywords.topicId, gone.id))).toEqual(
      before.keywords,
    );
    expect(await db().select().from(aiResponses).where(eq(aiResponses.topicId, gone.id))).toEqual(
      before.responses,
    );
    const [relinked] = await db()
      .select({ intentId: conversations.intentId })
      .from(conversations)
      .where(eq(conversations.id, asked!));
    expect(relinked!.intentId).toBe(gone.id);
  });

  it('refuses an undo that would clash with what was made since, and changes nothing', async () => {
    const cat = await category('Bulk clash');
    const first = await topic('Baby room', { category_id: cat.category_id });
    await data('POST', '/ai_config/intents/keywords', {
      device_id: LOBBY,
      intent_id: first.id,
      language: 'english',
      text: 'nursing room',
    });
    const ticket = await data('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: first.id });
    const replacement = await topic('Baby room', { category_id: cat.category_id });
    const res = await undo(ticket.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('undo_conflict');
    expect(
      (await call('GET', `/ai_config/intents/intent?device_id=${LOBBY}&intent_id=${first.id}`)).statusCode,
    ).toBe(404);
    expect(await db().select().from(aiKeywords).where(eq(aiKeywords.topicId, first.id))).toEqual([]);
    expect((await one(replacement.id)).intent_name).toBe('Baby room');
  });

  it('puts a deleted phrase back on its topic with its id', async () => {
    const cat = await category('Bulk phrase');
    const owner = await topic('Taxi rank', { category_id: cat.category_id });
    const phrase = await data('POST', '/ai_config/intents/keywords', {
      device_id: LOBBY,
      intent_id: owner.id,
      language: 'cantonese',
      text: '邊度搭的士',
    });
    const ticket = await data('DELETE', '/ai_config/intents/keywords', { device_id: LOBBY, id: phrase.id });
    expect(ticket.count).toBe(1);
    expect(await db().select().from(aiKeywords).where(eq(aiKeywords.topicId, owner.id))).toEqual([]);
    await data('POST', '/undo', { id: ticket.id });
    const back = await db().select().from(aiKeywords).where(eq(aiKeywords.topicId, owner.id));
    expect(back.map((k) => [k.id, k.text])).toEqual([[phrase.id, '邊度搭的士']]);
    expect(
      (await call('DELETE', '/ai_config/intents/keywords', { device_id: LOBBY, id: 2_000_000_000 }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps an undo for 24 hours only', async () => {
    const cat = await category('Bulk expiry');
    const old = await topic('Old kiosk map', { category_id: cat.category_id });
    const ticket = await data('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: old.id });
    t.clock.advance(25 * 3_600_000);
    await t.signInAgain(); // the session has timed out too
    const res = await undo(ticket.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('undo_expired');
  });

  it('lets no other project act on the device or undo its changes', async () => {
    const cat = await category('Bulk tenancy');
    const mine = await topic('Concierge', { category_id: cat.category_id });
    const theirs = await call(
      'POST',
      '/ai_config/intents/bulk',
      { device_id: LOBBY, action: 'delete', selection: { ids: [mine.id] } },
      t.otherAdmin,
    );
    expect(theirs.statusCode).toBe(403);
    const ticket = await data('DELETE', '/ai_config/intents/intent', { device_id: LOBBY, id: mine.id });
    const stolen = await call('POST', '/undo', { id: ticket.id }, t.otherAdmin);
    expect(stolen.statusCode).toBe(404);
    expect((await undo(ticket.id)).statusCode).toBe(200);
  });

  it('refuses an empty selection, a move without a category and ids of no topic of the device', async () => {
    expect((await bulk({ action: 'delete', selection: { ids: [] } })).json().error).toBe('validation_error');
    const noCategory = await bulk({ action: 'move', selection: { ids: [1] } });
    expect(noCategory.statusCode).toBe(400);
    expect((await bulk({ action: 'delete', selection: { ids: [2_000_000_000] } })).statusCode).toBe(404);
  });

  it('exports only the picked topics with their sub-topics, or those the filter matches', async () => {
    const cat = await category('Bulk export');
    const picked = await topic('Export gate', { category_id: cat.category_id });
    const child = await topic('Export gate B', { parent_id: picked.id });
    await topic('Export lift', { category_id: cat.category_id });
    await data('POST', '/ai_config/intents/keywords', {
      device_id: LOBBY,
      intent_id: child.id,
      language: 'english',
      text: 'north gate',
    });
    const exportOf = (body: object, as = t.admin) =>
      call('POST', '/ai_config/intents/export', { device_id: LOBBY, format: 'csv', ...body }, as);
    const topics = await exportOf({ table: 'topics', selection: { ids: [picked.id] } });
    expect(topics.statusCode, topics.body).toBe(200);
    expect(topics.headers['content-type']).toContain('text/csv');
    expect(topics.body).toContain('Export gate,,Bulk export');
    // A sub-topic names its parent.
    expect(topics.body).toContain('Export gate B,Export gate,');
    expect(topics.body).not.toContain('Export lift');
    const keywords = await exportOf({
      table: 'keywords',
      selection: { all: true, filter: { search: 'gate b' } },
    });
    expect(keywords.body).toContain('Export gate B,english,keyword,north gate');
    const workbook = await exportOf({ format: 'xlsx', selection: { ids: [picked.id] } });
    expect(workbook.headers['content-disposition']).toContain('-topics.xlsx');
    expect((await exportOf({ selection: { ids: [2_000_000_000] } })).statusCode).toBe(404);
    expect((await exportOf({ selection: { ids: [picked.id] } }, t.otherAdmin)).statusCode).toBe(403);
  });

  it('deletes 1,000 topics matching a filter in one action, and one undo restores all 1,000', async () => {
    const cat = await category('Bulk thousand');
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      deviceId: LOBBY,
      categoryId: cat.category_id,
      name: `Thousand ${String(i).padStart(4, '0')}`,
    }));
    const inserted = await db().insert(aiTopics).values(rows).returning({ id: aiTopics.id });
    await db()
      .insert(aiKeywords)
      .values(
        inserted.map((r, i) => ({
          topicId: r.id,
          deviceId: LOBBY,
          language: 'english',
          kind: 'phrase' as const,
          text: `where is thing ${i}`,
          norm: `where is thing ${i}`,
        })),
      );
    const count = async () =>
      Number(
        (
          await db()
            .select({ n: sql<number>`count(*)` })
            .from(aiTopics)
            .where(eq(aiTopics.categoryId, cat.category_id))
        )[0]!.n,
      );
    const res = await bulk({
      action: 'delete',
      selection: { all: true, filter: { category_id: cat.category_id } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBe(1000);
    expect(await count()).toBe(0);
    await data('POST', '/undo', { id: res.json().data.undo.id });
    expect(await count()).toBe(1000);
    const phrases = await db()
      .select({ n: sql<number>`count(*)` })
      .from(aiKeywords)
      .innerJoin(aiTopics, eq(aiTopics.id, aiKeywords.topicId))
      .where(eq(aiTopics.categoryId, cat.category_id));
    expect(Number(phrases[0]!.n)).toBe(1000);
  });
});
