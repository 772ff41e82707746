import {
  ZCopyDeviceRequest,
  ZOk,
  ZTransferDone,
  ZTransfersQuery,
  ZTransfersResponse,
  ZUndoTransferRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../../lib/contract.js';
import { authOf, deviceIdOf } from '../../../plugins/guard.js';
import { AI_PAGE, AI_TAGS } from '../access.js';
import type { MatcherStatusService } from '../answering/matcher-status.js';
import type { TransferService } from './service.js';

const tags = AI_TAGS;

/** Transfer A.I. data: copy one device's topics onto another, its history, and undo. */
export function transferRoutes(
  parent: FastifyInstance,
  { transfer, matcherStatus }: { transfer: TransferService; matcherStatus: MatcherStatusService },
) {
  const app = contractApp(parent);
  // The guard checks both devices of a copy, as it checks device_id.
  app.post(
    '/setup/copy_device',
    {
      config: { ...AI_PAGE, priority: 'low', devices: { fields: ['source_id', 'dest_id'] } },
      schema: {
        tags,
        summary: 'Copy one device’s A.I. data onto another',
        description:
          'The destination’s topics, keywords and responses are replaced; a snapshot is kept so the copy can be undone. ' +
          '`matcher` is the destination’s matcher, `training` while it learns the new topics (the previous model answers meanwhile).',
        body: ZCopyDeviceRequest,
        response: { 200: ZOk(ZTransferDone) },
      },
    },
    async (req) => {
      const { transfer: row, message } = await transfer.copy(
        authOf(req),
        req.body.source_id,
        req.body.dest_id,
      );
      return ok({ ...row, matcher: matcherStatus.status(row.dest_id) }, { message });
    },
  );
  app.get(
    '/setup/copy_device',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Transfers onto a device, newest first',
        querystring: ZTransfersQuery,
        response: { 200: ZOk(ZTransfersResponse) },
      },
    },
    async (req) => ok(await transfer.list(authOf(req), deviceIdOf(req))),
  );
  app.post(
    '/setup/copy_device/undo',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Undo a transfer: the device gets its previous A.I. data back',
        description:
          '409 `transfer_expired` once the snapshot is gone, `transfer_restored` when already undone. ' +
          '`matcher` as for the copy.',
        body: ZUndoTransferRequest,
        response: { 200: ZOk(ZTransferDone) },
      },
    },
    async (req) => {
      const row = await transfer.undo(authOf(req), req.body.id);
      return ok(
        { ...row, matcher: matcherStatus.status(row.dest_id) },
        { message: 'Transfer undone: the device has its previous A.I. data again.' },
      );
    },
  );
}
