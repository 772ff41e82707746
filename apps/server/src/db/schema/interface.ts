/**
 * Interface Settings (modules/interface): sections, carousel banners, the idle screen.
 */
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
import { aiTopics } from './ai.js';
import { createdAt, updatedAt } from './columns.js';
import { deviceRef } from './devices.js';
import { directoryUnits } from './directory.js';
import { media } from './media.js';

/**
 * A device's interface sections as an operator saved them (Interface Settings): per section, each
 * catalogue component of that time on or off. A section without a row, and a component added to
 * the catalogue since the save, take the catalogue's default (packages/contracts interface.ts).
 */
export const interfaceSections = pgTable(
  'interface_sections',
  {
    deviceId: deviceRef(),
    sectionId: text('section_id').notNull(),
    components: jsonb('components').$type<Record<string, boolean>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('interface_sections_pk_idx').on(t.deviceId, t.sectionId)],
);

/**
 * Carousel banners of a device's start screen: a media image, its place in the order, an optional
 * topic it opens and an optional schedule (either bound may be open).
 */
export const carouselBanners = pgTable(
  'carousel_banners',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // A topic deleted later leaves the banner without a link rather than the banner gone.
    linkTopicId: integer('link_topic_id').references(() => aiTopics.id, { onDelete: 'set null' }),
    // Or a directory unit the kiosk opens (never both: the service refuses it).
    linkUnitId: integer('link_unit_id').references(() => directoryUnits.id, { onDelete: 'set null' }),
    showFrom: timestamp('show_from', { withTimezone: true }),
    showUntil: timestamp('show_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('carousel_banners_device_idx').on(t.deviceId, t.position)],
);

/**
 * A device's idle screen settings (Interface Settings → idle screen): which media type its idle
 * loop plays and the seconds without a touch before it starts. No row: images, IDLE_TIMEOUT.default.
 */
export const idleScreenSettings = pgTable(
  'idle_screen_settings',
  {
    deviceId: deviceRef().primaryKey(),
    mediaType: text('media_type', { enum: ['image', 'video'] })
      .notNull()
      .default('image'),
    idleTimeoutS: integer('idle_timeout_s').notNull().default(60),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('idle_screen_settings_media_type_check', sql`${t.mediaType} in ('image', 'video')`),
    check('idle_screen_settings_timeout_check', sql`${t.idleTimeoutS} between 15 and 3600`),
  ],
);

/**
 * The idle loop's items of a device: a media image or video, its place among the items of its kind,
 * and for an image the seconds it shows (a video plays to its end: null).
 */
export const idleScreenItems = pgTable(
  'idle_screen_items',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    durationS: integer('duration_s'),
    createdAt: createdAt(),
  },
  (t) => [
    index('idle_screen_items_device_idx').on(t.deviceId, t.kind, t.position),
    check('idle_screen_items_kind_check', sql`${t.kind} in ('image', 'video')`),
    check(
      'idle_screen_items_duration_check',
      sql`(${t.kind} = 'video' and ${t.durationS} is null) or (${t.kind} = 'image' and ${t.durationS} between 3 and 300)`,
    ),
  ],
);
