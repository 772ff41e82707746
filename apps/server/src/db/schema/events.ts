/**
 * Event Manager (modules/events): quizzes, events and visitors' runs through them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { deviceRef } from './devices.js';

/**
 * A device's quiz library (Event Manager): a quiz in some languages, whether a run asks its
 * questions in a random order (and how many), its questions and its general pages.
 */
export const quizzes = pgTable('quizzes', {
  id: serial('id').primaryKey(),
  deviceId: deviceRef(),
  name: text('name').notNull(),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  randomPick: boolean('random_pick').notNull().default(false),
  pickCount: integer('pick_count'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A quiz's question: its own fields and, per language, its content (ZQuestionContent as JSON). */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    maxAttempt: integer('max_attempt').notNull().default(1),
    showHints: boolean('show_hints').notNull().default(false),
    contents: jsonb('contents').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quiz_questions_quiz_idx').on(t.quizId, t.position)],
);

/** A quiz's general page (onboard, correct, incorrect, ending, retry): on or off, content per language. */
export const quizPages = pgTable(
  'quiz_pages',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    pageType: text('page_type').notNull(),
    isOn: boolean('is_on').notNull().default(false),
    contents: jsonb('contents').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quiz_pages_pk_idx').on(t.quizId, t.pageType)],
);

/**
 * A device's event: per language a flow of activities (ZActivity[] as JSON), at most one current
 * (is_active) per device, and a version that grows with every save (a stale save is refused).
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    title: text('title').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    flows: jsonb('flows').$type<Record<string, unknown[]>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_device_idx').on(t.deviceId, t.createdAt),
    uniqueIndex('events_one_active_idx')
      .on(t.deviceId)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * A visitor's run through an event on a kiosk: the language, the version of the event it ran, where
 * it is (or ended: the furthest activity, how it ended).
 */
export const eventRuns = pgTable(
  'event_runs',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    eventVersion: integer('event_version').notNull(),
    activityIndex: integer('activity_index').notNull().default(0),
    activityKey: text('activity_key'),
    step: text('step').notNull().default(''),
    outcome: text('outcome', { enum: ['finished', 'left', 'idle', 'stopped'] }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('event_runs_event_idx').on(t.eventId, t.startedAt),
    index('event_runs_live_idx')
      .on(t.deviceId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** Each activity a run reached (for drop-off per activity), by the activity's key. */
export const eventRunActivities = pgTable(
  'event_run_activities',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => eventRuns.id, { onDelete: 'cascade' }),
    activityKey: text('activity_key').notNull(),
    activityIndex: integer('activity_index').notNull(),
    activityType: text('activity_type').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('event_run_activities_pk_idx').on(t.runId, t.activityKey)],
);

/** A button a visitor pressed for a quiz question in a run, and whether it was right (the server decides). */
export const eventRunAnswers = pgTable(
  'event_run_answers',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => eventRuns.id, { onDelete: 'cascade' }),
    quizId: integer('quiz_id').notNull(),
    questionId: integer('question_id').notNull(),
    attempt: integer('attempt').notNull(),
    answer: text('answer').notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_run_answers_attempt_idx').on(t.runId, t.questionId, t.attempt),
    index('event_run_answers_question_idx').on(t.questionId),
  ],
);
