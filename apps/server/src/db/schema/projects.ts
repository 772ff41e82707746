/**
 * Projects: the tenant every user, device and upload belongs to (modules/devices, retention).
 */
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Conversations (and visitor sessions) older than this many days are deleted daily; null keeps all. */
  conversationRetentionDays: integer('conversation_retention_days'),
  createdAt: createdAt(),
});
