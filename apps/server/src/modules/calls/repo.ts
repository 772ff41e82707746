import { and, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CallStatus, NotificationChannel, OfflineHoursRow } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import { callSettings, calls, devices } from '../../db/schema.js';
import { likePattern } from '../../lib/sql.js';

const callColumns = {
  id: calls.id,
  projectId: devices.projectId,
  deviceId: calls.deviceId,
  deviceName: devices.description,
  status: calls.status,
  createdAt: calls.createdAt,
  ringUntil: calls.ringUntil,
  answeredAt: calls.answeredAt,
  answeredByName: calls.answeredByName,
  answeredClient: calls.answeredClient,
  endedAt: calls.endedAt,
};
export type CallRow = {
  id: string;
  projectId: number;
  deviceId: number;
  deviceName: string;
  status: CallStatus;
  createdAt: Date;
  ringUntil: Date;
  answeredAt: Date | null;
  answeredByName: string | null;
  answeredClient: string | null;
  endedAt: Date | null;
};

export interface CallSettingsRow {
  offlineHours: OfflineHoursRow[];
  timeZone: string;
  offlineResponse: Record<string, string>;
  notification: NotificationChannel;
}

export function createCallsRepo(db: Db) {
  /** Calls with their device, by ids, in one statement. */
  const withDevice = (where: SQL | undefined) =>
    db.select(callColumns).from(calls).innerJoin(devices, eq(devices.id, calls.deviceId)).where(where);

  /** Reads back the rows a state change touched, with their device. */
  const reread = async (ids: string[]) =>
    ids.length === 0 ? [] : ((await withDevice(inArray(calls.id, ids))) as CallRow[]);

  return {
    async find(id: string): Promise<CallRow | undefined> {
      const [row] = await withDevice(eq(calls.id, id));
      return row as CallRow | undefined;
    },

    async insert(call: { id: string; deviceId: number; createdAt: Date; ringUntil: Date }) {
      await db.insert(calls).values({ ...call, status: 'ringing' });
    },

    /** ringing → answered, for one operator only: the first to answer wins. */
    async answer(id: string, at: Date, user: { id: number; name: string }, clientId: string | null) {
      const rows = await db
        .update(calls)
        .set({
          status: 'answered',
          answeredAt: at,
          answeredBy: user.id,
          answeredByName: user.name,
          answeredClient: clientId,
        })
        .where(and(eq(calls.id, id), eq(calls.status, 'ringing')))
        .returning({ id: calls.id });
      return (await reread(rows.map((r) => r.id)))[0];
    },

    /**
     * Ends calls that are still live: a ringing one becomes `ringingTo` (missed, or ended when an
     * operator declines it), an answered one ended.
     */
    async finish(where: SQL, at: Date, ringingTo: 'missed' | 'ended' = 'missed') {
      const rows = await db
        .update(calls)
        .set({
          status: sql`case when ${calls.status} = 'answered' then 'ended' else ${ringingTo} end`,
          endedAt: at,
        })
        .where(and(where, inArray(calls.status, ['ringing', 'answered'])))
        .returning({ id: calls.id });
      return reread(rows.map((r) => r.id));
    },

    byId: (id: string) => eq(calls.id, id),
    byDevice: (deviceId: number) => eq(calls.deviceId, deviceId),
    /** Ringing calls whose time is up. */
    expiredRinging: (now: Date) => and(eq(calls.status, 'ringing'), lte(calls.ringUntil, now))!,

    async list(
      projectId: number,
      q: {
        status: CallStatus | '';
        search: string;
        deviceId?: number | undefined;
        limit: number;
        offset: number;
      },
    ) {
      const conditions: SQL[] = [eq(devices.projectId, projectId)];
      if (q.status) conditions.push(eq(calls.status, q.status));
      if (q.deviceId) conditions.push(eq(calls.deviceId, q.deviceId));
      if (q.search) {
        const pattern = likePattern(q.search);
        conditions.push(or(ilike(devices.description, pattern), ilike(calls.answeredByName, pattern))!);
      }
      const where = and(...conditions);
      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        withDevice(where).orderBy(desc(calls.createdAt), desc(calls.id)).limit(q.limit).offset(q.offset),
        db
          .select({ total: count() })
          .from(calls)
          .innerJoin(devices, eq(devices.id, calls.deviceId))
          .where(where),
      ]);
      return { rows: rows as CallRow[], total };
    },

    async settings(deviceId: number): Promise<CallSettingsRow | undefined> {
      const [row] = await db
        .select({
          offlineHours: callSettings.offlineHours,
          timeZone: callSettings.timeZone,
          offlineResponse: callSettings.offlineResponse,
          notification: callSettings.notification,
        })
        .from(callSettings)
        .where(eq(callSettings.deviceId, deviceId));
      return row as CallSettingsRow | undefined;
    },

    async saveSettings(deviceId: number, patch: Partial<CallSettingsRow>, at: Date) {
      await db
        .insert(callSettings)
        .values({ deviceId, ...patch, updatedAt: at })
        .onConflictDoUpdate({ target: callSettings.deviceId, set: { ...patch, updatedAt: at } });
    },
  };
}

export type CallsRepo = ReturnType<typeof createCallsRepo>;
