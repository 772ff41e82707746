import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { aiLiveVersions, aiVersions } from '../../../db/schema.js';
import type { MediaReferenceSource } from '../../../media/repo.js';
import { anyId, putRowsBack, rowsImage, setColumnsBack } from '../../../lib/row-images.js';
import { TOPIC_DELETE } from '../topics/bulk-repo.js';
import { VERSION_TABLES, type VersionImage } from './image.js';

/** Publishes and restores of one device, one at a time (a double click publishes once). */
const VERSIONS_LOCK = 0x6169_7600;
const ofDevice = (deviceId: number) => sql`device_id = ${deviceId}`;

/** SQL of a device's AI versions: taking one from the tables, the live pointer, putting one back. */
export function createVersionsRepo(db: Db) {
  return {
    lock: (tx: Db, deviceId: number) =>
      tx.execute(sql`select pg_advisory_xact_lock(${VERSIONS_LOCK}, ${deviceId})`),

    /** Every row of the device's six AI tables, read in the caller's transaction. */
    async imageOf(tx: Db, deviceId: number): Promise<VersionImage> {
      const image = {} as VersionImage;
      for (const table of VERSION_TABLES) image[table] = await rowsImage(tx, table, ofDevice(deviceId));
      return image;
    },

    async insert(tx: Db, values: Omit<typeof aiVersions.$inferInsert, 'number'>) {
      const [row] = await tx
        .insert(aiVersions)
        .values({
          ...values,
          number: sql`coalesce((select max(number) from ai_versions where device_id = ${values.deviceId}), 0) + 1`,
        })
        .returning({ id: aiVersions.id, number: aiVersions.number });
      return row!;
    },

    async setLive(tx: Db, deviceId: number, versionId: number, by: string, at: Date) {
      await tx
        .insert(aiLiveVersions)
        .values({ deviceId, versionId, publishedBy: by, publishedAt: at })
        .onConflictDoUpdate({
          target: aiLiveVersions.deviceId,
          set: { versionId, publishedBy: by, publishedAt: at },
        });
    },
    async clearLive(deviceId: number) {
      const rows = await db.delete(aiLiveVersions).where(eq(aiLiveVersions.deviceId, deviceId)).returning();
      return rows.length > 0;
    },
    async live(deviceId: number, tx: Db = db) {
      const [row] = await tx.select().from(aiLiveVersions).where(eq(aiLiveVersions.deviceId, deviceId));
      return row;
    },
    /** The devices whose kiosks answer from a live version. */
    async liveDevices() {
      return (await db.select({ id: aiLiveVersions.deviceId }).from(aiLiveVersions)).map((r) => r.id);
    },
    /** The live version's rows; none: the device has no drafts (kiosks answer from the tables). */
    async liveImage(deviceId: number) {
      const [row] = await db
        .select({ id: aiVersions.id, image: aiVersions.image })
        .from(aiLiveVersions)
        .innerJoin(aiVersions, eq(aiVersions.id, aiLiveVersions.versionId))
        .where(eq(aiLiveVersions.deviceId, deviceId));
      return row ? { id: row.id, image: row.image as VersionImage } : null;
    },

    /** The device's versions, newest first, without their rows. */
    async list(deviceId: number, tx: Db = db) {
      return tx
        .select({
          id: aiVersions.id,
          number: aiVersions.number,
          note: aiVersions.note,
          topics: aiVersions.topics,
          phrases: aiVersions.phrases,
          responses: aiVersions.responses,
          createdBy: aiVersions.createdBy,
          createdAt: aiVersions.createdAt,
        })
        .from(aiVersions)
        .where(eq(aiVersions.deviceId, deviceId))
        .orderBy(desc(aiVersions.number));
    },
    async image(tx: Db, deviceId: number, versionId: number) {
      const [row] = await tx
        .select({ number: aiVersions.number, image: aiVersions.image })
        .from(aiVersions)
        .where(and(eq(aiVersions.deviceId, deviceId), eq(aiVersions.id, versionId)));
      return row ? { number: row.number, image: row.image as VersionImage } : null;
    },

    /** Keeps the newest `keep` versions of the device and the live one. */
    async prune(tx: Db, deviceId: number, keep: number) {
      const kept = await tx
        .select({ id: aiVersions.id })
        .from(aiVersions)
        .where(eq(aiVersions.deviceId, deviceId))
        .orderBy(desc(aiVersions.number))
        .limit(keep);
      const [live] = await tx.select().from(aiLiveVersions).where(eq(aiLiveVersions.deviceId, deviceId));
      const ids = [...kept.map((k) => k.id), ...(live ? [live.versionId] : [])];
      await tx
        .delete(aiVersions)
        .where(and(eq(aiVersions.deviceId, deviceId), notInArray(aiVersions.id, ids)));
    },

    /**
     * Replaces the device's AI tables by a version's rows, with their own ids: a topic that comes
     * back is the same topic, and the conversations and banners that named it name it again.
     */
    async putBack(tx: Db, deviceId: number, image: VersionImage) {
      const topicIds = image.ai_topics.map((t) => Number(t.id));
      // One statement at a time: a transaction holds one connection.
      const links: Array<{ table: string; column: string; rows: Record<string, unknown>[] }> = [];
      for (const link of topicIds.length > 0 ? TOPIC_DELETE.links : [])
        links.push({
          ...link,
          rows: await rowsImage(tx, link.table, anyId(link.column, topicIds), [link.column]),
        });
      // Topics first: their categories are protected while in use (keywords and responses go with them).
      for (const table of ['ai_topics', 'ai_categories', 'ai_entities', 'ai_settings'])
        await tx.execute(sql`delete from ${sql.identifier(table)} where ${ofDevice(deviceId)}`);
      for (const table of VERSION_TABLES) await putRowsBack(tx, table, image[table]);
      for (const link of links) await setColumnsBack(tx, link.table, [link.column], link.rows);
    },
  };
}

export type VersionsRepo = ReturnType<typeof createVersionsRepo>;

/** A version's responses keep their media, however long ago it was published. */
export const versionMediaReferences: MediaReferenceSource = {
  name: 'AI versions',
  texts: sql`select image::text from ai_versions where image::text like '%/media/%'`,
};
