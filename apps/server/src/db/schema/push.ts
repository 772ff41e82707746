/**
 * Messages operators push to devices, and their delivery to each (modules/push; realtime, issue 5).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { deviceRef } from './devices.js';
import { projects } from './projects.js';
import { users } from './users.js';

/** A message an operator pushed to devices of the project. */
export const pushes = pgTable(
  'pushes',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    imageUrl: text('image_url'),
    durationSeconds: integer('duration_seconds').notNull(),
    speak: boolean('speak').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pushes_project_created_idx').on(t.projectId, t.createdAt)],
);

export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    pushId: integer('push_id')
      .notNull()
      .references(() => pushes.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    status: text('status', { enum: ['pending', 'delivered', 'expired'] })
      .notNull()
      .default('pending'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_deliveries_pk_idx').on(t.pushId, t.deviceId),
    index('push_deliveries_pending_idx')
      .on(t.deviceId)
      .where(sql`${t.status} = 'pending'`),
    check('push_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'expired')`),
  ],
);
