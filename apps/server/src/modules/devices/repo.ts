import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema.js';

export function createDevicesRepo(db: Db) {
  return {
    listByProject: (projectId: number) =>
      db
        .select({ id: devices.id, description: devices.description, kind: devices.kind })
        .from(devices)
        .where(eq(devices.projectId, projectId))
        .orderBy(asc(devices.id)),

    /** Every device of every project (start-up work such as warming the matchers). */
    allIds: async () =>
      (await db.select({ id: devices.id }).from(devices).orderBy(asc(devices.id))).map((d) => d.id),

    async find(deviceId: number, projectId: number) {
      const [row] = await db
        .select({ id: devices.id, description: devices.description, kind: devices.kind })
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
  };
}

export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
