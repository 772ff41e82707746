/**
 * What visitors asked (modules/conversations, device-api, dashboard): their sessions at a device
 * and each question with its answer.
 */
import type { AnswerStep, Language } from '@ambassador/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  real,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { aiTopics } from './ai.js';
import { deviceRef } from './devices.js';
import { locations } from './locations.js';

/** A visitor's time at a device: from the first touch to the end (or the last question). */
export const visitorSessions = pgTable(
  'visitor_sessions',
  {
    id: uuid('id').primaryKey(),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    questions: integer('questions').notNull().default(0),
  },
  (t) => [
    // The trailing columns make the dashboard's session counts and AET index-only scans, without
    // the heap (drizzle has no INCLUDE); bench/conversations.ts measures them.
    index('visitor_sessions_device_started_idx').on(
      t.deviceId,
      t.startedAt,
      t.questions,
      t.endedAt,
      t.lastActivityAt,
    ),
  ],
);

/** One visitor question and the device's answer: a row of Conversation Review. */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: deviceRef(),
    sessionId: uuid('session_id').references(() => visitorSessions.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    acquire: text('acquire').notNull(),
    reply: text('reply').notNull(),
    language: text('language').notNull(),
    intentId: integer('intent_id').references(() => aiTopics.id, { onDelete: 'set null' }),
    /** Names as they were when asked: a later rename or delete does not rewrite history. */
    intentName: text('intent_name'),
    categoryName: text('category_name'),
    responseTimeMs: integer('response_time_ms').notNull(),
    score: real('score'),
    /** answered (a topic), location, document, small_talk, declined (a topic filter) or fallback. */
    status: text('status', {
      enum: ['answered', 'fallback', 'location', 'document', 'small_talk', 'declined'],
    }).notNull(),
    /** A location answer's location (its name as asked is `intent_name`). */
    locationId: integer('location_id').references((): AnyPgColumn => locations.id, { onDelete: 'set null' }),
    /** A document answer's source: `{ document_id, filename, page, heading, passage_id }` as it was. */
    source: jsonb('source').$type<{
      document_id: number;
      filename: string;
      page: number | null;
      heading: string | null;
      passage_id: number;
      /** Absent on answers logged before the answer's language was kept. */
      language?: Language | null;
    }>(),
    /** How the answering chain answered, step by step (null: logged before steps were kept). */
    steps: jsonb('steps').$type<AnswerStep[]>(),
    rating: smallint('rating'),
    comment: text('comment').notNull().default(''),
    bookmarked: boolean('bookmarked').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    trainedIntentId: integer('trained_intent_id').references(() => aiTopics.id, { onDelete: 'set null' }),
    trainedAt: timestamp('trained_at', { withTimezone: true }),
    /**
     * A fallback's best topic when it came within reach of the threshold (`CANDIDATE_REACH` of
     * it), to teach it in one click; a fallback's `score` is its best topic's, within reach or not.
     * Null on answered rows: their topic is `intent_id`.
     */
    candidateIntentId: integer('candidate_intent_id').references(() => aiTopics.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Review order (at, id) per device; the trailing status and intent_id (never reordering, id is
    // unique) make the dashboard's counts, graph and FAQ index-only scans, without the heap.
    index('conversations_device_at_idx').on(t.deviceId, t.at, t.id, t.status, t.intentId),
    uniqueIndex('conversations_idempotency_idx')
      .on(t.deviceId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('conversations_bookmarked_idx')
      .on(t.deviceId, t.at)
      .where(sql`${t.bookmarked}`),
    index('conversations_session_idx').on(t.sessionId),
    // The review's search (a substring of question or answer, case ignored): trigrams of the
    // lowered texts, so a year's search reads the matching rows instead of every row (pg_trgm,
    // loaded on PGlite too; db/client.ts).
    index('conversations_acquire_trgm_idx').using('gin', sql`lower(${t.acquire}) gin_trgm_ops`),
    index('conversations_reply_trgm_idx').using('gin', sql`lower(${t.reply}) gin_trgm_ops`),
    // The category filter's names: a skip scan over a handful of names, not every row of the device.
    index('conversations_device_category_idx')
      .on(t.deviceId, t.categoryName)
      .where(sql`${t.categoryName} is not null`),
    // Deleting a topic nulls its references: without these, every delete would scan the log.
    index('conversations_intent_idx').on(t.intentId),
    index('conversations_location_idx')
      .on(t.locationId)
      .where(sql`${t.locationId} is not null`),
    index('conversations_trained_idx')
      .on(t.trainedIntentId)
      .where(sql`${t.trainedIntentId} is not null`),
    index('conversations_candidate_idx')
      .on(t.candidateIntentId)
      .where(sql`${t.candidateIntentId} is not null`),
    check(
      'conversations_status_check',
      sql`${t.status} in ('answered', 'fallback', 'location', 'document', 'small_talk', 'declined')`,
    ),
    check('conversations_rating_check', sql`${t.rating} is null or ${t.rating} in (1, -1)`),
  ],
);
