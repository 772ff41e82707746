import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  eventRunActivities,
  events,
  eventRunAnswers,
  eventRuns,
  quizPages,
  quizQuestions,
} from '../../db/schema.js';
import { aiCalls } from '../../test/ai.js';
import { eventCalls } from '../../test/events.js';
import { backends } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';

describe.each(backends)('deleting many events and quizzes, and undo, on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { lobby: 'Bulk Event Kiosk', second: 'Second Event Kiosk' },
    other: { foreign: 'Foreign Event Kiosk' },
  });
  const { admin, otherAdmin: other } = t;
  const { lobby, second } = t.devices;
  const { call, data, quiz, readyQuiz, event, save } = eventCalls(t, () => admin);
  const db = () => t.database.db;
  const root = aiCalls(t, () => admin);
  const undo = (id: number, as = admin) => root.call('POST', '/undo', { id }, as);
  const bulk = (what: 'event' | 'quiz', selection: object, device_id = lobby.id, as = admin) =>
    call('POST', `/${what}/bulk`, { device_id, action: 'delete', selection }, as);
  const eventTitles = async (device = lobby.id) =>
    ((await data('GET', `/overview?device_id=${device}`)) as { events: { title: string }[] }).events
      .map((e) => e.title)
      .sort();
  const quizNames = async (device = lobby.id) =>
    ((await data('GET', `/quiz?device_id=${device}`)) as { quiz_name: string }[])
      .map((q) => q.quiz_name)
      .sort();

  it('deletes picked events with their runs, leaves the current one (skipped), and undo puts them back as they were', async () => {
    const fair = await event(lobby.id, 'Bulk fair', ['english']);
    const show = await event(lobby.id, 'Bulk show', ['english']);
    const live = await event(lobby.id, 'Bulk live', ['english']);
    // The current event (made so directly: a complete flow is not what this is about).
    await db().update(events).set({ isActive: true }).where(eq(events.id, live.id));
    const [run] = await db()
      .insert(eventRuns)
      .values({ eventId: fair.id, deviceId: lobby.id, language: 'english', eventVersion: 1 })
      .returning();
    await db()
      .insert(eventRunActivities)
      .values({ runId: run!.id, activityKey: 'a1', activityIndex: 0, activityType: 'tts' });
    await db().insert(eventRunAnswers).values({
      runId: run!.id,
      quizId: 1,
      questionId: 1,
      attempt: 1,
      answer: 'blue',
      correct: true,
    });
    const before = {
      runs: await db().select().from(eventRuns).where(eq(eventRuns.eventId, fair.id)),
      activities: await db().select().from(eventRunActivities).where(eq(eventRunActivities.runId, run!.id)),
      answers: await db().select().from(eventRunAnswers).where(eq(eventRunAnswers.runId, run!.id)),
    };

    const res = await bulk('event', { ids: [fair.id, show.id, live.id] });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ count: 2, skipped: 1, undo: { count: 2 } });
    expect(await eventTitles()).toEqual(['Bulk live']);
    expect(await db().select().from(eventRuns).where(eq(eventRuns.eventId, fair.id))).toEqual([]);

    const undone = await undo(result.undo.id);
    expect(undone.statusCode).toBe(200);
    expect(await eventTitles()).toEqual(['Bulk fair', 'Bulk live', 'Bulk show']);
    expect(await db().select().from(eventRuns).where(eq(eventRuns.eventId, fair.id))).toEqual(before.runs);
    expect(await db().select().from(eventRunActivities).where(eq(eventRunActivities.runId, run!.id))).toEqual(
      before.activities,
    );
    expect(await db().select().from(eventRunAnswers).where(eq(eventRunAnswers.runId, run!.id))).toEqual(
      before.answers,
    );
    // Only the current event picked: nothing goes, and there is nothing to undo.
    expect((await bulk('event', { ids: [live.id] })).json().data).toEqual({
      count: 0,
      skipped: 1,
      undo: null,
    });
  });

  it('deletes every quiz of the library but those an event uses (skipped); undo brings back their questions and pages', async () => {
    const used = await readyQuiz(second.id, 'Bulk used', ['english']);
    const spare = await readyQuiz(second.id, 'Bulk spare', ['english']);
    await quiz(second.id, 'Bulk empty', ['english']);
    const fair = await event(second.id, 'Quiz fair', ['english']);
    await save(second.id, fair.id, {
      flows: { english: [{ type: 'quiz', key: 'q', quiz_id: used.quiz_id }] },
    });
    const questions = await db().select().from(quizQuestions).where(eq(quizQuestions.quizId, spare.quiz_id));
    const pages = await db().select().from(quizPages).where(eq(quizPages.quizId, spare.quiz_id));

    const result = (await bulk('quiz', { all: true, filter: {} }, second.id)).json().data;
    expect(result).toMatchObject({ count: 2, skipped: 1, undo: { count: 2 } });
    expect(await quizNames(second.id)).toEqual(['Bulk used']);
    expect((await undo(result.undo.id)).statusCode).toBe(200);
    expect(await quizNames(second.id)).toEqual(['Bulk empty', 'Bulk spare', 'Bulk used']);
    expect(await db().select().from(quizQuestions).where(eq(quizQuestions.quizId, spare.quiz_id))).toEqual(
      questions,
    );
    expect(
      await db()
        .select()
        .from(quizPages)
        .where(inArray(quizPages.quizId, [spare.quiz_id])),
    ).toEqual(pages);
  });

  it('answers a single delete, the current event’s too, with an undo ticket that puts it back current', async () => {
    const solo = await event(second.id, 'Solo current', ['english']);
    await db().update(events).set({ isActive: true }).where(eq(events.id, solo.id));
    const ticket = await data('DELETE', `/event/${solo.id}`, { device_id: second.id });
    expect(ticket.count).toBe(1);
    expect(await eventTitles(second.id)).not.toContain('Solo current');
    expect((await undo(ticket.id)).statusCode).toBe(200);
    const back = (await data('GET', `/overview?device_id=${second.id}`)) as { active: { id: number } | null };
    expect(back.active?.id).toBe(solo.id);
    await db().update(events).set({ isActive: false }).where(eq(events.id, solo.id));

    const lone = await quiz(second.id, 'Solo quiz', ['english']);
    const quizTicket = await data('DELETE', `/quiz/${lone.quiz_id}`, { device_id: second.id });
    expect(await quizNames(second.id)).not.toContain('Solo quiz');
    expect((await undo(quizTicket.id)).statusCode).toBe(200);
    expect(await quizNames(second.id)).toContain('Solo quiz');
  });

  it('ignores ids of another device, refuses another project, ids of nothing and an empty pick', async () => {
    const mine = await quiz(lobby.id, 'Tenant quiz', ['english']);
    const elsewhere = await quiz(second.id, 'Elsewhere quiz', ['english']);
    const res = await bulk('quiz', { ids: [mine.quiz_id, elsewhere.quiz_id] });
    expect(res.json().data).toMatchObject({ count: 1, skipped: 0 });
    expect(await quizNames(second.id)).toContain('Elsewhere quiz');
    expect((await bulk('quiz', { ids: [elsewhere.quiz_id] }, lobby.id, other)).statusCode).toBe(403);
    expect((await undo(res.json().data.undo.id, other)).statusCode).toBe(404);
    expect((await bulk('quiz', { ids: [elsewhere.quiz_id] })).statusCode).toBe(404);
    expect((await bulk('event', { ids: [] })).json().error).toBe('validation_error');
    const theirEvent = await event(second.id, 'Their event', ['english']);
    expect((await bulk('event', { ids: [theirEvent.id] })).statusCode).toBe(404);
    expect(await eventTitles(second.id)).toContain('Their event');
  });
});
