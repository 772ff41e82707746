import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { devices, quizPages, quizQuestions, quizzes } from '../../db/schema.js';
import type { DeleteSpec } from '../../lib/row-images.js';
import type { MediaReferenceSource } from '../../media/repo.js';

export type QuizRow = typeof quizzes.$inferSelect;
export type QuestionRow = typeof quizQuestions.$inferSelect;
export type PageRow = typeof quizPages.$inferSelect;

/** A quiz's own fields as a write sets them. */
export interface QuizWrite {
  name?: string;
  languages?: string[];
  randomPick?: boolean;
  pickCount?: number | null;
}

/** A question's fields as a write sets them (contents already checked and normalised). */
export interface QuestionWrite {
  title: string;
  maxAttempt: number;
  showHints: boolean;
  contents: Record<string, unknown>;
}

/** An event whose flow in `language` plays the quiz. */
export interface QuizUse {
  quizId: number;
  eventId: number;
  title: string;
  language: string;
}

/**
 * A device's quiz library: quizzes, their questions (in `position` order) and general pages. Quizzes
 * are read and written by device id; questions and pages by the id of a quiz the service has found
 * on the device first.
 */
export function createQuizRepo(db: Db) {
  return {
    async deviceLanguages(deviceId: number): Promise<string[]> {
      const [row] = await db
        .select({ languages: devices.languages })
        .from(devices)
        .where(eq(devices.id, deviceId));
      return row?.languages ?? [];
    },

    async list(deviceId: number): Promise<QuizRow[]> {
      return db
        .select()
        .from(quizzes)
        .where(eq(quizzes.deviceId, deviceId))
        .orderBy(sql`lower(${quizzes.name})`, asc(quizzes.id));
    },

    async one(deviceId: number, id: number): Promise<QuizRow | undefined> {
      const [row] = await db
        .select()
        .from(quizzes)
        .where(and(eq(quizzes.deviceId, deviceId), eq(quizzes.id, id)));
      return row;
    },

    async count(deviceId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(quizzes)
        .where(eq(quizzes.deviceId, deviceId));
      return row?.n ?? 0;
    },

    /** The questions of these quizzes, each quiz's in order. */
    async questions(quizIds: number[]): Promise<QuestionRow[]> {
      if (quizIds.length === 0) return [];
      return db
        .select()
        .from(quizQuestions)
        .where(inArray(quizQuestions.quizId, quizIds))
        .orderBy(asc(quizQuestions.quizId), asc(quizQuestions.position), asc(quizQuestions.id));
    },

    /** The general pages these quizzes saved (a page never saved has no row). */
    async pages(quizIds: number[]): Promise<PageRow[]> {
      if (quizIds.length === 0) return [];
      return db.select().from(quizPages).where(inArray(quizPages.quizId, quizIds));
    },

    /**
     * Which events of the device play which quiz in which language (one row each), read from the
     * events' flows; only `quizId`'s when given (inside a transaction: its `handle`).
     */
    async usage(deviceId: number, quizId?: number, handle: Db = db): Promise<QuizUse[]> {
      return queryRows<QuizUse>(
        handle,
        sql`select distinct (a->>'quiz_id')::int as "quizId", e.id as "eventId", e.title, f.key as language
            from events e
            cross join lateral jsonb_each(e.flows) f
            cross join lateral jsonb_array_elements(case when jsonb_typeof(f.value) = 'array' then f.value else '[]'::jsonb end) a
            where e.device_id = ${deviceId}
              and a->>'type' = 'quiz'
              and jsonb_typeof(a->'quiz_id') = 'number'
              ${quizId === undefined ? sql`` : sql`and a->'quiz_id' = to_jsonb(${quizId}::int)`}
            order by e.id, f.key`,
      );
    },

    async insert(deviceId: number, quiz: { name: string; languages: string[] }, at: Date) {
      const [row] = await db
        .insert(quizzes)
        .values({ deviceId, name: quiz.name, languages: quiz.languages, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    /** Sets the quiz's fields and, with `order`, its questions' positions (their index). */
    async update(deviceId: number, id: number, change: QuizWrite, order: number[] | undefined, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(quizzes)
          .set({ ...change, updatedAt: at })
          .where(and(eq(quizzes.deviceId, deviceId), eq(quizzes.id, id)));
        for (const [position, questionId] of (order ?? []).entries()) {
          await tx
            .update(quizQuestions)
            .set({ position })
            .where(and(eq(quizQuestions.quizId, id), eq(quizQuestions.id, questionId)));
        }
      });
    },

    /** A copy of the quiz with its questions and pages, under a new name; the copy's id. */
    async duplicate(deviceId: number, id: number, name: string, at: Date) {
      return db.transaction(async (tx) => {
        const [source] = await tx
          .select()
          .from(quizzes)
          .where(and(eq(quizzes.deviceId, deviceId), eq(quizzes.id, id)));
        if (!source) return undefined;
        const [copy] = await tx
          .insert(quizzes)
          .values({
            deviceId,
            name,
            languages: source.languages,
            randomPick: source.randomPick,
            pickCount: source.pickCount,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: quizzes.id });
        const questions = await tx
          .select()
          .from(quizQuestions)
          .where(eq(quizQuestions.quizId, id))
          .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
        if (questions.length > 0) {
          await tx.insert(quizQuestions).values(
            questions.map((q, position) => ({
              quizId: copy!.id,
              position,
              title: q.title,
              maxAttempt: q.maxAttempt,
              showHints: q.showHints,
              contents: q.contents,
              createdAt: at,
              updatedAt: at,
            })),
          );
        }
        const pages = await tx.select().from(quizPages).where(eq(quizPages.quizId, id));
        if (pages.length > 0) {
          await tx.insert(quizPages).values(
            pages.map((p) => ({
              quizId: copy!.id,
              pageType: p.pageType,
              isOn: p.isOn,
              contents: p.contents,
            })),
          );
        }
        return copy!.id;
      });
    },

    /** The device's quizzes among `ids`, or all of them (at most `max` + 1): what a bulk delete takes. */
    select: (t: Db, deviceId: number, selection: { ids: number[] } | object, max: number) =>
      t
        .select({ id: quizzes.id, name: quizzes.name })
        .from(quizzes)
        .where(
          and(
            eq(quizzes.deviceId, deviceId),
            'ids' in selection ? inArray(quizzes.id, selection.ids) : undefined,
          ),
        )
        .orderBy(quizzes.id)
        .limit(max + 1),

    /** What a quiz's delete takes with it for undo: its questions and general pages. */
    deleteSpec: {
      table: 'quizzes',
      children: [
        { table: 'quiz_questions', column: 'quiz_id' },
        { table: 'quiz_pages', column: 'quiz_id' },
      ],
      links: [],
    } satisfies DeleteSpec,

    async questionCount(quizId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(quizQuestions)
        .where(eq(quizQuestions.quizId, quizId));
      return row?.n ?? 0;
    },

    async question(quizId: number, id: number): Promise<QuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(quizQuestions)
        .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.id, id)));
      return row;
    },

    /** Adds a question after the quiz's last one. */
    async insertQuestion(quizId: number, question: QuestionWrite, at: Date) {
      return db.transaction(async (tx) => {
        const [last] = await tx
          .select({ max: sql<number | null>`max(${quizQuestions.position})` })
          .from(quizQuestions)
          .where(eq(quizQuestions.quizId, quizId));
        const [row] = await tx
          .insert(quizQuestions)
          .values({ quizId, position: (last?.max ?? -1) + 1, ...question, createdAt: at, updatedAt: at })
          .returning();
        await tx.update(quizzes).set({ updatedAt: at }).where(eq(quizzes.id, quizId));
        return row!;
      });
    },

    async updateQuestion(quizId: number, id: number, question: QuestionWrite, at: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(quizQuestions)
          .set({ ...question, updatedAt: at })
          .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.id, id)))
          .returning();
        if (row) await tx.update(quizzes).set({ updatedAt: at }).where(eq(quizzes.id, quizId));
        return row;
      });
    },

    /** Deletes one question; whether it was there. */
    async removeQuestion(quizId: number, id: number, at: Date) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(quizQuestions)
          .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.id, id)))
          .returning({ id: quizQuestions.id });
        if (rows.length > 0) await tx.update(quizzes).set({ updatedAt: at }).where(eq(quizzes.id, quizId));
        return rows.length > 0;
      });
    },

    /** Saves one general page (on or off, its contents per language). */
    async savePage(
      quizId: number,
      pageType: string,
      isOn: boolean,
      contents: Record<string, unknown>,
      at: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(quizPages)
          .values({ quizId, pageType, isOn, contents, updatedAt: at })
          .onConflictDoUpdate({
            target: [quizPages.quizId, quizPages.pageType],
            set: { isOn, contents, updatedAt: at },
          });
        await tx.update(quizzes).set({ updatedAt: at }).where(eq(quizzes.id, quizId));
      });
    },
  };
}

export type QuizRepo = ReturnType<typeof createQuizRepo>;

/** Question images and general page images are media addresses inside their contents. */
export const quizMediaReferences: MediaReferenceSource = {
  name: 'quiz questions and general pages',
  texts: sql`select contents::text from quiz_questions where contents::text like '%/media/%'
             union all
             select contents::text from quiz_pages where contents::text like '%/media/%'`,
};
