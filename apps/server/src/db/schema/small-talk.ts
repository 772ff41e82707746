/**
 * Small talk (modules/small-talk): settings, entries and topic filters per device.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { deviceRef } from './devices.js';
import { users } from './users.js';

export const smallTalkSettings = pgTable('small_talk_settings', {
  deviceId: deviceRef().primaryKey(),
  isEnabledSmalltalk: boolean('is_enabled_smalltalk').notNull().default(true),
  isEnabledTopicFilter: boolean('is_enabled_topic_filter').notNull().default(false),
  prompt: text('prompt').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * A device's small-talk entries for one language, as one ordered list. A language with no row
 * still answers with the built-in starter set (modules/small-talk/starter.ts).
 */
export const smallTalkLists = pgTable(
  'small_talk_lists',
  {
    deviceId: deviceRef(),
    language: text('language').notNull(),
    /** `[{ id, questions, answer, speech }]`, ids unique within the list. */
    items: jsonb('items')
      .$type<Array<{ id: number; questions: string[]; answer: string; speech: string }>>()
      .notNull(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('small_talk_lists_pk_idx').on(t.deviceId, t.language)],
);

/** A language's topic filter: topics the device declines, and the speech and text it says instead. */
export const smallTalkTopicFilters = pgTable(
  'small_talk_topic_filters',
  {
    deviceId: deviceRef(),
    language: text('language').notNull(),
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    speech: text('speech').notNull().default(''),
    text: text('text').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('small_talk_topic_filters_pk_idx').on(t.deviceId, t.language)],
);
