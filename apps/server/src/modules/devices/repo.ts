import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  aiTopics,
  calls,
  chatSessions,
  conversations,
  deviceKeys,
  devices,
  projects,
  pushDeliveries,
  pushes,
} from '../../db/schema.js';
import type { DeviceKind, Language } from '@ambassador/contracts';

const deviceColumns = {
  id: devices.id,
  description: devices.description,
  kind: devices.kind,
  languages: devices.languages,
};

export interface NewDevice {
  projectId: number;
  description: string;
  kind: DeviceKind;
  languages: Language[];
}

export function createDevicesRepo(db: Db) {
  /** Each device's newest usable key of its own (not a tool's), read once per device. */
  const activeKey = db
    .selectDistinctOn([deviceKeys.deviceId], {
      deviceId: deviceKeys.deviceId,
      prefix: deviceKeys.prefix,
      createdAt: deviceKeys.createdAt,
    })
    .from(deviceKeys)
    .where(and(isNull(deviceKeys.revokedAt), eq(deviceKeys.label, 'console')))
    .orderBy(deviceKeys.deviceId, desc(deviceKeys.id))
    .as('active_key');

  /** A device with its newest usable key (prefix and date only), as Admin Settings lists it. */
  const managed = (where: ReturnType<typeof and>) =>
    db
      .select({
        ...deviceColumns,
        languages: devices.languages,
        lastSeenAt: devices.lastSeenAt,
        archivedAt: devices.archivedAt,
        hasStaffPin: sql<boolean>`${devices.staffPinHash} is not null`,
        unpairedAt: devices.unpairedAt,
        createdAt: devices.createdAt,
        keyPrefix: activeKey.prefix,
        keyCreatedAt: activeKey.createdAt,
      })
      .from(devices)
      .leftJoin(activeKey, eq(activeKey.deviceId, devices.id))
      .where(where)
      // Devices in use first, archived ones after them.
      .orderBy(sql`${devices.archivedAt} is not null`, asc(devices.id));

  return {
    /** The project's devices in use (what the selector offers); archived ones are left out. */
    listByProject: (projectId: number) =>
      db
        .select(deviceColumns)
        .from(devices)
        .where(and(eq(devices.projectId, projectId), isNull(devices.archivedAt)))
        .orderBy(asc(devices.id)),

    /** Every device in use of every project (start-up work such as warming the matchers). */
    allIds: async () =>
      (
        await db
          .select({ id: devices.id })
          .from(devices)
          .where(isNull(devices.archivedAt))
          .orderBy(asc(devices.id))
      ).map((d) => d.id),

    async find(deviceId: number, projectId: number) {
      const [row] = await db
        .select(deviceColumns)
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
      return row;
    },

    async exists(deviceId: number, projectId: number) {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Of these ids, how many are devices of the project, and how many of those archived (one query). */
    async countInProject(ids: number[], projectId: number) {
      const rows = await db
        .select({ id: devices.id, archived: isNotNull(devices.archivedAt) })
        .from(devices)
        .where(and(inArray(devices.id, ids), eq(devices.projectId, projectId)));
      return { inProject: rows.length, archived: rows.filter((r) => r.archived).length };
    },

    /** Archives a device and revokes its keys, in one transaction. */
    async archive(deviceId: number, projectId: number, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(deviceKeys)
          .set({ revokedAt: now })
          .where(and(eq(deviceKeys.deviceId, deviceId), isNull(deviceKeys.revokedAt)));
        await tx
          .update(devices)
          .set({ archivedAt: now })
          .where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
      });
    },

    async restore(deviceId: number, projectId: number) {
      await db
        .update(devices)
        .set({ archivedAt: null })
        .where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
    },

    /**
     * Deletes a device and everything that is only its own, in one transaction: AI data,
     * conversations, visitor sessions, chats, calls and keys go with the row (foreign keys cascade);
     * pushes that went to it alone go too. Answers what was removed.
     */
    async deleteForever(deviceId: number, projectId: number) {
      return db.transaction(async (tx) => {
        const counted = async (
          table: typeof aiTopics | typeof conversations | typeof chatSessions | typeof calls,
        ) => {
          const [row] = await tx.select({ n: count() }).from(table).where(eq(table.deviceId, deviceId));
          return row?.n ?? 0;
        };
        const removed = {
          topics: await counted(aiTopics),
          conversations: await counted(conversations),
          chats: await counted(chatSessions),
          calls: await counted(calls),
          pushes: 0,
        };
        // Pushes whose every delivery was to this device: nothing of them is left to show.
        const only = await tx
          .select({ id: pushes.id })
          .from(pushes)
          .innerJoin(pushDeliveries, eq(pushDeliveries.pushId, pushes.id))
          .where(eq(pushes.projectId, projectId))
          .groupBy(pushes.id)
          .having(sql`bool_and(${pushDeliveries.deviceId} = ${deviceId})`);
        if (only.length > 0) {
          const gone = await tx
            .delete(pushes)
            .where(
              inArray(
                pushes.id,
                only.map((p) => p.id),
              ),
            )
            .returning({ id: pushes.id });
          removed.pushes = gone.length;
        }
        await tx.delete(devices).where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
        return removed;
      });
    },

    listManaged: (projectId: number) => managed(eq(devices.projectId, projectId)),

    async findManaged(deviceId: number, projectId: number) {
      const [row] = await managed(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
      return row;
    },

    async create(input: NewDevice) {
      const [row] = await db.insert(devices).values(input).returning({ id: devices.id });
      return row!.id;
    },

    async update(
      deviceId: number,
      projectId: number,
      patch: { description?: string; languages?: Language[] },
    ) {
      if (patch.description === undefined && patch.languages === undefined) return;
      await db
        .update(devices)
        .set(patch)
        .where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
    },

    async setStaffPin(deviceId: number, projectId: number, hash: string | null) {
      await db
        .update(devices)
        .set({ staffPinHash: hash })
        .where(and(eq(devices.id, deviceId), eq(devices.projectId, projectId)));
    },
    async staffPinHash(deviceId: number) {
      const [row] = await db
        .select({ hash: devices.staffPinHash })
        .from(devices)
        .where(eq(devices.id, deviceId));
      return row?.hash ?? null;
    },
    async markUnpaired(deviceId: number, at: Date) {
      await db.update(devices).set({ unpairedAt: at }).where(eq(devices.id, deviceId));
    },

    /** Revokes every usable key of the device, then (when given) adds the new one: one transaction. */
    async replaceKeys(deviceId: number, now: Date, next?: { hash: string; prefix: string; label: string }) {
      await db.transaction(async (tx) => {
        await tx
          .update(deviceKeys)
          .set({ revokedAt: now })
          .where(and(eq(deviceKeys.deviceId, deviceId), isNull(deviceKeys.revokedAt)));
        if (next) {
          await tx
            .insert(deviceKeys)
            .values({ deviceId, keyHash: next.hash, prefix: next.prefix, label: next.label, createdAt: now });
        }
      });
    },

    /** An extra key beside the device's own (the demo-data generator's), revoked by id after use. */
    async addKey(deviceId: number, key: { hash: string; prefix: string; label: string }) {
      const [row] = await db
        .insert(deviceKeys)
        .values({ deviceId, keyHash: key.hash, prefix: key.prefix, label: key.label })
        .returning({ id: deviceKeys.id });
      return row!.id;
    },

    async revokeKey(keyId: number, now: Date) {
      await db.update(deviceKeys).set({ revokedAt: now }).where(eq(deviceKeys.id, keyId));
    },

    /** The device a usable key belongs to, with what the device API needs about it. */
    async findByKeyHash(hash: string) {
      const [row] = await db
        .select({
          ...deviceColumns,
          projectId: devices.projectId,
          projectName: projects.name,
          languages: devices.languages,
          lastSeenAt: devices.lastSeenAt,
          label: deviceKeys.label,
        })
        .from(deviceKeys)
        .innerJoin(devices, eq(devices.id, deviceKeys.deviceId))
        .innerJoin(projects, eq(projects.id, devices.projectId))
        .where(and(eq(deviceKeys.keyHash, hash), isNull(deviceKeys.revokedAt), isNull(devices.archivedAt)))
        .orderBy(desc(deviceKeys.id))
        .limit(1);
      return row;
    },

    async touch(deviceId: number, now: Date) {
      await db.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, deviceId));
    },
  };
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
