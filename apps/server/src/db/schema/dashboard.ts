/**
 * The dashboard's roll-ups (modules/dashboard) of the conversation log and the visitor sessions
 * (db/schema/conversations.ts). Derived data: triggers on those two tables keep them up to date
 * (drizzle/0025_dashboard_rollup.sql), whatever writes the rows (the device API, retention, a
 * device's delete, a topic's delete nulling `intent_id`).
 */
import { integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { deviceRef } from './devices.js';

/**
 * Per device and quarter hour (UTC, from 2000-01-01): every zone's offset is a whole number of
 * quarter hours, so a local day is whole quarters and the graph puts each on its day.
 */
export const dashboardQuarters = pgTable(
  'dashboard_quarters',
  {
    deviceId: deviceRef(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    conversations: integer('conversations').notNull().default(0),
    fallback: integer('fallback').notNull().default(0),
    /** Sessions started in the quarter that asked something, and their lengths summed (AET). */
    qaSessions: integer('qa_sessions').notNull().default(0),
    sessionSeconds: numeric('session_seconds').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.bucket] })],
);

/** Per device and UTC day: answered conversations per topic (`intent_id`) and per location. */
export const dashboardFaqDays = pgTable(
  'dashboard_faq_days',
  {
    deviceId: deviceRef(),
    kind: text('kind', { enum: ['topic', 'location'] }).notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    refId: integer('ref_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.kind, t.day, t.refId] })],
);
