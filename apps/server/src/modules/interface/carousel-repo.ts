import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MediaKind } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import type { MediaVariants } from '../../db/schema.js';
import type { MediaReferenceSource } from '../../media/repo.js';
import { aiTopics, carouselBanners as b, directoryUnits, media } from '../../db/schema.js';

export interface BannerRow {
  id: number;
  mediaId: number;
  filename: string;
  kind: MediaKind;
  variants: MediaVariants;
  originalName: string;
  mime: string;
  size: number;
  position: number;
  linkTopicId: number | null;
  linkTopicName: string | null;
  linkUnitId: number | null;
  linkUnit: string | null;
  linkUnitName: string | null;
  showFrom: Date | null;
  showUntil: Date | null;
}

export interface BannerChange {
  id: number;
  linkTopicId: number | null;
  linkUnitId: number | null;
  showFrom: Date | null;
  showUntil: Date | null;
}

/** A device's carousel banners, always read and written by device id. */
export function createCarouselRepo(db: Db) {
  const columns = {
    id: b.id,
    mediaId: b.mediaId,
    filename: media.filename,
    kind: media.kind,
    variants: media.variants,
    originalName: media.originalName,
    mime: media.mime,
    size: media.size,
    position: b.position,
    linkTopicId: b.linkTopicId,
    linkTopicName: aiTopics.name,
    linkUnitId: b.linkUnitId,
    linkUnit: directoryUnits.unitNo,
    // The occupant's name in any language the unit has one in (the console shows it beside the number).
    linkUnitName: sql<string | null>`(select t.name from directory_unit_texts t
      where t.unit_id = ${b.linkUnitId} and t.name <> '' order by t.language limit 1)`,
    showFrom: b.showFrom,
    showUntil: b.showUntil,
  };

  return {
    /** The device's banners in order; with `at`, only those in schedule then. */
    async list(deviceId: number, at?: Date): Promise<BannerRow[]> {
      const inSchedule = at
        ? and(or(isNull(b.showFrom), lte(b.showFrom, at)), or(isNull(b.showUntil), gt(b.showUntil, at)))
        : undefined;
      return db
        .select(columns)
        .from(b)
        .innerJoin(media, eq(media.id, b.mediaId))
        .leftJoin(aiTopics, eq(aiTopics.id, b.linkTopicId))
        .leftJoin(directoryUnits, eq(directoryUnits.id, b.linkUnitId))
        .where(and(eq(b.deviceId, deviceId), inSchedule))
        .orderBy(asc(b.position), asc(b.id));
    },

    async count(deviceId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(b)
        .where(eq(b.deviceId, deviceId));
      return row?.n ?? 0;
    },

    /** Adds banners after the device's last one, in the order given. */
    async append(deviceId: number, mediaIds: number[]) {
      if (mediaIds.length === 0) return;
      await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ max: sql<number | null>`max(${b.position})` })
          .from(b)
          .where(eq(b.deviceId, deviceId));
        const start = (last?.max ?? -1) + 1;
        await tx.insert(b).values(mediaIds.map((mediaId, i) => ({ deviceId, mediaId, position: start + i })));
      });
    },

    /** Which of the ids are topics of the device. */
    async topicsOnDevice(deviceId: number, ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: aiTopics.id })
        .from(aiTopics)
        .where(and(eq(aiTopics.deviceId, deviceId), inArray(aiTopics.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Which of the ids are directory units of the device. */
    async unitsOnDevice(deviceId: number, ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: directoryUnits.id })
        .from(directoryUnits)
        .where(and(eq(directoryUnits.deviceId, deviceId), inArray(directoryUnits.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Sets every banner's position (its index), link and schedule; all rows are the device's. */
    async update(deviceId: number, banners: BannerChange[]) {
      await db.transaction(async (tx) => {
        for (const [position, change] of banners.entries()) {
          await tx
            .update(b)
            .set({
              position,
              linkTopicId: change.linkTopicId,
              linkUnitId: change.linkUnitId,
              showFrom: change.showFrom,
              showUntil: change.showUntil,
            })
            .where(and(eq(b.deviceId, deviceId), eq(b.id, change.id)));
        }
      });
    },

    /** Removes one banner of the device; its media id, or null when it was not there. */
    async remove(deviceId: number, id: number): Promise<number | null> {
      const [row] = await db
        .delete(b)
        .where(and(eq(b.deviceId, deviceId), eq(b.id, id)))
        .returning({ mediaId: b.mediaId });
      return row?.mediaId ?? null;
    },
  };
}

export type CarouselRepo = ReturnType<typeof createCarouselRepo>;

/** Carousel banners name their image by id. */
export const carouselMediaReferences: MediaReferenceSource = {
  name: 'carousel banners',
  ids: sql`select media_id from carousel_banners`,
};
