import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  kioskPositions as kp,
  locationCategories as cat,
  locationCategoryLinks as link,
  locationMaps as maps,
  locations as loc,
  media,
  type StoredLocationDetails,
} from '../../db/schema.js';
import type { SearchSource } from '../../core/module.js';
import type { DeleteSpec } from '../../lib/row-images.js';
import { hitOf, holds } from '../../lib/search-text.js';
import { closestFirst, likePattern } from '../../lib/sql.js';
import type { MediaReferenceSource } from '../../media/repo.js';

/** The first key of the advisory lock a change of a device's locations takes (the device id is the second). */
const LOCATIONS_LOCK = 0x6c6f_6300;

export interface LocationRow {
  id: number;
  name: string;
  mapId: number | null;
  mapName: string | null;
  poiX: number | null;
  poiY: number | null;
  image: string;
  isActive: boolean;
  selectedDetails: string[];
  details: Record<string, StoredLocationDetails>;
  aliases: string[];
  createdAt: Date;
  updatedAt: Date;
  categories: { category_id: number; category_name: string }[];
}

export interface LocationWrite {
  name: string;
  mapId: number | null;
  poiX: number | null;
  poiY: number | null;
  image: string;
  isActive: boolean;
  selectedDetails: string[];
  details: Record<string, StoredLocationDetails>;
  aliases: string[];
  categoryIds: number[];
}

export interface MapRow {
  id: number;
  name: string;
  position: number;
  mediaId: number;
  filename: string;
  kind: 'image' | 'video' | 'document';
  variants: typeof media.$inferSelect.variants;
  width: number | null;
  height: number | null;
  locationCount: number;
  createdAt: Date;
}

export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  locationCount: number;
}

/** Locations, maps, category layers and kiosk positions, always read and written by device id. */
export function createLocationsRepo(db: Db) {
  const locColumns = {
    id: loc.id,
    name: loc.name,
    mapId: loc.mapId,
    mapName: maps.name,
    poiX: loc.poiX,
    poiY: loc.poiY,
    image: loc.image,
    isActive: loc.isActive,
    selectedDetails: loc.selectedDetails,
    details: loc.details,
    aliases: loc.aliases,
    createdAt: loc.createdAt,
    updatedAt: loc.updatedAt,
  };

  async function readLocations(
    where: SQL | undefined,
    page?: { limit: number; offset: number },
    handle: Db = db,
    /** Reading all of a device's locations: its links by the device, not by thousands of ids (4× faster at 5,000). */
    wholeDevice?: number,
  ): Promise<LocationRow[]> {
    let q = handle
      .select(locColumns)
      .from(loc)
      .leftJoin(maps, eq(maps.id, loc.mapId))
      .where(where)
      .orderBy(asc(sql`lower(${loc.name})`), asc(loc.id))
      .$dynamic();
    if (page) q = q.limit(page.limit).offset(page.offset);
    const rows = await q;
    if (rows.length === 0) return [];
    const links = await handle
      .select({ locationId: link.locationId, category_id: cat.id, category_name: cat.name })
      .from(link)
      .innerJoin(cat, eq(cat.id, link.categoryId))
      .where(
        wholeDevice === undefined
          ? inArray(
              link.locationId,
              rows.map((r) => r.id),
            )
          : eq(cat.deviceId, wholeDevice),
      )
      .orderBy(asc(sql`lower(${cat.name})`));
    const byLocation = new Map<number, LocationRow['categories']>();
    for (const l of links) {
      const list = byLocation.get(l.locationId) ?? [];
      list.push({ category_id: l.category_id, category_name: l.category_name });
      byLocation.set(l.locationId, list);
    }
    return rows.map((r) => ({ ...r, categories: byLocation.get(r.id) ?? [] }));
  }

  /** The layer ids and every layer under them. */
  const subtree = (ids: number[]) => sql`(
    with recursive t(id) as (
      select id from location_categories where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})
      union select c.id from location_categories c join t on c.parent_id = t.id
    ) select id from t)`;

  function searchWhere(deviceId: number, search: string, categoryIds: number[]) {
    const conds: SQL[] = [eq(loc.deviceId, deviceId)];
    if (search) {
      const p = likePattern(search);
      conds.push(
        sql`(${loc.name} ilike ${p} or ${loc.details}::text ilike ${p} or array_to_string(${loc.aliases}, ' ') ilike ${p})`,
      );
    }
    if (categoryIds.length > 0) {
      conds.push(
        sql`exists (select 1 from location_category_links l where l.location_id = ${loc.id} and l.category_id in ${subtree(categoryIds)})`,
      );
    }
    return and(...conds);
  }

  async function writeLinks(t: Db, locationId: number, categoryIds: number[]) {
    await t.delete(link).where(eq(link.locationId, locationId));
    if (categoryIds.length > 0) {
      await t
        .insert(link)
        .values([...new Set(categoryIds)].map((categoryId) => ({ locationId, categoryId })));
    }
  }

  const values = (w: LocationWrite) => ({
    name: w.name,
    mapId: w.mapId,
    poiX: w.poiX,
    poiY: w.poiY,
    image: w.image,
    isActive: w.isActive,
    selectedDetails: w.selectedDetails,
    details: w.details,
    aliases: w.aliases,
  });

  const mapColumns = {
    id: maps.id,
    name: maps.name,
    position: maps.position,
    mediaId: maps.mediaId,
    filename: media.filename,
    kind: media.kind,
    variants: media.variants,
    width: media.width,
    height: media.height,
    locationCount: sql<number>`(select count(*)::int from locations l where l.map_id = ${maps.id})`,
    createdAt: maps.createdAt,
  };

  return {
    /** Runs `work` in a transaction holding the device's locations lock (name checks, orders, imports). */
    locked<T>(deviceId: number, work: (t: Db) => Promise<T>) {
      return db.transaction(async (t) => {
        await t.execute(sql`select pg_advisory_xact_lock(${LOCATIONS_LOCK}, ${deviceId})`);
        return work(t);
      });
    },

    async page(
      deviceId: number,
      q: { search: string; categoryIds: number[]; limit: number; offset: number },
    ) {
      const where = searchWhere(deviceId, q.search, q.categoryIds);
      const [rows, [total]] = await Promise.all([
        readLocations(where, q),
        db.select({ n: count() }).from(loc).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async one(deviceId: number, id: number, handle: Db = db) {
      return (
        (await readLocations(and(eq(loc.deviceId, deviceId), eq(loc.id, id)), undefined, handle))[0] ?? null
      );
    },

    /** Every location of the device (the answering index, the export). */
    all: (deviceId: number) => readLocations(eq(loc.deviceId, deviceId), undefined, db, deviceId),

    count: async (deviceId: number, handle: Db = db) =>
      (await handle.select({ n: count() }).from(loc).where(eq(loc.deviceId, deviceId)))[0]?.n ?? 0,

    /** Another location of the device with this name (any case) in one of these categories. */
    async nameTaken(t: Db, deviceId: number, name: string, categoryIds: number[], exceptId: number | null) {
      if (categoryIds.length === 0) return null;
      const rows = await t
        .select({ category: cat.name })
        .from(loc)
        .innerJoin(link, eq(link.locationId, loc.id))
        .innerJoin(cat, eq(cat.id, link.categoryId))
        .where(
          and(
            eq(loc.deviceId, deviceId),
            sql`lower(${loc.name}) = lower(${name})`,
            inArray(link.categoryId, categoryIds),
            exceptId === null ? undefined : ne(loc.id, exceptId),
          ),
        )
        .limit(1);
      return rows[0]?.category ?? null;
    },

    async insert(t: Db, deviceId: number, w: LocationWrite, at: Date) {
      const [row] = await t
        .insert(loc)
        .values({ deviceId, ...values(w), createdAt: at, updatedAt: at })
        .returning({ id: loc.id });
      await writeLinks(t, row!.id, w.categoryIds);
      return row!.id;
    },

    async update(t: Db, deviceId: number, id: number, w: LocationWrite, at: Date) {
      const rows = await t
        .update(loc)
        .set({ ...values(w), updatedAt: at })
        .where(and(eq(loc.deviceId, deviceId), eq(loc.id, id)))
        .returning({ id: loc.id });
      if (rows.length === 0) return false;
      await writeLinks(t, id, w.categoryIds);
      return true;
    },

    /** The device's locations among `ids`, or all the list's filter matches (at most `max` + 1). */
    async select(
      t: Db,
      deviceId: number,
      selection: { ids: number[] } | { search: string; categoryIds: number[] },
      max: number,
    ): Promise<{ id: number; name: string }[]> {
      const where =
        'ids' in selection
          ? and(eq(loc.deviceId, deviceId), inArray(loc.id, selection.ids))
          : searchWhere(deviceId, selection.search, selection.categoryIds);
      return t
        .select({ id: loc.id, name: loc.name })
        .from(loc)
        .where(where)
        .orderBy(loc.id)
        .limit(max + 1);
    },

    /** What a delete takes with it, for undo. */
    deleteSpec: LOCATION_DELETE,

    // ------------------------------------------------------------ maps

    maps: (deviceId: number, handle: Db = db): Promise<MapRow[]> =>
      handle
        .select(mapColumns)
        .from(maps)
        .innerJoin(media, eq(media.id, maps.mediaId))
        .where(eq(maps.deviceId, deviceId))
        .orderBy(asc(maps.position), asc(maps.id)),

    async map(deviceId: number, id: number, handle: Db = db): Promise<MapRow | null> {
      const rows = await handle
        .select(mapColumns)
        .from(maps)
        .innerJoin(media, eq(media.id, maps.mediaId))
        .where(and(eq(maps.deviceId, deviceId), eq(maps.id, id)));
      return rows[0] ?? null;
    },

    /** Adds a map at `position` (the maps from there on move one down). */
    async insertMap(t: Db, deviceId: number, name: string, mediaId: number, position: number, at: Date) {
      await t
        .update(maps)
        .set({ position: sql`${maps.position} + 1` })
        .where(and(eq(maps.deviceId, deviceId), sql`${maps.position} >= ${position}`));
      const [row] = await t
        .insert(maps)
        .values({ deviceId, name, mediaId, position, createdAt: at })
        .returning({ id: maps.id });
      return row!.id;
    },

    async renameMap(deviceId: number, id: number, name: string) {
      const rows = await db
        .update(maps)
        .set({ name })
        .where(and(eq(maps.deviceId, deviceId), eq(maps.id, id)))
        .returning({ id: maps.id });
      return rows.length > 0;
    },

    async setMapOrder(t: Db, deviceId: number, ids: number[]) {
      for (const [position, id] of ids.entries()) {
        await t
          .update(maps)
          .set({ position })
          .where(and(eq(maps.deviceId, deviceId), eq(maps.id, id)));
      }
    },

    /** Names of the locations with a point on the map (the first `limit`), and how many there are. */
    async mapUsers(t: Db, mapId: number, limit: number) {
      const rows = await t
        .select({ name: loc.name })
        .from(loc)
        .where(eq(loc.mapId, mapId))
        .orderBy(asc(sql`lower(${loc.name})`))
        .limit(limit);
      const [total] = await t.select({ n: count() }).from(loc).where(eq(loc.mapId, mapId));
      return { names: rows.map((r) => r.name), total: total?.n ?? 0 };
    },

    /** Deletes the map (its kiosk positions go with it); answers its media id, or null when none. */
    async removeMap(t: Db, deviceId: number, id: number) {
      const rows = await t
        .delete(maps)
        .where(and(eq(maps.deviceId, deviceId), eq(maps.id, id)))
        .returning({ mediaId: maps.mediaId });
      return rows[0]?.mediaId ?? null;
    },

    // ------------------------------------------------------------ kiosk position

    async position(deviceId: number) {
      const rows = await db
        .select({ mapId: kp.mapId, mapName: maps.name, x: kp.x, y: kp.y })
        .from(kp)
        .innerJoin(maps, eq(maps.id, kp.mapId))
        .where(eq(kp.deviceId, deviceId));
      return rows[0] ?? null;
    },

    async setPosition(deviceId: number, mapId: number, x: number, y: number, at: Date) {
      await db
        .insert(kp)
        .values({ deviceId, mapId, x, y, updatedAt: at })
        .onConflictDoUpdate({ target: kp.deviceId, set: { mapId, x, y, updatedAt: at } });
    },

    clearPosition: async (deviceId: number) => {
      await db.delete(kp).where(eq(kp.deviceId, deviceId));
    },

    // ------------------------------------------------------------ category layers

    categories: (deviceId: number, handle: Db = db): Promise<CategoryRow[]> =>
      handle
        .select({
          id: cat.id,
          parentId: cat.parentId,
          name: cat.name,
          locationCount: sql<number>`(select count(*)::int from location_category_links l where l.category_id = ${cat.id})`,
        })
        .from(cat)
        .where(eq(cat.deviceId, deviceId))
        .orderBy(asc(sql`lower(${cat.name})`), asc(cat.id)),

    /** The locations filed directly under a layer. */
    columnLocations: (deviceId: number, categoryId: number) =>
      db
        .select({ id: loc.id, name: loc.name, is_active: loc.isActive })
        .from(loc)
        .innerJoin(link, eq(link.locationId, loc.id))
        .where(and(eq(loc.deviceId, deviceId), eq(link.categoryId, categoryId)))
        .orderBy(asc(sql`lower(${loc.name})`)),

    /** Of these layer ids, the ones of the device. */
    async categoryIdsOf(deviceId: number, ids: number[], handle: Db = db) {
      if (ids.length === 0) return new Set<number>();
      const rows = await handle
        .select({ id: cat.id })
        .from(cat)
        .where(and(eq(cat.deviceId, deviceId), inArray(cat.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    countCategories: async (deviceId: number) =>
      (await db.select({ n: count() }).from(cat).where(eq(cat.deviceId, deviceId)))[0]?.n ?? 0,

    async insertCategory(deviceId: number, name: string, parentId: number | null) {
      const [row] = await db.insert(cat).values({ deviceId, name, parentId }).returning({ id: cat.id });
      return row!.id;
    },

    async renameCategory(deviceId: number, id: number, name: string) {
      const rows = await db
        .update(cat)
        .set({ name })
        .where(and(eq(cat.deviceId, deviceId), eq(cat.id, id)))
        .returning({ id: cat.id });
      return rows.length > 0;
    },

    /** Deletes a layer and its sub-layers: how many layers went, and how many locations were filed under them. */
    async removeCategory(deviceId: number, id: number) {
      return db.transaction(async (t) => {
        const ids = (
          await queryRows<{ id: number }>(
            t,
            sql`select s.id from ${subtree([id])} s join location_categories c on c.id = s.id and c.device_id = ${deviceId}`,
          )
        ).map((r) => Number(r.id));
        if (!ids.includes(id)) return null;
        const [filed] = await t
          .select({ n: sql<number>`count(distinct ${link.locationId})::int` })
          .from(link)
          .where(inArray(link.categoryId, ids));
        await t.delete(cat).where(and(eq(cat.deviceId, deviceId), eq(cat.id, id)));
        return { categories: ids.length, locations: filed?.n ?? 0 };
      });
    },
  };
}
export type LocationsRepo = ReturnType<typeof createLocationsRepo>;

/** The media locations use: maps' images by id, pictures by address. */
export const locationsMediaReferences: MediaReferenceSource[] = [
  { name: 'location maps', ids: sql`select media_id from location_maps` },
  {
    name: 'location pictures',
    texts: sql`select image || ' ' || details::text from locations`,
  },
];

/** A location's delete: its category links go with it; conversations that showed it let go of it. */
const LOCATION_DELETE: DeleteSpec = {
  table: 'locations',
  children: [{ table: 'location_category_links', column: 'location_id' }],
  links: [{ table: 'conversations', column: 'location_id' }],
};

/** What search finds of the locations: by name or alias. */
export function locationSearchSources(db: Db): SearchSource[] {
  const aliases = sql`array_to_string(${loc.aliases}, ' ')`;
  return [
    {
      kind: 'location',
      page: '/ai',
      async find({ deviceId }, text, limit) {
        const rows = await db
          .select({ id: loc.id, name: loc.name, aliases: loc.aliases })
          .from(loc)
          .where(and(eq(loc.deviceId, deviceId), holds([loc.name, aliases], text)))
          .orderBy(...closestFirst(loc.name, text), loc.id)
          .limit(limit);
        return rows.map((r) =>
          hitOf('location', r.id, r.name, { detail: r.aliases.length ? r.aliases.join(', ') : null }),
        );
      },
    },
  ];
}
