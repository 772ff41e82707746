import { and, count, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditEvents, devices } from '../../db/schema.js';
import { likePattern, prefixPattern } from '../../lib/sql.js';

export type AuditRow = typeof auditEvents.$inferSelect;
export type AuditInsert = typeof auditEvents.$inferInsert;

/** The filters, as the service passes them: already parsed. */
export interface AuditWhere {
  projectId: number;
  deviceId?: number;
  actor?: string;
  /** A code, or a group of codes (`topic` → `topic.*`). */
  action?: string;
  from?: Date;
  to?: Date;
  text?: string;
}

const listed = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  deviceId: auditEvents.deviceId,
  deviceName: devices.description,
  actor: auditEvents.actor,
  actorRole: auditEvents.actorRole,
  action: auditEvents.action,
  targetType: auditEvents.targetType,
  targetId: auditEvents.targetId,
  targetName: auditEvents.targetName,
  detail: auditEvents.detail,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
};

function conditions(w: AuditWhere): SQL | undefined {
  const all: Array<SQL | undefined> = [eq(auditEvents.projectId, w.projectId)];
  if (w.deviceId !== undefined) all.push(eq(auditEvents.deviceId, w.deviceId));
  if (w.actor !== undefined) all.push(eq(auditEvents.actor, w.actor));
  if (w.action !== undefined)
    all.push(or(eq(auditEvents.action, w.action), like(auditEvents.action, prefixPattern(`${w.action}.`))));
  if (w.from) all.push(gte(auditEvents.createdAt, w.from));
  if (w.to) all.push(lt(auditEvents.createdAt, w.to));
  if (w.text) {
    const pattern = likePattern(w.text);
    all.push(
      or(
        sql`${auditEvents.actor} ilike ${pattern}`,
        sql`${auditEvents.action} ilike ${pattern}`,
        sql`${auditEvents.targetName} ilike ${pattern}`,
        sql`${auditEvents.detail}::text ilike ${pattern}`,
      ),
    );
  }
  return and(...all);
}

export function createAuditRepo(db: Db) {
  const select = () =>
    db.select(listed).from(auditEvents).leftJoin(devices, eq(devices.id, auditEvents.deviceId));
  return {
    async insert(values: AuditInsert[]) {
      if (values.length > 0) await db.insert(auditEvents).values(values);
    },

    /** One page, newest first, and how many match. */
    async page(where: AuditWhere, limit: number, offset: number) {
      const filter = conditions(where);
      const [rows, [total]] = await Promise.all([
        select()
          .where(filter)
          .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(auditEvents).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Rows after `before` (newest first), a batch at a time: the export pages by keyset. */
    async batch(where: AuditWhere, before: { createdAt: Date; id: number } | null, limit: number) {
      const after = before
        ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})`
        : undefined;
      const rows = await select()
        .where(and(conditions(where), after))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit);
      return rows;
    },

    /** The usernames that appear in a project's trail, for the "who" filter. */
    async actors(projectId: number) {
      const rows = await db
        .selectDistinct({ actor: auditEvents.actor })
        .from(auditEvents)
        .where(and(eq(auditEvents.projectId, projectId), sql`${auditEvents.actor} is not null`))
        .orderBy(auditEvents.actor)
        .limit(500);
      return rows.map((r) => r.actor!);
    },

    async pruneBefore(cutoff: Date) {
      const rows = await db
        .delete(auditEvents)
        .where(lt(auditEvents.createdAt, cutoff))
        .returning({ id: auditEvents.id });
      return rows.length;
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
export type ListedAuditRow = Awaited<ReturnType<AuditRepo['batch']>>[number];
