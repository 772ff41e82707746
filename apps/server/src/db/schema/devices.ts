/**
 * Devices (modules/devices) and their keys for the device API, and `deviceRef`, the `device_id`
 * column most per-device tables begin with.
 */
import type { Language } from '@ambassador/contracts';
import { sql } from 'drizzle-orm';
import {
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
import { projects } from './projects.js';

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['ambassador', 'chatbot'] }).notNull(),
    /** Languages the device offers its visitors (of the contracts' LANGUAGES), the first its default. */
    languages: jsonb('languages').$type<Language[]>().notNull().default(['english', 'cantonese', 'mandarin']),
    /** Last call to the device API. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Retired: no key, out of the selector and lists, data kept until restored or deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The staff PIN that opens the kiosk's staff settings (hashed like a password); null: none set. */
    staffPinHash: text('staff_pin_hash'),
    /** When staff last unpaired the kiosk with the PIN (the key stays valid: it is only forgotten). */
    unpairedAt: timestamp('unpaired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('devices_project_idx').on(t.projectId),
    check('devices_kind_check', sql`${t.kind} in ('ambassador', 'chatbot')`),
  ],
);

/** The `device_id` column of a per-device table: deleting the device deletes its rows. */
export const deviceRef = () =>
  integer('device_id')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' });

/** A device's key for the device API, stored only as its SHA-256. Rotating revokes the old one. */
export const deviceKeys = pgTable(
  'device_keys',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** 'console' for keys an admin made; 'seed' for the demo-data generator's short-lived ones. */
    label: text('label').notNull().default('console'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_keys_hash_idx').on(t.keyHash), index('device_keys_device_idx').on(t.deviceId)],
);
