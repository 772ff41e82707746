import {
  BULK_MAX,
  type BulkResult,
  type UndoTicket,
  type ZLocationsBulkRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import { checkedPick } from '../../lib/bulk.js';
import type { DeleteImage } from '../../lib/row-images.js';
import type { AuthContext } from '../auth/index.js';
import type { UndoLog } from '../undo/index.js';
import type { LocationsRepo } from './repo.js';

type Actor = Pick<AuthContext, 'projectId' | 'username'>;
const NOT_FOUND = 'Location not found.';

/** Deleting locations, one or many, in one transaction with the image that undo puts back. */
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
  const deleted = undo.register<DeleteImage & { deviceId: number }>('locations.delete', {
    page: '/ai',
    restore: (t, image) => repo.restore(t, image),
    restored: (image) => changed(image.deviceId),
  });

  async function remove(
    actor: Actor,
    deviceId: number,
    selection: { ids: number[] } | { search: string; categoryIds: number[] },
  ): Promise<UndoTicket> {
    const ticket = await repo.locked(deviceId, async (t) => {
      const picked = checkedPick(await repo.select(t, deviceId, selection, BULK_MAX), NOT_FOUND);
      const image = await repo.remove(
        t,
        picked.map((p) => p.id),
      );
      return deleted.record(t, {
        actor,
        deviceId,
        count: picked.length,
        ...(picked.length === 1 && { label: picked[0]!.name }),
        before: { ...image, deviceId },
      });
    });
    changed(deviceId);
    return ticket;
  }

  return {
    removeOne: (actor: Actor, deviceId: number, id: number) => remove(actor, deviceId, { ids: [id] }),
    async run(actor: Actor, request: z.output<typeof ZLocationsBulkRequest>): Promise<BulkResult> {
      const { selection } = request;
      const ticket = await remove(
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
