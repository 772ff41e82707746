/**
 * Locations and maps (modules/locations, issue 18).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  real,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { deviceRef, devices } from './devices.js';
import { media } from './media.js';

/** A device's floor plans, in floor order (`position`, 0 first): an image of the media pipeline. */
export const locationMaps = pgTable(
  'location_maps',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('location_maps_device_idx').on(t.deviceId, t.position)],
);

/** The layered tree of location categories of a device; names unique among siblings. */
export const locationCategories = pgTable(
  'location_categories',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    parentId: integer('parent_id').references((): AnyPgColumn => locationCategories.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('location_categories_name_idx').on(
      t.deviceId,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('location_categories_parent_idx').on(t.parentId),
  ],
);

/** A location's details in one locale, as stored (LocationDetails of the contracts, without its locale). */
export interface StoredLocationDetails {
  name: string;
  address: string;
  phone_number: string;
  image: string;
  opening_hours: { day: string; start: string; end: string; overnight: boolean }[];
}

/**
 * A place of a device: its point on one of the device's maps (fractions 0 … 1 of the image; a map
 * in use cannot be deleted), details per locale, aliases. Names are unique per category (service).
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    deviceId: deviceRef(),
    name: text('name').notNull(),
    mapId: integer('map_id').references(() => locationMaps.id, { onDelete: 'restrict' }),
    poiX: real('poi_x'),
    poiY: real('poi_y'),
    image: text('image').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    selectedDetails: text('selected_details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    details: jsonb('details').$type<Record<string, StoredLocationDetails>>().notNull().default({}),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_device_idx').on(t.deviceId, sql`lower(${t.name})`),
    index('locations_map_idx').on(t.mapId),
    check(
      'locations_poi_check',
      sql`(${t.mapId} is null and ${t.poiX} is null and ${t.poiY} is null) or (${t.mapId} is not null and ${t.poiX} between 0 and 1 and ${t.poiY} between 0 and 1)`,
    ),
  ],
);

/** Which categories a location is filed under. */
export const locationCategoryLinks = pgTable(
  'location_category_links',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => locationCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('location_category_links_pk_idx').on(t.locationId, t.categoryId),
    index('location_category_links_category_idx').on(t.categoryId),
  ],
);

/** Where a device itself stands on one of its maps (its "you are here"). */
export const kioskPositions = pgTable(
  'kiosk_positions',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    mapId: integer('map_id')
      .notNull()
      .references(() => locationMaps.id, { onDelete: 'cascade' }),
    x: real('x').notNull(),
    y: real('y').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('kiosk_positions_point_check', sql`${t.x} between 0 and 1 and ${t.y} between 0 and 1`)],
);
