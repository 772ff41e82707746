/**
 * Video calls from kiosks and the per-device call settings (modules/calls; realtime, issue 5).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { deviceRef, devices } from './devices.js';
import { users } from './users.js';

/** A video call from a kiosk, answered by one operator on Live Video. */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey(),
    deviceId: deviceRef(),
    status: text('status', { enum: ['ringing', 'answered', 'ended', 'missed'] }).notNull(),
    createdAt: createdAt(),
    /** When the ringing gives up and the call counts as missed. */
    ringUntil: timestamp('ring_until', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredByName: text('answered_by_name'),
    /** The console tab (realtime client id) that answered: the call's signalling goes there. */
    answeredClient: text('answered_client'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('calls_device_created_idx').on(t.deviceId, t.createdAt),
    index('calls_ringing_idx')
      .on(t.ringUntil)
      .where(sql`${t.status} = 'ringing'`),
    check('calls_status_check', sql`${t.status} in ('ringing', 'answered', 'ended', 'missed')`),
  ],
);

/** Per device: hours calls are taken, the offline response, and the notification channel. */
export const callSettings = pgTable('call_settings', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  offlineHours: jsonb('offline_hours')
    .$type<{ day: string; start: string; end: string }[]>()
    .notNull()
    .default([]),
  timeZone: text('time_zone').notNull().default('UTC'),
  offlineResponse: jsonb('offline_response').$type<Record<string, string>>().notNull().default({}),
  notification: jsonb('notification')
    .$type<{ banner: boolean; sound: boolean; desktop: boolean; ring_seconds: number }>()
    .notNull()
    .default({ banner: true, sound: true, desktop: false, ring_seconds: 45 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});
