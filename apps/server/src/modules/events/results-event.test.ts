import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventResults, QuizResults } from '@ambassador/contracts';
import { eventRuns, events } from '../../db/schema.js';
import { backends, login, otherProject } from '../../test/harness.js';
import { projectFixture } from '../../test/project.js';
import { adminCall, deviceCall } from '../../test/tenant.js';
import { seedEvent, seedQuiz } from '../../test/run-fixtures.js';

const TZ = 'Asia/Hong_Kong';
const DAY_MS = 86_400_000;
const MINUTE = 60_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The calendar day of an instant in a zone, as YYYY-MM-DD. */
const dayIn = (tz: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at);

describe.each(backends)('event and quiz results, on %s', (kind) => {
  const t = projectFixture(kind, {
    devices: { kiosk: `Results kiosk ${kind}`, otherKiosk: `Quiet kiosk ${kind}` },
  });
  const { admin } = t;
  const { kiosk, otherKiosk } = t.devices;
  let quiz: Awaited<ReturnType<typeof seedQuiz>>;
  let event: { id: number; version: number };
  let later: { id: number; version: number };
  let range: { start_datetime: string; end_datetime: string; tz: string };

  const kioskCall = (path: string, payload: object) => deviceCall(t.app, kiosk.key, 'POST', path, payload);
  /** One visitor's run: the activities reached, the answers given, how it ended (none: left open). */
  async function visit(
    on: { id: number; version: number },
    language: 'english' | 'cantonese',
    reached: string[],
    answers: [number, string][],
    outcome?: 'finished' | 'left',
  ) {
    const { run_id } = await kioskCall('/event_runs', { event_id: on.id, version: on.version, language });
    const keys = ['welcome', 'intro', 'quiz', 'ask'];
    for (const key of reached) {
      await kioskCall(`/event_runs/${run_id}/progress`, {
        activity_index: keys.indexOf(key),
        activity_key: key,
      });
    }
    const attempts = new Map<number, number>();
    for (const [question_id, answer] of answers) {
      const attempt = (attempts.get(question_id) ?? 0) + 1;
      attempts.set(question_id, attempt);
      await kioskCall(`/event_runs/${run_id}/answers`, { activity_index: 2, question_id, attempt, answer });
    }
    if (outcome) {
      await kioskCall(`/event_runs/${run_id}/end`, { outcome, activity_index: reached.length });
    }
    return run_id as number;
  }
  const query = (q: Record<string, string | number>) => new URLSearchParams(q as Record<string, string>);
  const get = (path: string, q: object = range, s = admin, deviceId = kiosk.id) =>
    t.app.inject({
      method: 'GET',
      url: `/admin_panel${path}?${query({ ...q, device_id: deviceId })}`,
      headers: s.headers,
    });
  const eventResults = async (q: object = range) =>
    adminCall(
      t.app,
      admin,
      'GET',
      `/event_manager/event/${event.id}/results?${query({ ...q, device_id: kiosk.id })}`,
    ) as Promise<EventResults>;
  const setCurrent = async (id: number) => {
    await t.database.db.update(events).set({ isActive: false }).where(eq(events.deviceId, kiosk.id));
    await t.database.db.update(events).set({ isActive: true }).where(eq(events.id, id));
  };

  beforeAll(async () => {
    quiz = await seedQuiz(t.database.db, kiosk.id);
    event = await seedEvent(t.database.db, kiosk.id, quiz.id, { title: 'Open day: Spring/2026' });
    later = await seedEvent(t.database.db, kiosk.id, quiz.id, { title: 'Summer', active: false });
    const { capital, sum } = quiz;

    // English: wrong then right within two attempts, then the sum right; finished.
    await visit(
      event,
      'english',
      ['welcome', 'intro', 'quiz', 'ask'],
      [
        [capital, 'london'],
        [capital, 'Paris'],
        [sum, 'four'],
      ],
      'finished',
    );
    // English: wrong once, then leaves at the quiz.
    await visit(event, 'english', ['welcome', 'intro', 'quiz'], [[capital, 'london']], 'left');
    // Cantonese: right at once; the sum right only at a second attempt it does not have.
    await visit(
      event,
      'cantonese',
      ['welcome', 'intro', 'quiz', 'ask'],
      [
        [capital, 'paris'],
        [sum, 'five'],
        [sum, 'four'],
      ],
      'finished',
    );
    // Another event using the same quiz (its quiz results count too).
    await setCurrent(later.id);
    await visit(later, 'english', ['welcome', 'intro', 'quiz', 'ask'], [[capital, 'Paris']], 'finished');
    await setCurrent(event.id);
    // A kiosk that lost power during the video: after 30 minutes the run counts as left there.
    await visit(event, 'english', ['welcome'], []);
    t.clock.advance(31 * MINUTE);

    const now = t.clock.now();
    range = {
      start_datetime: dayIn(TZ, new Date(now.getTime() - DAY_MS)),
      end_datetime: dayIn(TZ, new Date(now.getTime() + DAY_MS)),
      tz: TZ,
    };
  });

  it('counts runs started and finished, by outcome and by day in the caller’s zone', async () => {
    const results = await eventResults();
    expect(results).toMatchObject({
      runs_started: 4,
      runs_finished: 2,
      by_outcome: { finished: 2, left: 2, idle: 0, stopped: 0 },
    });
    const started = await t.database.db
      .select({ at: eventRuns.startedAt, outcome: eventRuns.outcome })
      .from(eventRuns)
      .where(eq(eventRuns.eventId, event.id));
    const expected = new Map<string, { started: number; finished: number }>();
    for (const r of started) {
      const day = expected.get(dayIn(TZ, r.at)) ?? { started: 0, finished: 0 };
      day.started += 1;
      if (r.outcome === 'finished') day.finished += 1;
      expected.set(dayIn(TZ, r.at), day);
    }
    expect(results.days).toHaveLength(3);
    expect(results.days.map((d) => d.date)).toEqual([
      range.start_datetime,
      expect.any(String),
      range.end_datetime,
    ]);
    for (const d of results.days) {
      expect(d, d.date).toEqual({ date: d.date, ...(expected.get(d.date) ?? { started: 0, finished: 0 }) });
    }
  });

  it('shows drop-off per activity of the current flows, per language', async () => {
    const { activities } = await eventResults();
    const line = (a: EventResults['activities'][number]) =>
      `${a.language} ${a.index} ${a.type} ${a.key}: reached ${a.reached}, dropped ${a.dropped}`;
    expect(activities.map(line)).toEqual([
      'english 0 video welcome: reached 3, dropped 1',
      'english 1 tts intro: reached 2, dropped 0',
      'english 2 quiz quiz: reached 2, dropped 1',
      'english 3 nlp ask: reached 1, dropped 0',
      'cantonese 0 video welcome: reached 1, dropped 0',
      'cantonese 1 tts intro: reached 1, dropped 0',
      'cantonese 2 quiz quiz: reached 1, dropped 0',
      'cantonese 3 nlp ask: reached 1, dropped 0',
    ]);
  });

  it('rates each question per language: right within the allowed attempts', async () => {
    const { questions } = await eventResults();
    expect(questions).toEqual([
      {
        quiz_id: quiz.id,
        question_id: quiz.capital,
        title: 'Capital of France',
        language: 'english',
        answered: 2,
        correct: 1,
        correct_rate: 0.5,
      },
      {
        quiz_id: quiz.id,
        question_id: quiz.sum,
        title: 'Two plus two',
        language: 'english',
        answered: 1,
        correct: 1,
        correct_rate: 1,
      },
      {
        quiz_id: quiz.id,
        question_id: quiz.capital,
        title: 'Capital of France',
        language: 'cantonese',
        answered: 1,
        correct: 1,
        correct_rate: 1,
      },
      {
        quiz_id: quiz.id,
        question_id: quiz.sum,
        title: 'Two plus two',
        language: 'cantonese',
        answered: 1,
        correct: 0,
        correct_rate: 0,
      },
    ]);
  });

  it('rates a quiz over every event of the device', async () => {
    const { questions } = (await adminCall(
      t.app,
      admin,
      'GET',
      `/event_manager/quiz/${quiz.id}/results?${query({ ...range, device_id: kiosk.id })}`,
    )) as QuizResults;
    expect(questions.map((q) => [q.language, q.title, q.answered, q.correct, q.correct_rate])).toEqual([
      ['english', 'Capital of France', 3, 2, 2 / 3],
      ['english', 'Two plus two', 1, 1, 1],
      ['cantonese', 'Capital of France', 1, 1, 1],
      ['cantonese', 'Two plus two', 1, 0, 0],
    ]);
  });

  it('answers zeros for days without runs, and refuses a bad range', async () => {
    const empty = await eventResults({ start_datetime: '2001-02-03', end_datetime: '2001-02-04', tz: 'UTC' });
    expect(empty).toMatchObject({ runs_started: 0, runs_finished: 0, by_outcome: { left: 0 } });
    expect(empty.days).toEqual([
      { date: '2001-02-03', started: 0, finished: 0 },
      { date: '2001-02-04', started: 0, finished: 0 },
    ]);
    expect(empty.questions.every((q) => q.answered === 0 && q.correct_rate === null)).toBe(true);
    expect(empty.activities.every((a) => a.reached === 0 && a.dropped === 0)).toBe(true);

    const path = `/event_manager/event/${event.id}/results`;
    const backwards = await get(path, {
      start_datetime: '2026-03-02',
      end_datetime: '2026-03-01',
      tz: 'UTC',
    });
    expect(backwards.statusCode).toBe(400);
    const tooLong = await get(path, { start_datetime: '2000-01-01', end_datetime: '2026-01-01', tz: 'UTC' });
    expect(tooLong.json()).toMatchObject({ error: 'range_too_long' });
    const zone = await get(path, { ...range, tz: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
  });

  it('exports the results as a workbook named after the event, with date cells and rates', async () => {
    const res = await get(`/event_manager/event/${event.id}/results/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain('filename="Open day_ Spring_2026-results.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Days', 'Activities', 'Questions']);
    const values = (ws: ExcelJS.Worksheet, row: number) => (ws.getRow(row).values as unknown[]).slice(1);

    const summary = wb.getWorksheet('Summary')!;
    expect(values(summary, 1)).toEqual([
      'Event',
      'From',
      'To',
      'Time zone',
      'Runs started',
      'Runs finished',
      'Left',
      'Idle',
      'Stopped',
    ]);
    expect(values(summary, 2)).toEqual([
      'Open day: Spring/2026',
      new Date(`${range.start_datetime}T00:00:00Z`),
      new Date(`${range.end_datetime}T00:00:00Z`),
      TZ,
      4,
      2,
      2,
      0,
      0,
    ]);
    expect(summary.getCell('B2').type).toBe(ExcelJS.ValueType.Date);
    expect(summary.getCell('B2').numFmt).toBe('yyyy-mm-dd');

    const days = wb.getWorksheet('Days')!;
    const results = await eventResults();
    expect([2, 3, 4].map((r) => values(days, r))).toEqual(
      results.days.map((d) => [new Date(`${d.date}T00:00:00Z`), d.started, d.finished]),
    );

    const activities = wb.getWorksheet('Activities')!;
    expect(values(activities, 2)).toEqual(['english', 1, 'video', 'welcome', 3, 1]);
    expect(activities.rowCount).toBe(9);

    const questions = wb.getWorksheet('Questions')!;
    expect(values(questions, 2)).toEqual(['Capitals quiz', 'Capital of France', 'english', 2, 1, 0.5]);
    expect(questions.getCell('F2').numFmt).toBe('0.0%');
    expect(values(questions, 5)).toEqual(['Capitals quiz', 'Two plus two', 'cantonese', 1, 0, 0]);
  });

  it('exports a quiz’s results as a workbook named after the quiz', async () => {
    const res = await get(`/event_manager/quiz/${quiz.id}/results/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain('filename="Capitals quiz-results.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Questions']);
    const questions = wb.getWorksheet('Questions')!;
    expect([1, 2, 3, 4, 5].map((r) => (questions.getRow(r).values as unknown[]).slice(1))).toEqual([
      ['Question', 'Language', 'Answered', 'Correct', 'Correct rate'],
      ['Capital of France', 'english', 3, 2, 2 / 3],
      ['Two plus two', 'english', 1, 1, 1],
      ['Capital of France', 'cantonese', 1, 1, 1],
      ['Two plus two', 'cantonese', 1, 0, 0],
    ]);
    expect(questions.getCell('E2').numFmt).toBe('0.0%');
  });

  it('keeps results to the caller’s project and the event’s own device', async () => {
    const other = await otherProject(t.database);
    const stranger = await login(t.app, other.username, other.password);
    for (const path of [
      `/event_manager/event/${event.id}/results`,
      `/event_manager/event/${event.id}/results/export`,
      `/event_manager/quiz/${quiz.id}/results`,
      `/event_manager/quiz/${quiz.id}/results/export`,
    ]) {
      expect((await get(path, range, stranger, other.deviceId)).statusCode, path).toBe(404);
      expect((await get(path, range, stranger, kiosk.id)).statusCode, path).toBe(403);
      expect((await get(path, range, admin, otherKiosk.id)).statusCode, path).toBe(404);
    }
  });
});
