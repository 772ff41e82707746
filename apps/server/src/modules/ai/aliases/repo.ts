import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { aiEntities, aiKeywords } from '../../../db/schema.js';
import type { DeleteSpec } from '../../../lib/row-images.js';
import { likePattern } from '../../../lib/sql.js';

export type EntityRow = typeof aiEntities.$inferSelect;

export function createAliasesRepo(db: Db) {
  const inDevice = (deviceId: number, id: number) =>
    and(eq(aiEntities.deviceId, deviceId), eq(aiEntities.id, id));

  return {
    /**
     * The Alias page: every keyword of the device's topics (kind keyword, once per folded form) with
     * its entity row when there is one, and entity rows with aliases whose keyword is gone.
     */
    async page(
      deviceId: number,
      f: {
        search?: string | undefined;
        sortBy: 'keyword' | 'alias';
        order: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const kw = db.$with('kw').as(
        db
          .selectDistinctOn([aiKeywords.norm], { norm: aiKeywords.norm, text: aiKeywords.text })
          .from(aiKeywords)
          .where(and(eq(aiKeywords.deviceId, deviceId), eq(aiKeywords.kind, 'keyword')))
          .orderBy(aiKeywords.norm, asc(aiKeywords.id)),
      );
      const en = db.$with('en').as(
        db
          .select({
            id: aiEntities.id,
            keyword: aiEntities.keyword,
            norm: aiEntities.norm,
            aliases: aiEntities.aliases,
          })
          .from(aiEntities)
          .where(eq(aiEntities.deviceId, deviceId)),
      );
      // The keyword as its topics spell it; an entity's own spelling when no topic has it any more.
      const keyword = sql`coalesce(${kw.text}, ${en.keyword})`;
      const aliasText = sql`case when jsonb_array_length(${en.aliases}) > 0 then ${en.aliases}::text else '' end`;
      const pattern = f.search ? likePattern(f.search) : undefined;
      const where = and(
        // A keyword is listed with or without aliases; an entity whose keyword is gone only with some.
        or(isNotNull(kw.norm), sql`jsonb_array_length(${en.aliases}) > 0`),
        pattern ? or(ilike(keyword, pattern), ilike(aliasText, pattern)) : undefined,
      );
      const direction = f.order === 'asc' ? asc : desc;
      const sortColumn = f.sortBy === 'keyword' ? sql`lower(${keyword})` : sql`lower(${aliasText})`;
      const [rows, [total]] = await Promise.all([
        db
          .with(kw, en)
          .select({ id: en.id, keyword: en.keyword, text: kw.text, aliases: en.aliases })
          .from(kw)
          .fullJoin(en, eq(en.norm, kw.norm))
          .where(where)
          .orderBy(
            direction(sortColumn),
            direction(sql`lower(${keyword})`),
            direction(sql`coalesce(${kw.norm}, ${en.norm})`),
          )
          .limit(f.limit)
          .offset(f.offset),
        db.with(kw, en).select({ n: count() }).from(kw).fullJoin(en, eq(en.norm, kw.norm)).where(where),
      ]);
      return {
        rows: rows.map((r) => ({
          id: r.id ?? null,
          keyword: r.text ?? r.keyword ?? '',
          aliases: r.aliases ?? [],
        })),
        total: total?.n ?? 0,
      };
    },

    async all(deviceId: number) {
      return db
        .select()
        .from(aiEntities)
        .where(eq(aiEntities.deviceId, deviceId))
        .orderBy(asc(aiEntities.id));
    },

    async byNorms(deviceId: number, norms: string[]) {
      if (norms.length === 0) return [];
      return db
        .select()
        .from(aiEntities)
        .where(and(eq(aiEntities.deviceId, deviceId), inArray(aiEntities.norm, norms)));
    },

    async find(deviceId: number, id: number) {
      const [row] = await db.select().from(aiEntities).where(inDevice(deviceId, id));
      return row;
    },

    async upsert(deviceId: number, keyword: string, norm: string, aliases: string[], at: Date) {
      const [row] = await db
        .insert(aiEntities)
        .values({ deviceId, keyword, norm, aliases, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [aiEntities.deviceId, aiEntities.norm],
          set: { aliases, updatedAt: at },
        })
        .returning();
      return row!;
    },

    async setAliases(deviceId: number, id: number, aliases: string[], at: Date) {
      const [row] = await db
        .update(aiEntities)
        .set({ aliases, updatedAt: at })
        .where(inDevice(deviceId, id))
        .returning();
      return row;
    },

    /**
     * The device's entities with aliases among `ids`, or all whose keyword or aliases the list's
     * search matches (at most `max` + 1), named by keyword: what a bulk delete takes.
     */
    select: (t: Db, deviceId: number, selection: { ids: number[] } | { search: string }, max: number) => {
      const pattern = 'search' in selection && selection.search ? likePattern(selection.search) : undefined;
      return t
        .select({ id: aiEntities.id, name: aiEntities.keyword })
        .from(aiEntities)
        .where(
          and(
            eq(aiEntities.deviceId, deviceId),
            sql`jsonb_array_length(${aiEntities.aliases}) > 0`,
            'ids' in selection ? inArray(aiEntities.id, selection.ids) : undefined,
            pattern
              ? or(ilike(aiEntities.keyword, pattern), ilike(sql`${aiEntities.aliases}::text`, pattern))
              : undefined,
          ),
        )
        .orderBy(aiEntities.id)
        .limit(max + 1);
    },

    /** What an entity's delete takes: itself only (nothing names it). */
    deleteSpec: { table: 'ai_entities', children: [], links: [] } satisfies DeleteSpec,
  };
}

export type AliasesRepo = ReturnType<typeof createAliasesRepo>;
