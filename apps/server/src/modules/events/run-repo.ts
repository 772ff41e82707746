import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { RunOutcome } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import {
  devices,
  eventRunActivities as ra,
  eventRunAnswers as ans,
  eventRuns as r,
  events as e,
  quizQuestions as q,
  quizzes,
} from '../../db/schema.js';

export type RunRow = typeof r.$inferSelect;

export interface RunEventRow {
  id: number;
  title: string;
  isActive: boolean;
  version: number;
  languages: string[];
  flows: Record<string, unknown[]>;
}

/** Where a run got to: the activity (index, key and type) and the step inside it. */
export interface RunPlace {
  activityIndex: number;
  activityKey: string;
  activityType: string;
  step: string;
}

/** A run closed by housekeeping, with the project its device belongs to (to tell its consoles). */
export type ClosedRunRow = RunRow & { projectId: number };

/** The SQL of event runs: always read and written with the device they belong to. */
export function createRunRepo(db: Db) {
  /** An open run of the device: the condition of every write that moves a run on. */
  const openRun = (runId: number, deviceId: number) =>
    and(eq(r.id, runId), eq(r.deviceId, deviceId), isNull(r.endedAt));

  return {
    /** The device's event (null for another device's): its title, whether it is current, its version and flows. */
    async event(eventId: number, deviceId: number): Promise<RunEventRow | null> {
      const [row] = await db
        .select({
          id: e.id,
          title: e.title,
          isActive: e.isActive,
          version: e.version,
          languages: e.languages,
          flows: e.flows,
        })
        .from(e)
        .where(and(eq(e.id, eventId), eq(e.deviceId, deviceId)));
      return row ?? null;
    },

    async start(run: {
      eventId: number;
      deviceId: number;
      language: string;
      eventVersion: number;
      at: Date;
    }): Promise<RunRow> {
      const [row] = await db
        .insert(r)
        .values({
          eventId: run.eventId,
          deviceId: run.deviceId,
          language: run.language,
          eventVersion: run.eventVersion,
          startedAt: run.at,
          updatedAt: run.at,
        })
        .returning();
      return row!;
    },

    /** The device's run (null for another device's). */
    async run(runId: number, deviceId: number): Promise<RunRow | null> {
      const [row] = await db
        .select()
        .from(r)
        .where(and(eq(r.id, runId), eq(r.deviceId, deviceId)));
      return row ?? null;
    },

    /**
     * Records that an open run reached a place: the activity among those it reached (its first
     * arrival kept), and the run's current place. Null when the run had ended meanwhile.
     */
    progress: (runId: number, deviceId: number, place: RunPlace, at: Date) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(r)
          .set({
            activityIndex: place.activityIndex,
            activityKey: place.activityKey,
            step: place.step,
            updatedAt: at,
          })
          .where(openRun(runId, deviceId))
          .returning();
        if (!row) return null;
        await tx
          .insert(ra)
          .values({
            runId,
            activityKey: place.activityKey,
            activityIndex: place.activityIndex,
            activityType: place.activityType,
            reachedAt: at,
          })
          .onConflictDoUpdate({
            target: [ra.runId, ra.activityKey],
            set: { activityIndex: place.activityIndex, activityType: place.activityType },
          });
        return row;
      }),

    /** A question of one of the device's quizzes (null for another device's, or a deleted one). */
    async question(questionId: number, deviceId: number) {
      const [row] = await db
        .select({ id: q.id, quizId: q.quizId, contents: q.contents })
        .from(q)
        .innerJoin(quizzes, eq(quizzes.id, q.quizId))
        .where(and(eq(q.id, questionId), eq(quizzes.deviceId, deviceId)));
      return row ?? null;
    },

    /**
     * Records an answer of an open run. An attempt already recorded keeps its first answer, which is
     * what comes back: a retry of the same request is answered alike. Null when the run had ended.
     */
    answer: (
      runId: number,
      deviceId: number,
      a: { quizId: number; questionId: number; attempt: number; answer: string; correct: boolean },
      at: Date,
    ) =>
      db.transaction(async (tx) => {
        const [open] = await tx
          .update(r)
          .set({ updatedAt: at })
          .where(openRun(runId, deviceId))
          .returning({ id: r.id });
        if (!open) return null;
        await tx
          .insert(ans)
          .values({ runId, ...a, answeredAt: at })
          .onConflictDoNothing({ target: [ans.runId, ans.questionId, ans.attempt] });
        const [kept] = await tx
          .select({ correct: ans.correct })
          .from(ans)
          .where(and(eq(ans.runId, runId), eq(ans.questionId, a.questionId), eq(ans.attempt, a.attempt)));
        return kept!;
      }),

    /** Ends an open run; null when it had ended already (the first end stands). */
    async end(runId: number, deviceId: number, outcome: RunOutcome, activityIndex: number, at: Date) {
      const [row] = await db
        .update(r)
        .set({ outcome, activityIndex, endedAt: at, updatedAt: at })
        .where(openRun(runId, deviceId))
        .returning();
      return row ?? null;
    },

    /** The event's runs on the device not ended and heard from after `since`, oldest first. */
    live: (eventId: number, deviceId: number, since: Date) =>
      db
        .select()
        .from(r)
        .where(
          and(eq(r.eventId, eventId), eq(r.deviceId, deviceId), isNull(r.endedAt), gt(r.updatedAt, since)),
        )
        .orderBy(asc(r.startedAt), asc(r.id)),

    /**
     * Ends every run not heard from since `before` as left, at its last sign of life; with a run id,
     * only that run. Returns what it closed, with each device's project (to tell its consoles).
     */
    async closeAbandoned(before: Date, runId?: number): Promise<ClosedRunRow[]> {
      const closed = await db
        .update(r)
        .set({ outcome: 'left', endedAt: sql`${r.updatedAt}` })
        .where(
          and(isNull(r.endedAt), lte(r.updatedAt, before), runId === undefined ? undefined : eq(r.id, runId)),
        )
        .returning();
      if (closed.length === 0) return [];
      const owners = await db
        .select({ id: devices.id, projectId: devices.projectId })
        .from(devices)
        .where(inArray(devices.id, [...new Set(closed.map((c) => c.deviceId))]));
      const projectOf = new Map(owners.map((o) => [o.id, o.projectId]));
      return closed.map((c) => ({ ...c, projectId: projectOf.get(c.deviceId)! }));
    },
  };
}

export type RunRepo = ReturnType<typeof createRunRepo>;
