import { canOpen, UNDO_HOURS, type PagePath, type UndoResult, type UndoTicket } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../auth/index.js';
import type { UndoRepo } from './repo.js';

/** Where a change was made, as its handler restores it. */
export interface UndoScope {
  projectId: number;
  deviceId: number | null;
}

/** How one kind of change is put back: the area that makes the change registers it. */
export interface UndoHandler<B> {
  /** Who may undo it: those whose role opens this page (as for making the change). */
  page: PagePath;
  /** Puts the before-image back, inside the undo's transaction. */
  restore(tx: Db, before: B, scope: UndoScope): Promise<void>;
  /** After the transaction: what the area tells the kiosks, the matcher, the caches. */
  restored?(before: B, scope: UndoScope): void;
}

/** What the change was, as the area records it in the transaction that makes it. */
export interface UndoRecord<B> {
  actor: Pick<AuthContext, 'projectId' | 'username'>;
  deviceId: number | null;
  count: number;
  /** The record's name when it is one. */
  label?: string;
  before: B;
}

/** The kind's handler and its typed `record`: an area holds one per kind of change it can undo. */
export interface UndoKind<B> {
  kind: string;
  record(tx: Db, entry: UndoRecord<B>): Promise<UndoTicket>;
}

/**
 * Undo of deletes and bulk changes: each area keeps the before-image of what it changes in the same
 * transaction, and puts it back on undo. The change is made at once (the kiosks see it live); the
 * undo stays possible for UNDO_HOURS, then the entry is pruned.
 */
export function createUndoLog({ db, repo, clock }: { db: Db; repo: UndoRepo; clock: Clock }) {
  const handlers = new Map<string, UndoHandler<unknown>>();

  return {
    /** Called while modules are built: `kind` names the change, e.g. `topics.delete`. */
    register<B>(kind: string, handler: UndoHandler<B>): UndoKind<B> {
      if (handlers.has(kind)) throw new Error(`undo kind ${kind} registered twice`);
      handlers.set(kind, handler as UndoHandler<unknown>);
      return {
        kind,
        async record(tx, entry) {
          const now = clock.now();
          const row = await repo.insert(tx, {
            projectId: entry.actor.projectId,
            deviceId: entry.deviceId,
            kind,
            count: entry.count,
            label: entry.label ?? '',
            before: entry.before as object,
            createdBy: entry.actor.username,
            createdAt: now,
            expiresAt: new Date(now.getTime() + UNDO_HOURS * 3_600_000),
          });
          return { id: row.id, count: row.count, expires_at: row.expiresAt.toISOString() };
        },
      };
    },

    /** Puts the change back as it was, in one transaction: all of it or, refused, none of it. */
    async undo(actor: AuthContext, id: number): Promise<UndoResult> {
      const now = clock.now();
      const done = await db.transaction(async (tx) => {
        const row = await repo.lock(tx, actor.projectId, id);
        const handler = row && handlers.get(row.kind);
        if (!row || !handler) throw notFound('There is no such change to undo.');
        if (!canOpen(actor.pageAccess, handler.page)) {
          throw forbidden('Your role does not have access to this page.');
        }
        if (row.undoneAt) throw conflict('This change has already been undone.', 'undo_done');
        if (row.expiresAt <= now) throw conflict('This change is too old to undo.', 'undo_expired');
        const scope = { projectId: row.projectId, deviceId: row.deviceId };
        try {
          await handler.restore(tx, row.before, scope);
        } catch (e) {
          if (isUniqueViolation(e) || isForeignKeyViolation(e)) {
            throw conflict(
              'This change cannot be undone: what it changed has been changed again since.',
              'undo_conflict',
            );
          }
          throw e;
        }
        await repo.markUndone(tx, row.id, now, actor.username);
        return { row, handler, scope };
      });
      done.handler.restored?.(done.row.before, done.scope);
      return { id: done.row.id, kind: done.row.kind, count: done.row.count };
    },

    prune: () => repo.prune(clock.now()),
  };
}
export type UndoLog = ReturnType<typeof createUndoLog>;
