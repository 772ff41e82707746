import { BULK_MAX, type BulkResult, type MrcStatus, type ZMrcBulkRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { checkedPick } from '../../lib/bulk.js';
import type { AuthContext } from '../auth/index.js';
import type { UndoLog } from '../undo/index.js';
import { MRC_PAGE } from './access.js';
import type { MrcRepo, RemovedImage } from './repo.js';

/**
 * Deleting documents many at once, with the undo that brings them back: their status, their
 * original (kept while the undo entry names it) and their passages, so nothing is scanned again —
 * except a document that was still being scanned, which is queued again.
 */
export function createMrcBulk({
  db,
  repo,
  undo,
  announce,
  requeue,
}: {
  db: Db;
  repo: MrcRepo;
  undo: UndoLog;
  announce: (id: number, deviceId: number, status: MrcStatus) => Promise<void>;
  requeue: (id: number) => Promise<unknown>;
}) {
  type Before = RemovedImage & { deviceId: number; back?: Record<string, unknown>[] };
  const removed = undo.register<Before>('mrc.delete', {
    page: MRC_PAGE.access.page,
    restore: async (tx, before) => {
      before.back = await repo.putBackRemoved(tx, before);
    },
    restored: (before) => {
      for (const row of before.back ?? []) {
        const id = Number(row.id);
        const status = row.status as MrcStatus;
        if (status === 'Scanning') void requeue(id);
        void announce(id, before.deviceId, status);
      }
    },
  });

  return {
    async run(
      actor: Pick<AuthContext, 'projectId' | 'username'>,
      request: z.output<typeof ZMrcBulkRequest>,
    ): Promise<BulkResult> {
      const deviceId = request.device_id;
      const { selection } = request;
      const { ids, ticket } = await db.transaction(async (tx) => {
        const picked = checkedPick(
          await repo.pick(
            tx,
            deviceId,
            'ids' in selection ? { ids: selection.ids } : { search: selection.filter.search },
            BULK_MAX,
          ),
          'This document does not exist on this device (it may already be deleted).',
        );
        const ids = picked.map((p) => p.id);
        const image = await repo.removeWithImage(tx, ids);
        const ticket = await removed.record(tx, {
          actor,
          deviceId,
          count: ids.length,
          ...(picked.length === 1 && { label: picked[0]!.name }),
          before: { ...image, deviceId },
        });
        return { ids, ticket };
      });
      for (const id of ids) await announce(id, deviceId, 'Removed');
      return { count: ids.length, skipped: 0, undo: ticket };
    },
  };
}

export type MrcBulk = ReturnType<typeof createMrcBulk>;
