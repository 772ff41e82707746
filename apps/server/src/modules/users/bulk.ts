import { BULK_MAX, type BulkResult, type ZUsersBulkRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { checkedPick } from '../../lib/bulk.js';
import { deleteWithImage, putDeletedBack, type DeleteImage } from '../../lib/row-images.js';
import type { AuthContext } from '../auth/index.js';
import type { UndoLog } from '../undo/index.js';
import type { UsersRepo } from './repo.js';

/**
 * Deleting many users of the project at once, with the undo that puts them back with their ids,
 * roles and passwords (and as authors of what they made). Never the caller, never the project's
 * last admin: those stay, counted as `skipped`. Their sessions end at once and are not put back:
 * a user brought back signs in again.
 */
export function createUsersBulk({
  db,
  repo,
  undo,
  revokeSessions,
}: {
  db: Db;
  repo: UsersRepo;
  undo: UndoLog;
  revokeSessions(userId: number): Promise<void>;
}) {
  const deleted = undo.register<DeleteImage>('users.delete', {
    page: '/setting',
    restore: (t, image) => putDeletedBack(t, repo.deleteSpec.table, image),
  });

  return {
    async run(actor: AuthContext, request: z.output<typeof ZUsersBulkRequest>): Promise<BulkResult> {
      const { selection } = request;
      const picked = checkedPick(
        await repo.select(actor.projectId, 'ids' in selection ? { ids: selection.ids } : {}, BULK_MAX),
        'User not found.',
      );
      const admins = await repo.adminIds(actor.projectId);
      const pickedIds = new Set(picked.map((p) => p.id));
      // The first picked admin stays when no admin would be left otherwise.
      const lastAdmin = admins.every((id) => pickedIds.has(id) && id !== actor.userId)
        ? picked.find((p) => admins.includes(p.id))?.id
        : undefined;
      const going = picked.filter((p) => p.id !== actor.userId && p.id !== lastAdmin);
      const skipped = picked.length - going.length;
      if (going.length === 0) return { count: 0, skipped, undo: null };
      // Signed out first, so their open consoles lose their live sockets at once.
      for (const user of going) await revokeSessions(user.id);
      const ticket = await db.transaction(async (t) => {
        const image = await deleteWithImage(
          t,
          repo.deleteSpec,
          going.map((p) => p.id),
        );
        return deleted.record(t, {
          actor,
          deviceId: null,
          count: going.length,
          ...(going.length === 1 && { label: going[0]!.name }),
          before: image,
        });
      });
      return { count: going.length, skipped, undo: ticket };
    },
  };
}
export type UsersBulk = ReturnType<typeof createUsersBulk>;
