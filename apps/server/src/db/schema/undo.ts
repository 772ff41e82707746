/**
 * Undo (modules/undo): what a delete or a bulk change replaced, kept for a while so the operator
 * who made it can put it back. Each area writes its own before-image and knows how to restore it.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { devices } from './devices.js';
import { projects } from './projects.js';

export const undoEntries = pgTable(
  'undo_entries',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** null for a project-wide change (users). */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    /** The area's name for the change, e.g. `topics.delete`: which handler restores it. */
    kind: text('kind').notNull(),
    /** How many records it touched. */
    count: integer('count').notNull(),
    /** What the operator would call it: the record's name for one, empty for many. */
    label: text('label').notNull().default(''),
    before: jsonb('before').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: text('undone_by'),
  },
  (t) => [
    index('undo_entries_project_idx').on(t.projectId, t.createdAt),
    index('undo_entries_expires_idx').on(t.expiresAt),
  ],
);
