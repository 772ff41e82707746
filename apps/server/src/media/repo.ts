import { and, arrayOverlaps, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { media, mediaBlobs } from '../db/schema.js';

/**
 * How an area says which media it uses, for the sweep that deletes media nothing uses. Each area
 * that stores media ids or addresses registers one (in app.ts); a new area must, or its media are
 * deleted after the grace period.
 */
export interface MediaReferenceSource {
  /** Who uses media this way (for logs and docs). */
  name: string;
  /** A query whose one column lists ids of media rows in use. */
  ids?: SQL;
  /** A query whose one column lists texts naming media by address: each `/media/<file>` in them counts. */
  texts?: SQL;
}

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;
export interface BlobRow {
  name: string;
  mime: string;
  size: number;
  createdAt?: Date;
}

/** A `/media/<file>` address in any text: the file is its first group. */
const MEDIA_ADDRESS = '/media/([A-Za-z0-9][A-Za-z0-9._-]*)';

const unionAll = (parts: SQL[], empty: SQL) =>
  parts.length === 0
    ? empty
    : sql.join(
        parts.map((p) => sql`(${p})`),
        sql` union all `,
      );

/** The sources' queries as one each: the ids they use, the texts they keep. */
function sourceQueries(sources: MediaReferenceSource[]) {
  return {
    ids: unionAll(
      sources.flatMap((s) => (s.ids ? [s.ids] : [])),
      sql`select null::integer where false`,
    ),
    texts: unionAll(
      sources.flatMap((s) => (s.texts ? [s.texts] : [])),
      sql`select null::text where false`,
    ),
  };
}

/**
 * `used_ids(id)` (media named by id) and `named(id)` (media whose file or variant an address in a
 * text names), over every source: the start of a query asking what is in use.
 */
function usedCte(sources: MediaReferenceSource[]) {
  const { ids, texts } = sourceQueries(sources);
  return sql`
    with used_ids(id) as (${ids}),
    texts(t) as (${texts}),
    used_names(name) as (
      select (regexp_matches(t, ${MEDIA_ADDRESS}, 'g'))[1] from texts where t like '%/media/%'
    ),
    named(id) as (
      select m.id from media m join used_names u on u.name = m.filename
      union
      select m.id from media m cross join lateral unnest(m.files) f(name)
        join used_names u on u.name = f.name
    )`;
}

export function createMediaRepo(db: Db) {
  return {
    /** Media rows whose original is one of these files (names as in `/media/<file>`). */
    async byFilenames(files: string[]) {
      if (files.length === 0) return [];
      return db
        .select({ filename: media.filename, kind: media.kind, variants: media.variants })
        .from(media)
        .where(inArray(media.filename, files));
    },

    /** Records blobs about to be stored (already recorded ones stay as they are). */
    async recordBlobs(blobs: BlobRow[]) {
      if (blobs.length > 0) await db.insert(mediaBlobs).values(blobs).onConflictDoNothing();
    },

    /**
     * Records a media row and the blobs it holds, in one transaction. Recording a blob takes its
     * row's lock (an upsert that updates), so it waits for a sweep deleting that blob to finish;
     * see `releaseBlobs`.
     */
    async insert(row: NewMediaRow, blobs: BlobRow[]) {
      return db.transaction(async (tx) => {
        if (blobs.length > 0) {
          await tx
            .insert(mediaBlobs)
            .values(blobs)
            .onConflictDoUpdate({ target: mediaBlobs.name, set: { name: sql`excluded.name` } });
        }
        const [saved] = await tx.insert(media).values(row).returning();
        return saved!;
      });
    },

    /**
     * Deletes the media rows created before `cutoff` that no source uses, by id or by the address
     * of their file or of one of their variants, in one statement.
     */
    async deleteUnused(cutoff: Date, sources: MediaReferenceSource[]) {
      return queryRows<{ id: number; filename: string; sha256: string | null; files: string[] }>(
        db,
        sql`
          ${usedCte(sources)}
          delete from media m
          where m.created_at < ${cutoff.toISOString()}::timestamptz
            and not exists (select 1 from used_ids u where u.id = m.id)
            and not exists (select 1 from named n where n.id = m.id)
          returning m.id, m.filename, m.sha256, m.files`,
      );
    },

    /** The project's media rows among `ids`: what a use checks before taking them. */
    async ofProject(projectId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: media.id, kind: media.kind, mime: media.mime, size: media.size })
        .from(media)
        .where(and(eq(media.projectId, projectId), inArray(media.id, ids)));
    },

    /**
     * Deletes those of the rows `ids` that no source uses any longer, in one statement: none names
     * them by id, and no text names a file that only they hold (a file another row holds lives on
     * with it, address and all). Only those files' names are looked for in the texts (a `like`
     * each), not every address in them: a delete stays cheap beside many responses.
     */
    async deleteUnusedAmong(ids: number[], sources: MediaReferenceSource[]) {
      if (ids.length === 0) return [];
      const { ids: used, texts } = sourceQueries(sources);
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      return queryRows<{ id: number; filename: string; sha256: string | null; files: string[] }>(
        db,
        sql`
          with used_ids(id) as (${used}),
          -- The files these rows hold that no other row does (a pre-pipeline file is its row's own):
          -- only an address of one of those would break with them.
          last(name) as (
            select distinct f.name from media m cross join lateral unnest(m.files || m.filename) f(name)
            where m.id in (${list})
              and (m.sha256 is null
                or not exists (select 1 from media o where o.files @> array[f.name] and o.id not in (${list})))
          ),
          -- The texts are read once, each against those few names only; not at all when there are
          -- none (a one-time filter, checked before the scan).
          named(name) as materialized (
            select distinct n.name from (${texts}) x(t) join last n on x.t like '%/media/' || n.name || '%'
            where exists (select 1 from last)
          )
          delete from media m
          where m.id in (${list})
            and not exists (select 1 from used_ids u where u.id = m.id)
            and not exists (select 1 from named n where n.name = any(m.files || m.filename))
          returning m.id, m.filename, m.sha256, m.files`,
      );
    },

    /** Blobs recorded before `cutoff` that no media row holds (a save that stopped half-way). */
    async unheldBlobs(cutoff: Date) {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`select b.name from media_blobs b
            where b.created_at < ${cutoff.toISOString()}::timestamptz
              and not exists (select 1 from media m where m.files @> array[b.name])`,
      );
      return rows.map((r) => r.name);
    },

    /**
     * Deletes those of `names` no media row holds, their blob rows and (through `remove`) their
     * files, and returns them. The blob rows are locked first and the rows holding them read after,
     * in one transaction: a save recording one of them meanwhile either committed before (and is
     * seen holding it) or waits until the blob is gone, then stores its file again.
     */
    async releaseBlobs(names: string[], remove: (name: string) => Promise<void>) {
      if (names.length === 0) return [];
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ name: mediaBlobs.name })
          .from(mediaBlobs)
          .where(inArray(mediaBlobs.name, names))
          .for('update');
        if (locked.length === 0) return [];
        const lockedNames = locked.map((r) => r.name);
        const held = new Set(
          (
            await tx.select({ files: media.files }).from(media).where(arrayOverlaps(media.files, lockedNames))
          ).flatMap((r) => r.files),
        );
        const free = lockedNames.filter((n) => !held.has(n));
        if (free.length === 0) return [];
        await tx.delete(mediaBlobs).where(inArray(mediaBlobs.name, free));
        for (const name of free) await remove(name);
        return free;
      });
    },
  };
}

export type MediaRepo = ReturnType<typeof createMediaRepo>;
