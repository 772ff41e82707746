import { BULK_MAX, type BulkResult, type PagePath, type UndoTicket } from '@ambassador/contracts';
import type { Db } from '../../db/client.js';
import { checkedPick } from '../../lib/bulk.js';
import { deleteWithImage, putDeletedBack, type DeleteImage, type DeleteSpec } from '../../lib/row-images.js';
import type { AuthContext } from '../auth/index.js';
import type { UndoLog } from './service.js';

type Actor = Pick<AuthContext, 'projectId' | 'username'>;

/**
 * The delete of an area's rows, one or many, that undo can take back: what the rows take with them
 * (the spec) is read in the same transaction, the rows go, and the ticket puts everything back.
 * The area gives its own selection (ids or its list's filter) and what it tells after a change.
 */
export function undoableDelete<S>({
  undo,
  kind,
  page,
  spec,
  transaction,
  select,
  changed,
  nothing,
  afterDelete,
}: {
  undo: UndoLog;
  /** The undo kind, e.g. `locations.delete`. */
  kind: string;
  page: PagePath;
  spec: DeleteSpec;
  /** The area's transaction for a device (with its own lock, if it keeps one). */
  transaction: <T>(deviceId: number, work: (t: Db) => Promise<T>) => Promise<T>;
  /** The device's rows the selection names, at most `max` + 1, with a name for one. */
  select: (
    t: Db,
    deviceId: number,
    selection: S | { ids: number[] },
    max: number,
  ) => Promise<{ id: number; name: string }[]>;
  /** After the delete or its undo is committed: kiosks, caches. */
  changed: (deviceId: number) => void;
  /** The 404's message when the selection names nothing. */
  nothing: string;
  /** After the delete is committed, with its image (media it let go of). */
  afterDelete?: (image: DeleteImage) => Promise<void>;
}) {
  const deleted = undo.register<DeleteImage & { deviceId: number }>(kind, {
    page,
    restore: (t, image) => putDeletedBack(t, spec.table, image),
    restored: (image) => changed(image.deviceId),
  });

  /**
   * Deletes what the selection names but the rows `leave` keeps (a rule says they stay: they are
   * `skipped`); nothing deleted when it keeps them all, and then no ticket.
   */
  async function removeSome(
    actor: Actor,
    deviceId: number,
    selection: S | { ids: number[] },
    leave?: (t: Db, deviceId: number, ids: number[]) => Promise<number[]>,
  ): Promise<BulkResult> {
    const { result, image } = await transaction(deviceId, async (t) => {
      const picked = checkedPick(await select(t, deviceId, selection, BULK_MAX), nothing);
      const kept = new Set(
        leave
          ? await leave(
              t,
              deviceId,
              picked.map((p) => p.id),
            )
          : [],
      );
      const going = picked.filter((p) => !kept.has(p.id));
      const skipped = picked.length - going.length;
      if (going.length === 0) return { result: { count: 0, skipped, undo: null }, image: null };
      const image = await deleteWithImage(
        t,
        spec,
        going.map((p) => p.id),
      );
      const ticket = await deleted.record(t, {
        actor,
        deviceId,
        count: going.length,
        ...(going.length === 1 && { label: going[0]!.name }),
        before: { ...image, deviceId },
      });
      return { result: { count: going.length, skipped, undo: ticket }, image };
    });
    if (image) {
      changed(deviceId);
      await afterDelete?.(image);
    }
    return result;
  }

  /** Deletes every row the selection names; its undo ticket. */
  async function remove(
    actor: Actor,
    deviceId: number,
    selection: S | { ids: number[] },
  ): Promise<UndoTicket> {
    return (await removeSome(actor, deviceId, selection)).undo!;
  }

  return {
    remove,
    removeSome,
    removeOne: (actor: Actor, deviceId: number, id: number) => remove(actor, deviceId, { ids: [id] }),
  };
}
