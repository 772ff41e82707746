import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * This installation, as one row made at its first start (db/installation.ts): its random id names
 * it wherever several installations share a service, e.g. the namespace of its keys and channels in
 * Redis, which every instance on this database must agree on however it reaches the database.
 */
export const installation = pgTable(
  'installation',
  {
    /** Always 1: the primary key keeps the table to one row. */
    singleton: smallint('singleton').primaryKey().default(1),
    id: uuid('id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('installation_singleton_check', sql`${t.singleton} = 1`)],
);
