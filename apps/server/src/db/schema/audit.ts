/**
 * The audit trail (modules/audit): who changed what and when, per project and device. Rows outlive
 * what they name: no foreign key to devices or users, so deleting one keeps its history.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { projects } from './projects.js';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null only for a failed sign-in with a name nobody has: no project sees those. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id'),
    /** The username as it was; null for a sign-in with an unknown name. */
    actor: text('actor'),
    actorId: integer('actor_id'),
    actorRole: smallint('actor_role'),
    /** `<what>.<verb>`: contracts' AUDIT_ACTIONS, or one derived from a route's address. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    /** What changed; never a password, key, PIN or token. */
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_project_created_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index('audit_events_project_device_idx').on(t.projectId, t.deviceId, t.createdAt.desc()),
    index('audit_events_project_actor_idx').on(t.projectId, t.actor, t.createdAt.desc()),
    index('audit_events_project_action_idx').on(
      t.projectId,
      t.action.op('text_pattern_ops'),
      t.createdAt.desc(),
    ),
    index('audit_events_created_idx').on(t.createdAt),
  ],
);
