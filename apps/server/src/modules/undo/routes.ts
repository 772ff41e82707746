import { ZOk, ZUndoRequest, ZUndoResult } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf } from '../../plugins/guard.js';
import type { UndoLog } from './service.js';

export function undoRoutes(parent: FastifyInstance, { undo }: { undo: UndoLog }) {
  const app = contractApp(parent);
  app.post(
    '/undo',
    {
      // The page of the change is checked by the service: the one its area registered.
      config: { access: {} },
      schema: {
        tags: ['Undo'],
        summary: 'Undo a delete or a bulk change',
        description:
          'Deletes and bulk changes answer with an `undo` ticket; this puts what they changed back as it was, ' +
          `all of it in one transaction. 409 \`undo_done\` when already undone, \`undo_expired\` once its time has passed, ` +
          '`undo_conflict` when what it changed was changed again since (a record of the same name added meanwhile).',
        body: ZUndoRequest,
        response: { 200: ZOk(ZUndoResult) },
      },
    },
    async (req) => ok(await undo.undo(authOf(req), req.body.id), { message: 'Change undone.' }),
  );
}
