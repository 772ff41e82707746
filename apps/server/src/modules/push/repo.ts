import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { MediaReferenceSource } from '../../media/repo.js';
import { devices, pushDeliveries as d, pushes as p } from '../../db/schema.js';

export interface NewPush {
  projectId: number;
  texts: Record<string, string>;
  imageUrl: string | null;
  durationSeconds: number;
  speak: boolean;
  createdBy: number;
  createdByName: string;
  at: Date;
  deviceIds: number[];
}

const pushColumns = {
  id: p.id,
  texts: p.texts,
  imageUrl: p.imageUrl,
  durationSeconds: p.durationSeconds,
  speak: p.speak,
  createdAt: p.createdAt,
  createdByName: p.createdByName,
};

export type PushRow = {
  id: number;
  texts: Record<string, string>;
  imageUrl: string | null;
  durationSeconds: number;
  speak: boolean;
  createdAt: Date | string;
  createdByName: string;
};

export type DeliveryRow = {
  pushId: number;
  deviceId: number;
  deviceName: string;
  status: 'pending' | 'delivered' | 'expired';
  deliveredAt: Date | string | null;
};

/** The delivery's push was made before `cutoff`. */
const madeBefore = (cutoff: Date) =>
  sql`exists (select 1 from ${p} where ${p.id} = ${d.pushId} and ${p.createdAt} < ${cutoff.toISOString()}::timestamptz)`;

/** Pushes are always read through their project; deliveries through their device. */
export function createPushRepo(db: Db) {
  /** The deliveries of these pushes with their device's name, in device order. */
  async function deliveriesOf(pushIds: number[]) {
    if (pushIds.length === 0) return [];
    return (await db
      .select({
        pushId: d.pushId,
        deviceId: d.deviceId,
        deviceName: devices.description,
        status: d.status,
        deliveredAt: d.deliveredAt,
      })
      .from(d)
      .innerJoin(devices, eq(devices.id, d.deviceId))
      .where(inArray(d.pushId, pushIds))
      .orderBy(asc(d.pushId), asc(d.deviceId))) as DeliveryRow[];
  }

  return {
    deliveriesOf,

    /** How many of these devices are the project's. */
    async projectDevices(projectId: number, ids: number[]) {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), inArray(devices.id, ids)));
      return row?.n ?? 0;
    },

    /** The push and one pending delivery per device, together or not at all. */
    async create(n: NewPush) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(p)
          .values({
            projectId: n.projectId,
            texts: n.texts,
            imageUrl: n.imageUrl,
            durationSeconds: n.durationSeconds,
            speak: n.speak,
            createdBy: n.createdBy,
            createdByName: n.createdByName,
            createdAt: n.at,
          })
          .returning(pushColumns);
        await tx.insert(d).values(n.deviceIds.map((deviceId) => ({ pushId: row!.id, deviceId })));
        return row as PushRow;
      });
    },

    /**
     * Pending deliveries of the project's pushes made before `cutoff` become expired. Read from
     * the pending deliveries of the project's devices (a partial index), not from every push.
     */
    async expireProject(projectId: number, cutoff: Date) {
      await db
        .update(d)
        .set({ status: 'expired' })
        .where(
          and(
            eq(d.status, 'pending'),
            inArray(
              d.deviceId,
              db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, projectId)),
            ),
            madeBefore(cutoff),
          ),
        );
    },

    /** A page of the project's pushes, newest first. */
    async page(projectId: number, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select(pushColumns)
          .from(p)
          .where(eq(p.projectId, projectId))
          .orderBy(desc(p.createdAt), desc(p.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(p).where(eq(p.projectId, projectId)),
      ]);
      return { rows: rows as PushRow[], total: total?.n ?? 0 };
    },

    /** The device saw the push: pending becomes delivered, once. False when nothing changed. */
    async markDelivered(deviceId: number, pushId: number, at: Date) {
      const rows = await db
        .update(d)
        .set({ status: 'delivered', deliveredAt: at })
        .where(and(eq(d.pushId, pushId), eq(d.deviceId, deviceId), eq(d.status, 'pending')))
        .returning({ pushId: d.pushId });
      return rows.length > 0;
    },

    /** The device's pending pushes made at or after `since`, oldest first. */
    async pendingFor(deviceId: number, since: Date) {
      return (await db
        .select(pushColumns)
        .from(d)
        .innerJoin(p, eq(p.id, d.pushId))
        .where(and(eq(d.deviceId, deviceId), eq(d.status, 'pending'), gte(p.createdAt, since)))
        .orderBy(asc(p.createdAt), asc(p.id))) as PushRow[];
    },

    /** The device's pending deliveries of pushes made before `cutoff` become expired; their push ids. */
    async expireDevice(deviceId: number, cutoff: Date) {
      const rows = await db
        .update(d)
        .set({ status: 'expired' })
        .where(and(eq(d.deviceId, deviceId), eq(d.status, 'pending'), madeBefore(cutoff)))
        .returning({ pushId: d.pushId });
      return rows.map((r) => r.pushId);
    },
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;

/** A push's image, kept while the push is listed in the history. */
export const pushMediaReferences: MediaReferenceSource = {
  name: 'push images',
  texts: sql`select image_url from pushes where image_url like '%/media/%'`,
};
