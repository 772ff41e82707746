import {
  ZCopyDeviceRequest,
  ZTransfer,
  ZTransfersQuery,
  ZTransfersResponse,
  ZUndoTransferRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { validate } from '../../../lib/validate.js';
import { authOf, deviceIdOf } from '../../../plugins/guard.js';
import { AI_PAGE } from '../access.js';
import type { TransferService } from './service.js';

/** POST /setup/copy_device (SPEC §7 Copy), its history, and undo. */
export function transferRoutes(app: FastifyInstance, { transfer }: { transfer: TransferService }) {
  // The guard checks both devices of a copy, as it checks device_id.
  app.post(
    '/setup/copy_device',
    { config: { ...AI_PAGE, priority: 'low', devices: { fields: ['source_id', 'dest_id'] } } },
    async (req) => {
      const b = validate(ZCopyDeviceRequest, req.body);
      const { transfer: row, message } = await transfer.copy(authOf(req), b.source_id, b.dest_id);
      return ok(ZTransfer, row, { message });
    },
  );
  app.get('/setup/copy_device', { config: AI_PAGE }, async (req) => {
    validate(ZTransfersQuery, req.query);
    return ok(ZTransfersResponse, await transfer.list(authOf(req), deviceIdOf(req)));
  });
  app.post('/setup/copy_device/undo', { config: AI_PAGE }, async (req) => {
    const b = validate(ZUndoTransferRequest, req.body);
    return ok(ZTransfer, await transfer.undo(authOf(req), b.id), {
      message: 'Transfer undone: the device has its previous A.I. data again.',
    });
  });
}
