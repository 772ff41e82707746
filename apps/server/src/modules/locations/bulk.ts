import type { BulkResult, ZLocationsBulkRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import { undoableDelete, type UndoLog } from '../undo/index.js';
import type { LocationsRepo } from './repo.js';
import type { AuthContext } from '../auth/index.js';

/** Deleting locations, one or many, with the undo that puts them back with their layers. */
export function createLocationsBulk({
  repo,
  undo,
  changed,
}: {
  repo: LocationsRepo;
  undo: UndoLog;
  /** What every change of a device's locations tells kiosks and answer caches. */
  changed: (deviceId: number) => void;
}) {
  const deletes = undoableDelete<{ search: string; categoryIds: number[] }>({
    undo,
    kind: 'locations.delete',
    page: '/ai',
    spec: repo.deleteSpec,
    transaction: repo.locked,
    select: repo.select,
    changed,
    nothing: 'Location not found.',
  });

  return {
    removeOne: deletes.removeOne,
    async run(
      actor: Pick<AuthContext, 'projectId' | 'username'>,
      request: z.output<typeof ZLocationsBulkRequest>,
    ): Promise<BulkResult> {
      const { selection } = request;
      const ticket = await deletes.remove(
        actor,
        request.device_id,
        'ids' in selection
          ? { ids: selection.ids }
          : { search: selection.filter.search, categoryIds: selection.filter.category_ids },
      );
      return { count: ticket.count, skipped: 0, undo: ticket };
    },
  };
}
export type LocationsBulk = ReturnType<typeof createLocationsBulk>;
