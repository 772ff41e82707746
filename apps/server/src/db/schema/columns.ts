/**
 * Column helpers the tables of several areas share. `deviceRef`, the `device_id` column of a
 * per-device table, is in devices.ts beside the table it references.
 */
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
