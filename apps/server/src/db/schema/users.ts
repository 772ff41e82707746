/**
 * Console users (modules/users).
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { projects } from './projects.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** `usernameKey(username)`: what sign-in, lockout and uniqueness compare (lib/usernames.ts). */
    usernameKey: text('username_key').notNull(),
    roleId: smallint('role_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    pageAccess: jsonb('page_access').$type<string[]>().notNull().default([]),
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in names no project, so a username is unique across the whole installation, in the
    // folded form sign-in compares: two names that fold alike cannot both exist.
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    index('users_project_idx').on(t.projectId),
    check('users_role_check', sql`${t.roleId} in (1, 2, 3)`),
  ],
);
