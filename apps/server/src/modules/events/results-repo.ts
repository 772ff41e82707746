import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  eventRunActivities as ra,
  eventRunAnswers as ans,
  eventRuns as r,
  quizQuestions as q,
  quizzes,
} from '../../db/schema.js';
import { inRange, type DayRange } from '../../lib/day-range.js';

/** Whose runs are counted: one event's, or every event's of a device (a quiz's results). */
export type RunScope = { eventId: number } | { deviceId: number };

export interface OutcomeTotals {
  started: number;
  finished: number;
  left: number;
  idle: number;
  stopped: number;
}
export interface DayCount {
  day: string;
  started: number;
  finished: number;
}
/** Runs per language and activity key. */
export interface KeyCount {
  language: string;
  key: string;
  n: number;
}
export interface AnswerCount {
  language: string;
  quiz_id: number;
  question_id: number;
  answered: number;
  correct: number;
}

/**
 * The SQL of event results: runs started in a range of days, counted. A run not ended and not
 * heard from since `abandoned` counts as ended, left (run-flows.ts).
 */
export function createResultsRepo(db: Db) {
  const runsIn = (scope: RunScope, range: DayRange) =>
    and(
      'eventId' in scope ? eq(r.eventId, scope.eventId) : eq(r.deviceId, scope.deviceId),
      inRange(r.startedAt, range),
    )!;
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  /** How a run ended, as results count it; null while it goes on. */
  const outcome = (abandoned: Date): SQL =>
    sql`(case when ${r.endedAt} is null and ${r.updatedAt} <= ${at(abandoned)} then 'left' else ${r.outcome} end)`;

  return {
    async totals(scope: RunScope, range: DayRange, abandoned: Date): Promise<OutcomeTotals> {
      const o = outcome(abandoned);
      const [row] = await queryRows<OutcomeTotals>(
        db,
        sql`select count(*)::int as started,
              count(*) filter (where ${o} = 'finished')::int as finished,
              count(*) filter (where ${o} = 'left')::int as "left",
              count(*) filter (where ${o} = 'idle')::int as idle,
              count(*) filter (where ${o} = 'stopped')::int as stopped
            from ${r} where ${runsIn(scope, range)}`,
      );
      return row!;
    },

    /** Runs started (and of those, finished) per day in the range's zone; days without runs are absent. */
    byDay: (scope: RunScope, range: DayRange) =>
      queryRows<DayCount>(
        db,
        sql`select to_char((${r.startedAt} at time zone ${range.tz})::date, 'YYYY-MM-DD') as day,
              count(*)::int as started, count(*) filter (where ${r.outcome} = 'finished')::int as finished
            from ${r} where ${runsIn(scope, range)} group by 1`,
      ),

    /** Runs that reached each activity, by the run's language and the activity's key. */
    reached: (scope: RunScope, range: DayRange) =>
      queryRows<KeyCount>(
        db,
        sql`select ${r.language} as language, ${ra.activityKey} as key, count(*)::int as n
            from ${ra} join ${r} on ${r.id} = ${ra.runId}
            where ${runsIn(scope, range)} group by 1, 2`,
      ),

    /** Runs that ended without finishing, by the last activity they reached. */
    dropped: (scope: RunScope, range: DayRange, abandoned: Date) =>
      queryRows<KeyCount>(
        db,
        sql`select ${r.language} as language, ${r.activityKey} as key, count(*)::int as n
            from ${r}
            where ${runsIn(scope, range)} and ${r.activityKey} is not null and ${outcome(abandoned)} <> 'finished'
            group by 1, 2`,
      ),

    /**
     * Per run language and question: runs that answered it, and runs that answered it right within
     * its allowed attempts (a deleted question: any attempt). With `quizId`, that quiz's only.
     */
    answers: (scope: RunScope, range: DayRange, quizId?: number) =>
      queryRows<AnswerCount>(
        db,
        sql`select ${r.language} as language, ${ans.quizId} as quiz_id, ${ans.questionId} as question_id,
              count(distinct ${ans.runId})::int as answered,
              count(distinct ${ans.runId}) filter (
                where ${ans.correct} and ${ans.attempt} <= coalesce(${q.maxAttempt}, ${ans.attempt}))::int as correct
            from ${ans} join ${r} on ${r.id} = ${ans.runId} left join ${q} on ${q.id} = ${ans.questionId}
            where ${runsIn(scope, range)} ${quizId === undefined ? sql`` : sql`and ${ans.quizId} = ${quizId}`}
            group by 1, 2, 3`,
      ),

    /** The device's quizzes among these ids (a quiz deleted since is absent). */
    quizzes: (ids: number[], deviceId: number) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: quizzes.id, name: quizzes.name, languages: quizzes.languages })
            .from(quizzes)
            .where(and(inArray(quizzes.id, ids), eq(quizzes.deviceId, deviceId))),

    /** The questions of these quizzes, each quiz's in its order. */
    questions: (quizIds: number[]) =>
      quizIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: q.id, quizId: q.quizId, title: q.title })
            .from(q)
            .where(inArray(q.quizId, quizIds))
            .orderBy(asc(q.quizId), asc(q.position), asc(q.id)),
  };
}

export type ResultsRepo = ReturnType<typeof createResultsRepo>;
