import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Language, MediaKind } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import type { AvatarModelData, MediaVariants } from '../../db/schema.js';
import { avatarTokens, avatars as a, devices, media } from '../../db/schema.js';
import type { MediaReferenceSource } from '../../media/repo.js';

export type AvatarStatusValue = 'queued' | 'producing' | 'ready' | 'failed';

export interface AvatarRow {
  id: number;
  deviceId: number;
  name: string;
  photoMediaId: number;
  textureMediaId: number | null;
  status: AvatarStatusValue;
  progress: number;
  failure: string | null;
  failureDetail: string | null;
  isInUse: boolean;
  face: Record<string, unknown> | null;
  model: AvatarModelData | null;
  productionMs: number | null;
  createdAt: Date;
  producedAt: Date | null;
  photo: {
    filename: string;
    kind: MediaKind;
    variants: MediaVariants;
    width: number | null;
    height: number | null;
  };
  texture: { filename: string; kind: MediaKind; variants: MediaVariants } | null;
}

/** The media every avatar holds: its photo and its produced texture. */
export const avatarMediaReferences: MediaReferenceSource = {
  name: 'virtual avatars',
  ids: sql`select photo_media_id from avatars union all select texture_media_id from avatars where texture_media_id is not null`,
};

/** Virtual avatars, always read and written by device id (or by id with the device's project checked). */
export function createAvatarsRepo(db: Db) {
  async function rows(where: ReturnType<typeof and>): Promise<AvatarRow[]> {
    const texture = sql<{ filename: string; kind: MediaKind; variants: MediaVariants } | null>`(
      select json_build_object('filename', t.filename, 'kind', t.kind, 'variants', t.variants)
      from media t where t.id = ${a.textureMediaId})`;
    const found = await db
      .select({
        id: a.id,
        deviceId: a.deviceId,
        name: a.name,
        photoMediaId: a.photoMediaId,
        textureMediaId: a.textureMediaId,
        status: a.status,
        progress: a.progress,
        failure: a.failure,
        failureDetail: a.failureDetail,
        isInUse: a.isInUse,
        face: a.face,
        model: a.model,
        productionMs: a.productionMs,
        createdAt: a.createdAt,
        producedAt: a.producedAt,
        photoFilename: media.filename,
        photoKind: media.kind,
        photoVariants: media.variants,
        photoWidth: media.width,
        photoHeight: media.height,
        texture,
      })
      .from(a)
      .innerJoin(media, eq(media.id, a.photoMediaId))
      .where(where)
      .orderBy(asc(a.id));
    return found.map(({ photoFilename, photoKind, photoVariants, photoWidth, photoHeight, ...r }) => ({
      ...r,
      status: r.status as AvatarStatusValue,
      photo: {
        filename: photoFilename,
        kind: photoKind as MediaKind,
        variants: photoVariants,
        width: photoWidth,
        height: photoHeight,
      },
    }));
  }

  return {
    list: (deviceId: number) => rows(eq(a.deviceId, deviceId)),

    /** One avatar of the device (or, without a device, any: the job's own reads). */
    async find(id: number, deviceId?: number) {
      const [row] = await rows(
        deviceId === undefined ? eq(a.id, id) : and(eq(a.id, id), eq(a.deviceId, deviceId)),
      );
      return row ?? null;
    },

    async inUse(deviceId: number) {
      const [row] = await rows(and(eq(a.deviceId, deviceId), eq(a.isInUse, true)));
      return row ?? null;
    },

    async count(deviceId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(a)
        .where(eq(a.deviceId, deviceId));
      return row?.n ?? 0;
    },

    async insert(values: {
      deviceId: number;
      name: string;
      photoMediaId: number;
      createdBy: number | null;
      now: Date;
    }) {
      const [row] = await db
        .insert(a)
        .values({
          deviceId: values.deviceId,
          name: values.name,
          photoMediaId: values.photoMediaId,
          createdBy: values.createdBy,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .returning({ id: a.id });
      return row!.id;
    },

    async rename(id: number, deviceId: number, name: string, now: Date) {
      const done = await db
        .update(a)
        .set({ name, updatedAt: now })
        .where(and(eq(a.id, id), eq(a.deviceId, deviceId)))
        .returning({ id: a.id });
      return done.length > 0;
    },

    /**
     * Puts one avatar in use on its device and takes the others out, in one transaction (the
     * partial unique index holds the rule); or takes it out of use.
     */
    async setInUse(id: number, deviceId: number, inUse: boolean, now: Date) {
      return db.transaction(async (tx) => {
        if (inUse) {
          await tx
            .update(a)
            .set({ isInUse: false, updatedAt: now })
            .where(and(eq(a.deviceId, deviceId), eq(a.isInUse, true), ne(a.id, id)));
        }
        const done = await tx
          .update(a)
          .set({ isInUse: inUse, updatedAt: now })
          .where(and(eq(a.id, id), eq(a.deviceId, deviceId)))
          .returning({ id: a.id });
        return done.length > 0;
      });
    },

    /** Deletes an avatar; answers its media ids that no other avatar holds (to discard), or null. */
    async remove(id: number, deviceId: number) {
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(a)
          .where(and(eq(a.id, id), eq(a.deviceId, deviceId)))
          .returning({ photo: a.photoMediaId, texture: a.textureMediaId, inUse: a.isInUse });
        if (!gone) return null;
        const ids = [gone.photo, ...(gone.texture ? [gone.texture] : [])];
        const held = await tx
          .select({ photo: a.photoMediaId, texture: a.textureMediaId })
          .from(a)
          .where(sql`${a.photoMediaId} in ${ids} or ${a.textureMediaId} in ${ids}`);
        const kept = new Set(held.flatMap((h) => [h.photo, h.texture]));
        return { mediaIds: ids.filter((m) => !kept.has(m)), wasInUse: gone.inUse };
      });
    },

    async setProgress(id: number, values: { status?: AvatarStatusValue; progress: number }, now: Date) {
      await db
        .update(a)
        .set({ ...values, updatedAt: now })
        .where(and(eq(a.id, id), inArray(a.status, ['queued', 'producing'])));
    },

    async finish(
      id: number,
      values: {
        textureMediaId: number;
        face: Record<string, unknown>;
        model: AvatarModelData;
        productionMs: number;
      },
      now: Date,
    ) {
      const done = await db
        .update(a)
        .set({
          ...values,
          status: 'ready',
          progress: 100,
          failure: null,
          failureDetail: null,
          producedAt: now,
          updatedAt: now,
        })
        .where(eq(a.id, id))
        .returning({ id: a.id });
      return done.length > 0;
    },

    async fail(id: number, failure: string, detail: string, now: Date) {
      const done = await db
        .update(a)
        .set({ status: 'failed', failure, failureDetail: detail, isInUse: false, updatedAt: now })
        .where(and(eq(a.id, id), ne(a.status, 'ready')))
        .returning({ id: a.id });
      return done.length > 0;
    },

    /** Production times of the project's latest avatars (for the estimate). */
    async recentProductionMs(projectId: number, limit = 10) {
      const found = await db
        .select({ ms: a.productionMs })
        .from(a)
        .innerJoin(devices, eq(devices.id, a.deviceId))
        .where(and(eq(devices.projectId, projectId), isNotNull(a.productionMs)))
        .orderBy(desc(a.producedAt))
        .limit(limit);
      return found.map((r) => r.ms!);
    },

    /** How many of the device's avatars wait before this one. */
    async queuedBefore(id: number, deviceId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(a)
        .where(and(eq(a.deviceId, deviceId), inArray(a.status, ['queued', 'producing']), lt(a.id, id)));
      return row?.n ?? 0;
    },

    async deviceLanguages(deviceId: number) {
      const [row] = await db
        .select({ languages: devices.languages })
        .from(devices)
        .where(eq(devices.id, deviceId));
      return (row?.languages ?? []) as Language[];
    },

    async projectOf(deviceId: number) {
      const [row] = await db
        .select({ projectId: devices.projectId })
        .from(devices)
        .where(eq(devices.id, deviceId));
      return row?.projectId ?? null;
    },

    /** The photo media row, when it is an image of the project. */
    async photo(mediaId: number, projectId: number) {
      const [row] = await db
        .select({
          id: media.id,
          filename: media.filename,
          kind: media.kind,
          mime: media.mime,
          width: media.width,
          height: media.height,
        })
        .from(media)
        .where(and(eq(media.id, mediaId), eq(media.projectId, projectId)));
      return row ?? null;
    },

    async addToken(hash: string, avatarId: number, expiresAt: Date) {
      await db.insert(avatarTokens).values({ tokenHash: hash, avatarId, expiresAt });
    },

    /** The avatar a live token names. */
    async tokenAvatar(hash: string, now: Date) {
      const [row] = await db
        .select({ avatarId: avatarTokens.avatarId })
        .from(avatarTokens)
        .where(and(eq(avatarTokens.tokenHash, hash), gt(avatarTokens.expiresAt, now)));
      return row?.avatarId ?? null;
    },

    async pruneTokens(now: Date) {
      const gone = await db
        .delete(avatarTokens)
        .where(lt(avatarTokens.expiresAt, now))
        .returning({ h: avatarTokens.tokenHash });
      return gone.length;
    },
  };
}

export type AvatarsRepo = ReturnType<typeof createAvatarsRepo>;
