import {
  ZCannedRepliesResponse,
  ZCannedReply,
  ZCannedReplyParams,
  ZCannedReplyRequest,
  ZOk,
  ZOkEmpty,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf } from '../../plugins/guard.js';
import type { CannedService } from './canned-service.js';

const chatPage = { access: { page: '/chat' } } as const;
const tags = ['Live chat'];

/** The project's saved replies: listed for the reply box, managed on Live Chat. */
export function cannedRoutes(parent: FastifyInstance, { canned }: { canned: CannedService }) {
  const app = contractApp(parent);
  app.get(
    '/chat/canned_replies',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'The project’s saved replies, by code',
        response: { 200: ZOk(ZCannedRepliesResponse) },
      },
    },
    async (req) => ok(await canned.list(authOf(req))),
  );
  app.post(
    '/chat/canned_replies',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Save a reply under a code',
        description: 'A code already used in the project (in any case) is a 409 `canned_code_taken`.',
        body: ZCannedReplyRequest,
        response: { 200: ZOk(ZCannedReply) },
      },
    },
    async (req) => ok(await canned.create(authOf(req), req.body), { message: 'Saved reply added.' }),
  );
  app.put(
    '/chat/canned_replies/:id',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Change a saved reply',
        params: ZCannedReplyParams,
        body: ZCannedReplyRequest,
        response: { 200: ZOk(ZCannedReply) },
      },
    },
    async (req) =>
      ok(await canned.update(authOf(req), req.params.id, req.body), { message: 'Saved reply updated.' }),
  );
  app.delete(
    '/chat/canned_replies/:id',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Delete a saved reply',
        params: ZCannedReplyParams,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await canned.remove(authOf(req), req.params.id);
      return ok(null, { message: 'Saved reply deleted.' });
    },
  );
}
