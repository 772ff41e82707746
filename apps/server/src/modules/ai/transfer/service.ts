import { TRANSFER_UNDO_HOURS, type Transfer } from '@ambassador/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { AuthContext } from '../../auth/index.js';
import type { AiBundle, TransferRepo } from './repo.js';
import type { AiChangeListener } from '../changes.js';

type TransferRow = Awaited<ReturnType<TransferRepo['list']>>[number];

const toTransfer = (r: TransferRow): Transfer => ({
  id: r.id,
  source_id: r.sourceDeviceId,
  source_description: r.sourceDescription,
  dest_id: r.destDeviceId,
  dest_description: r.destDescription,
  created_at: r.createdAt.toISOString(),
  expires_at: r.expiresAt.toISOString(),
  restored_at: r.restoredAt?.toISOString() ?? null,
  created_by: r.createdBy,
});

const summary = (b: AiBundle) =>
  `${b.categories.length} categories, ${b.topics.length} topics, ${b.keywords.length} keywords, ` +
  `${b.responses.length} responses and ${b.entities.length} aliases`;

/**
 * Transfer A.I. Data: the destination's AI data becomes a copy of the source's, in one
 * transaction, after a snapshot of what the destination had, which can be restored for a while.
 */
export function createTransferService({
  db,
  repo,
  clock,
  listener,
}: {
  db: Db;
  repo: TransferRepo;
  clock: Clock;
  listener: AiChangeListener;
}) {
  async function mustDevice(actor: AuthContext, id: number) {
    const device = await repo.device(actor.projectId, id);
    if (!device) throw forbidden('This device is not in your project.');
    return device;
  }

  async function findTransfer(actor: AuthContext, id: number) {
    const [row] = await repo.list(actor.projectId, { id });
    if (!row) throw notFound('Transfer not found.');
    return toTransfer(row);
  }

  return {
    async copy(actor: AuthContext, sourceId: number, destId: number) {
      if (sourceId === destId)
        throw badRequest('Choose a destination other than the source device.', 'same_device');
      const source = await mustDevice(actor, sourceId);
      const dest = await mustDevice(actor, destId);
      const now = clock.now();
      const { transferId, copied } = await db.transaction(async (tx) => {
        await repo.lockDevice(tx, destId);
        const snapshot = await repo.bundle(destId, tx);
        const copied = await repo.bundle(sourceId, tx);
        const row = await repo.insertTransfer(tx, {
          projectId: actor.projectId,
          sourceDeviceId: source.id,
          sourceDescription: source.description,
          destDeviceId: dest.id,
          snapshot,
          createdBy: actor.username,
          createdAt: now,
          expiresAt: new Date(now.getTime() + TRANSFER_UNDO_HOURS * 3_600_000),
        });
        await repo.replace(tx, destId, copied, now);
        return { transferId: row.id, copied };
      });
      listener.changed(destId);
      return {
        transfer: await findTransfer(actor, transferId),
        message: `Transferred ${summary(copied)} from ${source.description} to ${dest.description}.`,
      };
    },

    async list(actor: AuthContext, deviceId?: number) {
      return (await repo.list(actor.projectId, { deviceId })).map(toTransfer);
    },

    /** Restores the destination as it was before the transfer. Only the newest transfer into it. */
    async undo(actor: AuthContext, id: number) {
      const now = clock.now();
      const destId = await db.transaction(async (tx) => {
        const row = await repo.transfer(actor.projectId, id, tx);
        if (!row) throw notFound('Transfer not found.');
        await repo.lockDevice(tx, row.destDeviceId);
        if (row.restoredAt) throw conflict('This transfer has already been undone.', 'transfer_restored');
        if (row.expiresAt <= now) {
          throw conflict('This transfer is too old to undo.', 'transfer_expired');
        }
        const latest = await repo.latestInto(tx, row.destDeviceId);
        if (latest?.id !== row.id) {
          throw conflict(
            'A newer transfer replaced this device’s data since. Undo that one first.',
            'transfer_superseded',
          );
        }
        await repo.replace(tx, row.destDeviceId, row.snapshot as AiBundle, now);
        await repo.markRestored(tx, row.id, now);
        return row.destDeviceId;
      });
      listener.changed(destId);
      return findTransfer(actor, id);
    },

    prune: () => repo.pruneExpired(clock.now()),
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
