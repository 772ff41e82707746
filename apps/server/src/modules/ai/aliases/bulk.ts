import type { ZAliasesBulkRequest } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { AuthContext } from '../../auth/index.js';
import { undoableDelete, type UndoLog } from '../../undo/index.js';
import { AI_PAGE } from '../access.js';
import type { AiChangeListener } from '../changes.js';
import type { AliasesRepo } from './repo.js';

/** Deleting the aliases of one keyword or many at once, with the undo that puts them back with their ids. */
export function createAliasesBulk({
  db,
  repo,
  undo,
  listener,
}: {
  db: Db;
  repo: AliasesRepo;
  undo: UndoLog;
  listener: AiChangeListener;
}) {
  const deletes = undoableDelete<{ search: string }>({
    undo,
    kind: 'aliases.delete',
    page: AI_PAGE.access.page,
    spec: repo.deleteSpec,
    transaction: (_deviceId, work) => db.transaction(work),
    select: repo.select,
    changed: (deviceId) => listener.changed(deviceId),
    nothing: 'Alias entry not found.',
  });
  return {
    /** One keyword's aliases, as the row's delete button does; undoable as a bulk delete is. */
    removeOne: deletes.removeOne,
    run: (
      actor: Pick<AuthContext, 'projectId' | 'username'>,
      request: z.output<typeof ZAliasesBulkRequest>,
    ) =>
      deletes.removeSome(
        actor,
        request.device_id,
        'ids' in request.selection
          ? { ids: request.selection.ids }
          : { search: request.selection.filter.search },
      ),
  };
}
export type AliasesBulk = ReturnType<typeof createAliasesBulk>;
