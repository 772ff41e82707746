import { and, asc, eq, sql } from 'drizzle-orm';
import type { MediaKind } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import type { MediaVariants } from '../../db/schema.js';
import { devices, idleScreenItems as i, idleScreenSettings as s, media } from '../../db/schema.js';
import type { MediaReferenceSource } from '../../media/repo.js';

export type IdleKind = 'image' | 'video';

export interface IdleItemRow {
  id: number;
  kind: IdleKind;
  mediaId: number;
  filename: string;
  mediaKind: MediaKind;
  variants: MediaVariants;
  originalName: string;
  mime: string;
  size: number;
  position: number;
  durationS: number | null;
}

export interface IdleSettingsRow {
  mediaType: IdleKind;
  idleTimeoutS: number;
}

/** A device's idle screen: its settings and its images and videos, always read and written by device id. */
export function createIdleScreenRepo(db: Db) {
  const columns = {
    id: i.id,
    kind: i.kind,
    mediaId: i.mediaId,
    filename: media.filename,
    mediaKind: media.kind,
    variants: media.variants,
    originalName: media.originalName,
    mime: media.mime,
    size: media.size,
    position: i.position,
    durationS: i.durationS,
  };

  return {
    /** The saved settings, or null when the device never saved any. */
    async settings(deviceId: number): Promise<IdleSettingsRow | null> {
      const [row] = await db
        .select({ mediaType: s.mediaType, idleTimeoutS: s.idleTimeoutS })
        .from(s)
        .where(eq(s.deviceId, deviceId));
      return row ?? null;
    },

    /** The device's items (of one kind, or both), each kind in its order. */
    async items(deviceId: number, kind?: IdleKind): Promise<IdleItemRow[]> {
      return db
        .select(columns)
        .from(i)
        .innerJoin(media, eq(media.id, i.mediaId))
        .where(and(eq(i.deviceId, deviceId), kind ? eq(i.kind, kind) : undefined))
        .orderBy(asc(i.kind), asc(i.position), asc(i.id));
    },

    async count(deviceId: number, kind: IdleKind) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(i)
        .where(and(eq(i.deviceId, deviceId), eq(i.kind, kind)));
      return row?.n ?? 0;
    },

    /**
     * Adds items after the device's last one of their kind, in the order given, unless the device
     * would then hold more than `max` of the kind (false). Two uploads at once (a double click)
     * take turns on the device's row, so together they cannot pass `max` either.
     */
    async append(
      deviceId: number,
      kind: IdleKind,
      mediaIds: number[],
      { durationS, max }: { durationS: number | null; max: number },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
        const [last] = await tx
          .select({ n: sql<number>`count(*)::int`, max: sql<number | null>`max(${i.position})` })
          .from(i)
          .where(and(eq(i.deviceId, deviceId), eq(i.kind, kind)));
        if ((last?.n ?? 0) + mediaIds.length > max) return false;
        const start = (last?.max ?? -1) + 1;
        await tx
          .insert(i)
          .values(
            mediaIds.map((mediaId, n) => ({ deviceId, kind, mediaId, position: start + n, durationS })),
          );
        return true;
      });
    },

    /**
     * Saves the settings and every item's position (its index in its list) and an image's
     * duration, in one transaction; all rows are the device's.
     */
    async update(
      deviceId: number,
      settings: IdleSettingsRow,
      images: Array<{ id: number; durationS: number }>,
      videos: Array<{ id: number }>,
      at: Date,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(s)
          .values({ deviceId, ...settings, updatedAt: at })
          .onConflictDoUpdate({
            target: s.deviceId,
            set: {
              mediaType: sql`excluded.media_type`,
              idleTimeoutS: sql`excluded.idle_timeout_s`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
        for (const [position, item] of images.entries()) {
          await tx
            .update(i)
            .set({ position, durationS: item.durationS })
            .where(and(eq(i.deviceId, deviceId), eq(i.kind, 'image'), eq(i.id, item.id)));
        }
        for (const [position, item] of videos.entries()) {
          await tx
            .update(i)
            .set({ position })
            .where(and(eq(i.deviceId, deviceId), eq(i.kind, 'video'), eq(i.id, item.id)));
        }
      });
    },

    /** Removes one item of the device and kind; its media id, or null when it was not there. */
    async remove(deviceId: number, kind: IdleKind, id: number): Promise<number | null> {
      const [row] = await db
        .delete(i)
        .where(and(eq(i.deviceId, deviceId), eq(i.kind, kind), eq(i.id, id)))
        .returning({ mediaId: i.mediaId });
      return row?.mediaId ?? null;
    },
  };
}

export type IdleScreenRepo = ReturnType<typeof createIdleScreenRepo>;

/** Idle screen images and videos name their media by id. */
export const idleScreenMediaReferences: MediaReferenceSource = {
  name: 'idle screen items',
  ids: sql`select media_id from idle_screen_items`,
};
