/**
 * AI configuration, per device (modules/ai): categories, topics, keywords, responses, entities,
 * settings and transfers.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  real,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { deviceRef, devices } from './devices.js';
import { projects } from './projects.js';

export const aiCategories = pgTable(
  'ai_categories',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    parentId: integer('parent_id').references((): AnyPgColumn => aiCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ai_categories_name_idx').on(
      t.deviceId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('ai_categories_parent_idx').on(t.parentId),
  ],
);

export const aiTopics = pgTable(
  'ai_topics',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    // A category in use cannot be deleted: the database refuses too, not only the service.
    categoryId: integer('category_id')
      .notNull()
      .references(() => aiCategories.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references((): AnyPgColumn => aiTopics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remarks: text('remarks').notNull().default(''),
    isActivated: boolean('is_activated').notNull().default(true),
    isEnabledRelatedIntents: boolean('is_enabled_related_intents').notNull().default(false),
    avatarMotion: text('avatar_motion'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ai_topics_name_idx').on(t.deviceId, sql`lower(${t.name})`),
    index('ai_topics_category_idx').on(t.categoryId),
    index('ai_topics_parent_idx').on(t.parentId),
  ],
);

export const aiKeywords = pgTable(
  'ai_keywords',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => aiTopics.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    kind: text('kind', { enum: ['keyword', 'phrase'] }).notNull(),
    text: text('text').notNull(),
    /** Folded form (case, width, Traditional/Simplified): what duplicates and conflicts compare. */
    norm: text('norm').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ai_keywords_topic_norm_idx').on(t.topicId, t.language, t.norm),
    index('ai_keywords_device_norm_idx').on(t.deviceId, t.language, t.norm),
    // Search everywhere looks for words anywhere in the folded phrases: a device of tens of
    // thousands reads the matching rows, not every row (pg_trgm, created in 0024).
    index('ai_keywords_norm_trgm_idx').using('gin', sql`${t.norm} gin_trgm_ops`),
    check('ai_keywords_kind_check', sql`${t.kind} in ('keyword', 'phrase')`),
  ],
);

export const aiResponses = pgTable(
  'ai_responses',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => aiTopics.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    language: text('language').notNull(),
    deviceType: text('device_type', { enum: ['ambassador', 'chatbot'] }).notNull(),
    responseAim: text('response_aim').notNull(),
    responseType: text('response_type').notNull(),
    speech: text('speech').notNull().default(''),
    customContent: text('custom_content').notNull().default(''),
    contents: jsonb('contents').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ai_responses_topic_idx').on(t.topicId, t.language)],
);

/** Aliases of a keyword, called entities: an alias in a question counts as the keyword. */
export const aiEntities = pgTable(
  'ai_entities',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    keyword: text('keyword').notNull(),
    norm: text('norm').notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ai_entities_norm_idx').on(t.deviceId, t.norm)],
);

export const aiSettings = pgTable(
  'ai_settings',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    isEnabledRelatedIntents: boolean('is_enabled_related_intents').notNull().default(true),
    /** The least match score that answers (0.05–0.95); null = the matcher's default. */
    answerConfidence: real('answer_confidence'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'ai_settings_answer_confidence_check',
      sql`${t.answerConfidence} is null or ${t.answerConfidence} between 0.05 and 0.95`,
    ),
  ],
);

/** A transfer of AI data, with the destination's data as it was before, so it can be undone. */
export const aiTransfers = pgTable(
  'ai_transfers',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sourceDeviceId: integer('source_device_id').references(() => devices.id, { onDelete: 'set null' }),
    sourceDescription: text('source_description').notNull(),
    destDeviceId: deviceRef(),
    snapshot: jsonb('snapshot').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('ai_transfers_dest_idx').on(t.destDeviceId, t.createdAt)],
);

/**
 * A published version of a device's AI data: every row of its six AI tables as stored (a
 * `rowsImage` per table), with its own ids. Kiosks answer from the live one; the tables are the draft.
 */
export const aiVersions = pgTable(
  'ai_versions',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    /** 1, 2, 3… per device: what the console calls it. */
    number: integer('number').notNull(),
    note: text('note').notNull().default(''),
    image: jsonb('image').$type<Record<string, Record<string, unknown>[]>>().notNull(),
    topics: integer('topics').notNull(),
    phrases: integer('phrases').notNull(),
    responses: integer('responses').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ai_versions_number_idx').on(t.deviceId, t.number)],
);

/** The version a device's kiosks answer from; no row: they answer from the tables (no drafts). */
export const aiLiveVersions = pgTable('ai_live_versions', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  versionId: integer('version_id')
    .notNull()
    // Cascade so a device's delete takes both; the versions' pruning never takes the live one.
    .references(() => aiVersions.id, { onDelete: 'cascade' }),
  publishedBy: text('published_by').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});
