import type { ZAuditFilters } from '@ambassador/contracts';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEvent, type RoleId } from '@ambassador/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import type { AuthContext, SignInEvent } from '../auth/index.js';
import { withoutSecrets } from './actions.js';
import type { AuditInsert, AuditRepo, AuditWhere, ListedAuditRow } from './repo.js';

/** What a module says of a change it made, beyond what the request shows (old → new role …). */
export interface AuditNote {
  action: string;
  target?: { type: string; id?: string | number | null; name?: string | null };
  detail?: Record<string, unknown>;
}

/** Where a change came from: the caller and their request. */
export interface AuditOrigin {
  auth: Pick<AuthContext, 'projectId' | 'userId' | 'username' | 'roleId'>;
  deviceId: number | null;
  ip: string | null;
  userAgent: string | null;
}

const SIGN_IN_ACTIONS: Record<SignInEvent['outcome'], string> = {
  ok: 'auth.sign_in',
  failed: 'auth.sign_in_failed',
  locked: 'auth.sign_in_locked',
  signed_out: 'auth.sign_out',
};

const EXPORT_BATCH = 1_000;
/** What Excel would run as a formula (OWASP's list): such a cell gets a leading `'`. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const CSV_HEADERS = [
  'time_utc',
  'user',
  'role',
  'action',
  'target_type',
  'target_id',
  'target',
  'device_id',
  'device',
  'details',
  'ip',
  'user_agent',
];

export function toAuditEvent(row: ListedAuditRow): AuditEvent {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    device_id: row.deviceId,
    device_name: row.deviceName,
    actor: row.actor,
    actor_role: (row.actorRole as RoleId | null) ?? null,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: row.targetName,
    detail: row.detail,
    ip: row.ip,
    user_agent: row.userAgent,
  };
}

export interface AuditServiceDeps {
  repo: AuditRepo;
  clock: Clock;
  log: FastifyBaseLogger;
  retentionDays: number;
}

export function createAuditService({ repo, clock, log, retentionDays }: AuditServiceDeps) {
  /** Writes not finished yet: a read of the trail waits for them (it shows what was just done). */
  const pending = new Set<Promise<void>>();
  const write = (rows: AuditInsert[]) => {
    const done: Promise<void> = repo
      .insert(rows)
      .catch((err: unknown) => log.error({ err, actions: rows.map((r) => r.action) }, 'audit write failed'))
      .finally(() => pending.delete(done));
    pending.add(done);
    return done;
  };
  const settled = () => Promise.all([...pending]);

  const rowOf = (origin: AuditOrigin, note: AuditNote): AuditInsert => ({
    projectId: origin.auth.projectId,
    deviceId: origin.deviceId,
    actor: origin.auth.username,
    actorId: origin.auth.userId,
    actorRole: origin.auth.roleId,
    action: note.action,
    targetType: note.target?.type ?? null,
    targetId: note.target?.id === undefined || note.target.id === null ? null : String(note.target.id),
    targetName: note.target?.name?.slice(0, 300) ?? null,
    detail: (withoutSecrets(note.detail ?? {}) as Record<string, unknown>) ?? {},
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    createdAt: clock.now(),
  });

  function whereOf(actor: AuthContext, filters: z.output<typeof ZAuditFilters>): AuditWhere {
    return {
      projectId: actor.projectId,
      deviceId: filters.device_id,
      actor: filters.actor,
      action: filters.action,
      from: filters.from ? new Date(filters.from) : undefined,
      to: filters.to ? new Date(filters.to) : undefined,
      text: filters.q,
    };
  }

  return {
    /** Records what one request changed (one row per note). */
    record(origin: AuditOrigin, notes: AuditNote[]) {
      return write(notes.map((note) => rowOf(origin, note)));
    },

    /** A sign-in, a failed one (with the name tried) or a sign-out, as modules/auth tells it. */
    recordSignIn(event: SignInEvent) {
      const detail: Record<string, unknown> =
        event.outcome === 'failed' || event.outcome === 'locked' ? { username_tried: event.username } : {};
      return write([
        {
          projectId: event.user?.projectId ?? null,
          deviceId: null,
          actor: event.user?.username ?? null,
          actorId: event.user?.id ?? null,
          actorRole: event.user?.roleId ?? null,
          action: SIGN_IN_ACTIONS[event.outcome],
          targetType: 'user',
          targetId: event.user ? String(event.user.id) : null,
          targetName: event.user?.username ?? event.username.slice(0, 64),
          detail,
          ip: event.ip,
          userAgent: event.userAgent,
          createdAt: clock.now(),
        },
      ]);
    },

    async list(actor: AuthContext, filters: z.output<typeof ZAuditFilters>, limit: number, offset: number) {
      await settled();
      const { rows, total } = await repo.page(whereOf(actor, filters), limit, offset);
      return { events: rows.map(toAuditEvent), total };
    },

    async actors(actor: AuthContext) {
      await settled();
      return repo.actors(actor.projectId);
    },

    /**
     * The matching events as CSV (UTF-8 with a BOM, so Excel reads Chinese), newest first, at most
     * AUDIT_EXPORT_MAX_ROWS, read a batch at a time so memory stays flat.
     */
    async *exportCsv(actor: AuthContext, filters: z.output<typeof ZAuditFilters>): AsyncGenerator<string> {
      await settled();
      const where = whereOf(actor, filters);
      const cell = (v: string | number | null) =>
        v === null ? '' : typeof v === 'number' ? String(v) : FORMULA_START.test(v) ? `'${v}` : v;
      const csv = (records: Array<Array<string | number | null>>) =>
        stringify(
          records.map((r) => r.map(cell)),
          { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
        );
      yield `\uFEFF${csv([CSV_HEADERS])}`;
      let before: { createdAt: Date; id: number } | null = null;
      let sent = 0;
      while (sent < AUDIT_EXPORT_MAX_ROWS) {
        const rows = await repo.batch(where, before, Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - sent));
        if (rows.length === 0) break;
        sent += rows.length;
        const last = rows[rows.length - 1]!;
        before = { createdAt: last.createdAt, id: last.id };
        yield csv(
          rows.map((r) => [
            r.createdAt.toISOString(),
            r.actor,
            r.actorRole,
            r.action,
            r.targetType,
            r.targetId,
            r.targetName,
            r.deviceId,
            r.deviceName,
            Object.keys(r.detail).length > 0 ? JSON.stringify(r.detail) : null,
            r.ip,
            r.userAgent,
          ]),
        );
        if (rows.length < EXPORT_BATCH) break;
      }
    },

    /** Housekeeping: events older than the retention period go. */
    async prune() {
      const cutoff = new Date(clock.now().getTime() - retentionDays * 86_400_000);
      const removed = await repo.pruneBefore(cutoff);
      if (removed > 0) log.info({ removed, retentionDays }, 'audit events pruned');
    },

    /** Resolves once every write started so far has finished (tests, shutdown). */
    settled,
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
