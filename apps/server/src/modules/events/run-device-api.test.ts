import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT, SOCKET, type LiveRun, type RunControl } from '@ambassador/contracts';
import { eventRunActivities, eventRunAnswers, eventRuns } from '../../db/schema.js';
import { backends, login, otherProject } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import {
  adminSocket,
  closeSockets,
  collect,
  connected,
  deviceSocket,
  nextMessage,
  caughtUp,
} from '../../test/sockets.js';
import { seedEvent, seedQuiz } from '../../test/run-fixtures.js';

type RunEvent = LiveRun & { name: string; device_id: number; ended: boolean };
const MINUTE = 60_000;

describe.each(backends)('event runs on a kiosk and control mode, on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { kiosk: `Event kiosk ${kind}`, otherKiosk: `Second kiosk ${kind}` },
  });
  const { admin } = t;
  const { kiosk, otherKiosk } = t.devices;
  let quiz: Awaited<ReturnType<typeof seedQuiz>>;
  let event: { id: number; version: number };
  let draft: { id: number; version: number };

  const device = (key: string, path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/device_api/v1${path}`,
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
  const deviceData = async (path: string, payload: object, key = kiosk.key) => {
    const res = await device(key, path, payload);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const start = async (language = 'english') =>
    (await deviceData('/event_runs', { event_id: event.id, version: event.version, language })) as {
      run_id: number;
    };
  const progress = (runId: number, activity_index: number, activity_key: string, step = '') =>
    deviceData(`/event_runs/${runId}/progress`, { activity_index, activity_key, step });
  const answer = async (runId: number, question_id: number, attempt: number, answer: string) =>
    (
      await deviceData(`/event_runs/${runId}/answers`, {
        activity_index: 2,
        question_id,
        attempt,
        answer,
      })
    ).correct as boolean;
  const live = async (s = admin, deviceId = kiosk.id, eventId = event.id) =>
    t.app.inject({
      method: 'GET',
      url: `/admin_panel/event_manager/event/${eventId}/runs/live?device_id=${deviceId}`,
      headers: s.headers,
    });
  const liveRuns = async () => (await live()).json().data as LiveRun[];
  const control = (
    runId: number,
    action: 'skip' | 'stop',
    s = admin,
    deviceId = kiosk.id,
    eventId = event.id,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/admin_panel/event_manager/event/${eventId}/control`,
      headers: s.headers,
      payload: { device_id: deviceId, run_id: runId, action },
    });

  beforeAll(async () => {
    quiz = await seedQuiz(t.database.db, kiosk.id);
    event = await seedEvent(t.database.db, kiosk.id, quiz.id);
    draft = await seedEvent(t.database.db, kiosk.id, quiz.id, { title: 'Draft', active: false });
  });
  afterEach(() => closeSockets());

  it('runs the event to the end: the console follows each step, a wrong then a right answer, finished', async () => {
    const tab = await connected(adminSocket(t.url, admin));
    const heard = collect<RunEvent>(tab, SOCKET.event);

    const run = await start();
    expect(run).toMatchObject({ event_id: event.id, language: 'english' });
    await progress(run.run_id, 0, 'welcome', 'playing 1/1');
    await progress(run.run_id, 1, 'intro', 'countdown');
    await progress(run.run_id, 2, 'quiz', 'question 1/2');

    expect(await liveRuns()).toEqual([
      expect.objectContaining({
        run_id: run.run_id,
        language: 'english',
        activity_index: 2,
        activity_type: 'quiz',
        step: 'question 1/2',
      }),
    ]);

    // English: the right button has only a text, which is what it answers.
    expect(await answer(run.run_id, quiz.capital, 1, 'london')).toBe(false);
    expect(await answer(run.run_id, quiz.capital, 2, 'Paris')).toBe(true);
    // The kiosk retries attempt 1 after a lost answer: the first answer stands.
    expect(await answer(run.run_id, quiz.capital, 1, 'Paris')).toBe(false);
    expect(await answer(run.run_id, quiz.sum, 1, 'four')).toBe(true);
    await progress(run.run_id, 3, 'ask');
    await deviceData(`/event_runs/${run.run_id}/end`, { outcome: 'finished', activity_index: 4 });

    await caughtUp(tab);
    const mine = heard.filter((e) => e.name === LIVE_EVENT.eventRun && e.run_id === run.run_id);
    expect(mine.map((e) => [e.activity_index, e.activity_type, e.ended])).toEqual([
      [0, null, false],
      [0, 'video', false],
      [1, 'tts', false],
      [2, 'quiz', false],
      [3, 'nlp', false],
      [4, 'nlp', true],
    ]);
    expect(mine[0]).toMatchObject({ device_id: kiosk.id, event_id: event.id, language: 'english' });

    expect(await liveRuns()).toEqual([]);
    const stored = await t.database.db.select().from(eventRuns).where(eq(eventRuns.id, run.run_id));
    expect(stored[0]).toMatchObject({ outcome: 'finished', eventVersion: event.version });
    const reached = await t.database.db
      .select()
      .from(eventRunActivities)
      .where(eq(eventRunActivities.runId, run.run_id));
    expect(reached.map((a) => [a.activityIndex, a.activityKey, a.activityType]).sort()).toEqual([
      [0, 'welcome', 'video'],
      [1, 'intro', 'tts'],
      [2, 'quiz', 'quiz'],
      [3, 'ask', 'nlp'],
    ]);
    const answers = await t.database.db
      .select()
      .from(eventRunAnswers)
      .where(eq(eventRunAnswers.runId, run.run_id));
    expect(answers).toHaveLength(3);

    // After the end: moving on or answering is refused, a second end changes nothing.
    const late = await device(kiosk.key, `/event_runs/${run.run_id}/progress`, {
      activity_index: 3,
      activity_key: 'ask',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'run_ended' });
    const lateAnswer = await device(kiosk.key, `/event_runs/${run.run_id}/answers`, {
      activity_index: 2,
      question_id: quiz.sum,
      attempt: 1,
      answer: 'four',
    });
    expect(lateAnswer.json()).toMatchObject({ error: 'run_ended' });
    await deviceData(`/event_runs/${run.run_id}/end`, { outcome: 'left', activity_index: 1 });
    const again = await t.database.db.select().from(eventRuns).where(eq(eventRuns.id, run.run_id));
    expect(again[0]).toMatchObject({ outcome: 'finished', activityIndex: 4 });
  });

  it('decides answers in the run’s language: a payload button in Cantonese, nothing for a stranger answer', async () => {
    const run = await start('cantonese');
    expect(await answer(run.run_id, quiz.capital, 1, 'Paris')).toBe(false);
    expect(await answer(run.run_id, quiz.capital, 2, 'paris')).toBe(true);
    expect(await answer(run.run_id, quiz.sum, 1, "'; drop table event_runs; --")).toBe(false);
    const missing = await device(kiosk.key, `/event_runs/${run.run_id}/answers`, {
      activity_index: 2,
      question_id: 999_999,
      attempt: 1,
      answer: 'four',
    });
    expect(missing.statusCode).toBe(404);
    await deviceData(`/event_runs/${run.run_id}/end`, { outcome: 'idle', activity_index: 2 });
  });

  it('starts only the device’s current event, in a language it plays', async () => {
    const notCurrent = await device(kiosk.key, '/event_runs', {
      event_id: draft.id,
      version: draft.version,
      language: 'english',
    });
    expect(notCurrent.statusCode).toBe(409);
    expect(notCurrent.json()).toMatchObject({ error: 'event_not_current' });
    // Another device's current event is not this device's current one either.
    const elsewhere = await device(otherKiosk.key, '/event_runs', {
      event_id: event.id,
      version: event.version,
      language: 'english',
    });
    expect(elsewhere.json()).toMatchObject({ error: 'event_not_current' });
    const mandarin = await device(kiosk.key, '/event_runs', {
      event_id: event.id,
      version: event.version,
      language: 'mandarin',
    });
    expect(mandarin.statusCode).toBe(400);
    expect(mandarin.json()).toMatchObject({ error: 'language_not_offered' });
    const noKey = await t.app.inject({ method: 'POST', url: '/device_api/v1/event_runs', payload: {} });
    expect(noKey.statusCode).toBe(401);
  });

  it('keeps runs to their device: another kiosk’s run id is unknown', async () => {
    const run = await start();
    for (const [path, payload] of [
      ['progress', { activity_index: 0, activity_key: 'welcome' }],
      ['answers', { activity_index: 2, question_id: quiz.capital, attempt: 1, answer: 'Paris' }],
      ['end', { outcome: 'stopped', activity_index: 0 }],
    ] as const) {
      const res = await device(otherKiosk.key, `/event_runs/${run.run_id}/${path}`, payload);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await liveRuns()).map((r) => r.run_id)).toContain(run.run_id);
    await deviceData(`/event_runs/${run.run_id}/end`, { outcome: 'left', activity_index: 0 });
  });

  it('skips and stops a run from control mode: the kiosk is told; a stop with no kiosk online ends it', async () => {
    const kioskSocket = await connected(deviceSocket(t.url, kiosk.key));
    const run = await start();
    await progress(run.run_id, 1, 'intro', 'countdown');

    const skipped = nextMessage<RunControl>(kioskSocket, SOCKET.eventControl);
    expect((await control(run.run_id, 'skip')).statusCode).toBe(200);
    expect(await skipped).toEqual({ run_id: run.run_id, action: 'skip' });

    // The kiosk is online: it stops the run and reports how it ended.
    const stopped = nextMessage<RunControl>(kioskSocket, SOCKET.eventControl);
    expect((await control(run.run_id, 'stop')).statusCode).toBe(200);
    expect(await stopped).toEqual({ run_id: run.run_id, action: 'stop' });
    expect((await liveRuns()).map((r) => r.run_id)).toContain(run.run_id);
    await deviceData(`/event_runs/${run.run_id}/end`, { outcome: 'stopped', activity_index: 1 });
    const ended = await control(run.run_id, 'skip');
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ error: 'run_ended' });
    expect((await control(999_999, 'stop')).json()).toMatchObject({ error: 'run_ended' });
    kioskSocket.disconnect();

    // No kiosk connected (it lost power): the stop ends the run here.
    const ghost = await start();
    const tab = await connected(adminSocket(t.url, admin));
    const gone = nextMessage<RunEvent>(tab, SOCKET.event, 5_000, (e) => e.run_id === ghost.run_id);
    // Once the server has seen the kiosk go, a stop ends the run here (before, it is told to nobody).
    await vi.waitFor(async () => {
      expect((await control(ghost.run_id, 'stop')).statusCode).toBe(200);
      expect((await liveRuns()).map((r) => r.run_id)).not.toContain(ghost.run_id);
    });
    expect(await gone).toMatchObject({ ended: true });
    expect((await liveRuns()).map((r) => r.run_id)).not.toContain(ghost.run_id);
    const [row] = await t.database.db.select().from(eventRuns).where(eq(eventRuns.id, ghost.run_id));
    expect(row).toMatchObject({ outcome: 'stopped' });
  });

  it('counts a run its kiosk stopped reporting on for 30 minutes as left, and housekeeping closes it', async () => {
    const run = await start();
    await progress(run.run_id, 0, 'welcome');
    t.clock.advance(29 * MINUTE);
    expect((await liveRuns()).map((r) => r.run_id)).toContain(run.run_id);
    t.clock.advance(2 * MINUTE);
    expect((await liveRuns()).map((r) => r.run_id)).not.toContain(run.run_id);
    const late = await device(kiosk.key, `/event_runs/${run.run_id}/progress`, {
      activity_index: 1,
      activity_key: 'intro',
    });
    expect(late.json()).toMatchObject({ error: 'run_ended' });
    const [closed] = await t.database.db.select().from(eventRuns).where(eq(eventRuns.id, run.run_id));
    expect(closed).toMatchObject({ outcome: 'left', activityKey: 'welcome' });
    expect(closed!.endedAt).toEqual(closed!.updatedAt);

    // One nobody touches again is closed by the hourly housekeeping, and the consoles hear it.
    const forgotten = await start();
    t.clock.advance(31 * MINUTE);
    const tab = await connected(adminSocket(t.url, admin));
    const heard = nextMessage<RunEvent>(tab, SOCKET.event, 3_000, (e) => e.run_id === forgotten.run_id);
    const task = t.app.housekeepingTasks.find((x) => x.name.startsWith('end event runs'))!;
    expect(await task.run()).toBeGreaterThanOrEqual(1);
    expect(await heard).toMatchObject({ ended: true, device_id: kiosk.id });
    const [row] = await t.database.db.select().from(eventRuns).where(eq(eventRuns.id, forgotten.run_id));
    expect(row).toMatchObject({ outcome: 'left' });
    expect(await task.run()).toBe(0);
  });

  it('shows control mode only to the event’s own project and device', async () => {
    const run = await start();
    const other = await otherProject(t.database);
    const stranger = await login(t.app, other.username, other.password);
    // Their own device, our event: no such event there.
    expect((await live(stranger, other.deviceId)).statusCode).toBe(404);
    expect((await control(run.run_id, 'stop', stranger, other.deviceId)).statusCode).toBe(404);
    // Our device: not in their project.
    expect((await live(stranger, kiosk.id)).statusCode).toBe(403);
    expect((await control(run.run_id, 'stop', stranger, kiosk.id)).statusCode).toBe(403);
    // Our own other device does not have this event either.
    expect((await live(admin, otherKiosk.id)).statusCode).toBe(404);
    expect((await liveRuns()).map((r) => r.run_id)).toContain(run.run_id);
    await deviceData(`/event_runs/${run.run_id}/end`, { outcome: 'left', activity_index: 0 });
  });
});
