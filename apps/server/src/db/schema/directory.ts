/**
 * Directory units and their texts per language (modules/directory).
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { deviceRef } from './devices.js';
import { media } from './media.js';

/**
 * A device's directory units (Interface Settings → Directory): unit number (unique per device,
 * compared without case), optional logo from the media store, contact fields and the live-chat
 * switch. The occupant's name and description are per language, in directory_unit_texts.
 */
export const directoryUnits = pgTable(
  'directory_units',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    unitNo: text('unit_no').notNull(),
    // The logo's media row going (deleted as unused) leaves the unit without a logo.
    logoMediaId: integer('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    liveChat: boolean('live_chat').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('directory_units_device_unit_idx').on(t.deviceId, sql`lower(${t.unitNo})`)],
);

/** A unit's occupant name and description in one language of its device. */
export const directoryUnitTexts = pgTable(
  'directory_unit_texts',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => directoryUnits.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('directory_unit_texts_pk_idx').on(t.unitId, t.language)],
);
