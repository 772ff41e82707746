/**
 * Live chat between visitors and operators (modules/chat; realtime, issue 5).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { visitorSessions } from './conversations.js';
import { deviceRef } from './devices.js';
import { projects } from './projects.js';
import { users } from './users.js';

/** A visitor's chat with the operators, opened from a kiosk. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey(),
    deviceId: deviceRef(),
    visitorSessionId: uuid('visitor_session_id').references(() => visitorSessions.id, {
      onDelete: 'set null',
    }),
    language: text('language').notNull(),
    name: text('name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessage: text('last_message'),
    /** Visitor messages no operator has read yet. */
    unread: integer('unread').notNull().default(0),
    /**
     * When an operator first read or answered the chat; null while no operator has seen it. An
     * open chat is waiting for staff while unseen or with unread visitor messages.
     */
    readAt: timestamp('read_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The operator the chat is assigned to (took it or was given it); null while unassigned. */
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The visitor's answer to "how satisfied were you?" after the chat ended: 1–5, once. */
    rating: smallint('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    check('chat_sessions_rating_check', sql`${t.rating} between 1 and 5`),
    index('chat_sessions_device_activity_idx').on(t.deviceId, t.lastMessageAt, t.createdAt),
    index('chat_sessions_visitor_session_idx').on(t.visitorSessionId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    sentByAdmin: boolean('sent_by_admin').notNull(),
    /** The operator who sent it; null for the visitor's messages. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sender: text('sender'),
    message: text('message').notNull(),
    clientId: text('client_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    // A retried send (same client id) is stored once.
    uniqueIndex('chat_messages_client_idx')
      .on(t.sessionId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/**
 * A project's saved replies: a short code the operator types after "/" in the reply box, and the
 * text in each visitor language it has one for (the chat's language is inserted, else the first).
 */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chat_canned_replies_code_idx').on(t.projectId, sql`lower(${t.code})`)],
);

/**
 * Whether an operator is Available or Away on Live Chat, as they set it. No row: Available (what
 * every operator was before they could choose). When no operator of the project is Available,
 * the kiosks tell visitors asking for staff that staff are away.
 */
export const chatAvailability = pgTable('chat_availability', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  available: boolean('available').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
