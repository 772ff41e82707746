import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, directoryUnits as u, directoryUnitTexts as tx, media } from '../../db/schema.js';
import type { MediaReferenceSource } from '../../media/repo.js';
import type { DeleteSpec } from '../../lib/row-images.js';
import type { SearchSource } from '../../core/module.js';
import { hitOf, holds } from '../../lib/search-text.js';
import { closestFirst, likePattern, naturalOrder } from '../../lib/sql.js';

/** The first key of the advisory lock an import of a device's directory takes (the device id is the second). */
const DIRECTORY_LOCK = 0x6469_7200;

/** The device's units a search finds: in unit number, phone, email or any name. */
function unitsWhere(deviceId: number, search: string): SQL {
  const p = likePattern(search);
  return and(
    eq(u.deviceId, deviceId),
    search
      ? or(
          ilike(u.unitNo, p),
          ilike(u.phone, p),
          ilike(u.email, p),
          sql`exists (select 1 from ${tx} where ${tx.unitId} = ${u.id} and ${tx.name} ilike ${p})`,
        )
      : undefined,
  )!;
}

/** A unit's texts by language: the occupant's name and a description. */
export type UnitTexts = Map<string, { name: string; description: string }>;

export interface UnitRow {
  id: number;
  unitNo: string;
  phone: string;
  email: string;
  liveChat: boolean;
  logoMediaId: number | null;
  /** The logo's stored file name, when it has one. */
  logoFilename: string | null;
  updatedAt: Date;
  texts: UnitTexts;
}

/** What is written of a unit (its texts replace all it had). */
export interface UnitWrite {
  unitNo: string;
  phone: string;
  email: string;
  liveChat: boolean;
  texts: UnitTexts;
}

/** A device's directory units, always read and written by device id. */
export function createDirectoryRepo(db: Db) {
  const columns = {
    id: u.id,
    unitNo: u.unitNo,
    phone: u.phone,
    email: u.email,
    liveChat: u.liveChat,
    logoMediaId: u.logoMediaId,
    logoFilename: media.filename,
    updatedAt: u.updatedAt,
  };

  /** Units found by `where`, with their texts. */
  async function read(
    where: SQL | undefined,
    page?: { limit: number; offset: number },
    handle: Db = db,
  ): Promise<UnitRow[]> {
    let query = handle
      .select(columns)
      .from(u)
      .leftJoin(media, eq(media.id, u.logoMediaId))
      .where(where)
      .orderBy(...naturalOrder(u.unitNo), asc(u.id))
      .$dynamic();
    if (page) query = query.limit(page.limit).offset(page.offset);
    const rows = await query;
    if (rows.length === 0) return [];
    const texts = await handle
      .select()
      .from(tx)
      .where(
        inArray(
          tx.unitId,
          rows.map((r) => r.id),
        ),
      );
    const byUnit = new Map<number, UnitTexts>();
    for (const t of texts) {
      const map = byUnit.get(t.unitId) ?? new Map();
      map.set(t.language, { name: t.name, description: t.description });
      byUnit.set(t.unitId, map);
    }
    return rows.map((r) => ({ ...r, texts: byUnit.get(r.id) ?? new Map() }));
  }

  /** Rows of a unit's texts worth keeping (a language with neither text is left out). */
  const textRows = (unitId: number, texts: UnitTexts) =>
    [...texts].flatMap(([language, t]) =>
      t.name || t.description ? [{ unitId, language, name: t.name, description: t.description }] : [],
    );

  async function writeTexts(handle: Db, unitId: number, texts: UnitTexts) {
    await handle.delete(tx).where(eq(tx.unitId, unitId));
    const rows = textRows(unitId, texts);
    if (rows.length > 0) await handle.insert(tx).values(rows);
  }

  async function insert(handle: Db, deviceId: number, unit: UnitWrite, logoMediaId: number | null, at: Date) {
    const [row] = await handle
      .insert(u)
      .values({
        deviceId,
        unitNo: unit.unitNo,
        phone: unit.phone,
        email: unit.email,
        liveChat: unit.liveChat,
        logoMediaId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: u.id });
    await writeTexts(handle, row!.id, unit.texts);
    return row!.id;
  }

  async function update(
    handle: Db,
    deviceId: number,
    id: number,
    unit: UnitWrite,
    logoMediaId: number | null | undefined,
    at: Date,
  ) {
    const [row] = await handle
      .update(u)
      .set({
        unitNo: unit.unitNo,
        phone: unit.phone,
        email: unit.email,
        liveChat: unit.liveChat,
        ...(logoMediaId === undefined ? {} : { logoMediaId }),
        updatedAt: at,
      })
      .where(and(eq(u.deviceId, deviceId), eq(u.id, id)))
      .returning({ id: u.id });
    if (!row) return false;
    await writeTexts(handle, id, unit.texts);
    return true;
  }

  return {
    /** The languages the device offers, its default first. */
    async deviceLanguages(deviceId: number): Promise<string[]> {
      const [row] = await db
        .select({ languages: devices.languages })
        .from(devices)
        .where(eq(devices.id, deviceId));
      return row?.languages ?? [];
    },

    /** A page of the device's units by unit number; `search` in unit, any name, phone or email. */
    async page(deviceId: number, search: string, limit: number, offset: number) {
      const where = unitsWhere(deviceId, search);
      const [total] = await db.select({ n: count() }).from(u).where(where);
      return { rows: await read(where, { limit, offset }), total: total?.n ?? 0 };
    },

    /** The device's units among `ids`, or all a search matches (at most `max` + 1), named by unit number. */
    select: (t: Db, deviceId: number, selection: { ids: number[] } | { search: string }, max: number) =>
      t
        .select({ id: u.id, name: u.unitNo })
        .from(u)
        .where(
          'ids' in selection
            ? and(eq(u.deviceId, deviceId), inArray(u.id, selection.ids))
            : unitsWhere(deviceId, selection.search),
        )
        .orderBy(u.id)
        .limit(max + 1),

    /** A transaction on the device's units, after any import running on them. */
    locked: <T>(deviceId: number, work: (t: Db) => Promise<T>) =>
      db.transaction(async (t) => {
        await t.execute(sql`select pg_advisory_xact_lock(${DIRECTORY_LOCK}, ${deviceId})`);
        return work(t);
      }),

    /** What a unit's delete takes with it (its texts) and lets go of (banners linking to it), for undo. */
    deleteSpec: {
      table: 'directory_units',
      children: [{ table: 'directory_unit_texts', column: 'unit_id' }],
      links: [{ table: 'carousel_banners', column: 'link_unit_id' }],
    } satisfies DeleteSpec,

    /** Every unit of the device (the kiosk's directory, an export, an import's plan). */
    all: (deviceId: number, handle: Db = db) => read(eq(u.deviceId, deviceId), undefined, handle),

    one: async (deviceId: number, id: number) =>
      (await read(and(eq(u.deviceId, deviceId), eq(u.id, id)))).at(0),

    async count(deviceId: number, handle: Db = db) {
      const [row] = await handle.select({ n: count() }).from(u).where(eq(u.deviceId, deviceId));
      return row?.n ?? 0;
    },

    /** A new unit; its id. A unit number the device has already is a unique violation. */
    insert: (deviceId: number, unit: UnitWrite, logoMediaId: number | null, at: Date) =>
      db.transaction((t) => insert(t, deviceId, unit, logoMediaId, at)),

    /** Replaces a unit's fields (and its logo, unless `logoMediaId` is undefined); false when not the device's. */
    update: (
      deviceId: number,
      id: number,
      unit: UnitWrite,
      logoMediaId: number | null | undefined,
      at: Date,
    ) => db.transaction((t) => update(t, deviceId, id, unit, logoMediaId, at)),

    /**
     * An import, all or nothing: under a lock on the device's units, `plan` decides from the units as
     * they are then and answers what to add and update (by id), or nothing to write.
     */
    async applyImport(
      deviceId: number,
      at: Date,
      plan: (current: UnitRow[]) => { add: UnitWrite[]; update: { id: number; unit: UnitWrite }[] } | null,
    ) {
      return db.transaction(async (t) => {
        // Two imports of one device wait for each other, so each plans against what it changes.
        await t.execute(sql`select pg_advisory_xact_lock(${DIRECTORY_LOCK}, ${deviceId})`);
        const decided = plan(await read(eq(u.deviceId, deviceId), undefined, t));
        if (!decided) return false;
        for (const unit of decided.add) await insert(t, deviceId, unit, null, at);
        for (const { id, unit } of decided.update) await update(t, deviceId, id, unit, undefined, at);
        return true;
      });
    },
  };
}

export type DirectoryRepo = ReturnType<typeof createDirectoryRepo>;

/** Directory units name their logo by id. */
export const directoryMediaReferences: MediaReferenceSource = {
  name: 'directory logos',
  ids: sql`select logo_media_id from directory_units where logo_media_id is not null`,
};

/** What search finds of the directory: units by number or occupant name, in any language. */
export function directorySearchSources(db: Db): SearchSource[] {
  return [
    {
      kind: 'unit',
      page: '/interface',
      async find({ deviceId }, text, limit) {
        const names = db
          .select({
            unitId: tx.unitId,
            name: sql<string>`string_agg(${tx.name}, ' · ' order by ${tx.language})`.as('names'),
          })
          .from(tx)
          .where(sql`${tx.name} <> ''`)
          .groupBy(tx.unitId)
          .as('names');
        const rows = await db
          .select({ id: u.id, unitNo: u.unitNo, names: names.name })
          .from(u)
          .leftJoin(names, eq(names.unitId, u.id))
          .where(and(eq(u.deviceId, deviceId), holds([u.unitNo, sql`coalesce(${names.name}, '')`], text)))
          .orderBy(...closestFirst(u.unitNo, text), u.id)
          .limit(limit);
        return rows.map((r) =>
          hitOf('unit', r.id, r.names ?? r.unitNo, { detail: r.names ? r.unitNo : null }),
        );
      },
    },
  ];
}
