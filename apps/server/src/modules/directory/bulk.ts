import type { BulkResult, ZDirectoryBulkRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import type { MediaStore } from '../../media/store.js';
import type { AuthContext } from '../auth/index.js';
import { undoableDelete, type UndoLog } from '../undo/index.js';
import type { DirectoryRepo } from './repo.js';

/** Deleting units, one or many, with the undo that puts them back with their names and logos. */
export function createDirectoryBulk({
  repo,
  undo,
  media,
  changed,
}: {
  repo: DirectoryRepo;
  undo: UndoLog;
  media: MediaStore;
  changed: (deviceId: number) => void;
}) {
  const deletes = undoableDelete<{ search: string }>({
    undo,
    kind: 'directory.delete',
    page: '/interface',
    spec: repo.deleteSpec,
    transaction: repo.locked,
    select: repo.select,
    changed,
    nothing: 'This unit is not in the directory of this device (it may already be deleted).',
    // The logos let go of: the undo entry still names them, so they stay until it expires.
    afterDelete: async (image) => {
      const logos = image.rows
        .map((r) => r.logo_media_id)
        .filter((id): id is number => typeof id === 'number');
      if (logos.length > 0) await media.discard(logos);
    },
  });
  return {
    removeOne: deletes.removeOne,
    async run(
      actor: Pick<AuthContext, 'projectId' | 'username'>,
      request: z.output<typeof ZDirectoryBulkRequest>,
    ): Promise<BulkResult> {
      const { selection } = request;
      const ticket = await deletes.remove(
        actor,
        request.device_id,
        'ids' in selection ? { ids: selection.ids } : { search: selection.filter.search },
      );
      return { count: ticket.count, skipped: 0, undo: ticket };
    },
  };
}
export type DirectoryBulk = ReturnType<typeof createDirectoryBulk>;
