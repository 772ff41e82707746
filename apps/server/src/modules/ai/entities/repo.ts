import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { aiEntities } from '../../../db/schema.js';
import { likePattern } from '../../../lib/sql.js';

export type EntityRow = typeof aiEntities.$inferSelect;

export function createEntitiesRepo(db: Db) {
  const inDevice = (deviceId: number, id: number) =>
    and(eq(aiEntities.deviceId, deviceId), eq(aiEntities.id, id));

  return {
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
      const pattern = f.search ? likePattern(f.search) : undefined;
      const where = and(
        eq(aiEntities.deviceId, deviceId),
        // Only keywords that have aliases are entities worth listing.
        sql`jsonb_array_length(${aiEntities.aliases}) > 0`,
        pattern
          ? or(ilike(aiEntities.keyword, pattern), ilike(sql`${aiEntities.aliases}::text`, pattern))
          : undefined,
      );
      const direction = f.order === 'asc' ? asc : desc;
      const sortColumn =
        f.sortBy === 'keyword' ? sql`lower(${aiEntities.keyword})` : sql`lower(${aiEntities.aliases}::text)`;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(aiEntities)
          .where(where)
          .orderBy(direction(sortColumn), direction(aiEntities.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(aiEntities).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
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

    async remove(deviceId: number, id: number) {
      const rows = await db.delete(aiEntities).where(inDevice(deviceId, id)).returning({ id: aiEntities.id });
      return rows.length > 0;
    },
  };
}

export type EntitiesRepo = ReturnType<typeof createEntitiesRepo>;
