import {
  ZBookmarkRequest,
  ZConversation,
  ZConversationCategoriesQuery,
  ZConversationCategoriesResponse,
  ZConversationsExportQuery,
  ZConversationsQuery,
  ZConversationsResponse,
  ZTrainConversationRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment, XLSX_TYPE } from '../../lib/downloads.js';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { authOf } from '../../plugins/guard.js';
import type { ConversationsService } from './service.js';

const review = { access: { page: '/conversation' } } as const;
/** Searches and exports over the whole log: the first to wait when the server is busy. */
const heavy = { ...review, priority: 'low' } as const;

/** Conversation review (SPEC §7 Conversations, Conversation categories, Train). */
export function conversationsRoutes(
  app: FastifyInstance,
  { conversations }: { conversations: ConversationsService },
) {
  app.get('/conversation', { config: heavy }, async (req) => {
    const q = validate(ZConversationsQuery, req.query);
    const { conversations: rows, total } = await conversations.list(authOf(req), q);
    return ok(ZConversationsResponse, rows, { total });
  });

  app.put('/conversation', { config: review }, async (req) => {
    const b = validate(ZBookmarkRequest, req.body);
    return ok(ZConversation, await conversations.bookmark(authOf(req), b.id, b.bookmarked), {
      message: b.bookmarked ? 'Bookmarked.' : 'Bookmark removed.',
    });
  });

  app.get('/conversation/categories', { config: heavy }, async (req) => {
    const q = validate(ZConversationCategoriesQuery, req.query);
    return ok(ZConversationCategoriesResponse, await conversations.categories(authOf(req), q.device_ids));
  });

  app.post('/conversation/train', { config: review }, async (req) => {
    const b = validate(ZTrainConversationRequest, req.body);
    return ok(ZConversation, await conversations.train(authOf(req), b.id, b.intent_id), {
      message: 'Trained: this question now matches the topic.',
    });
  });

  app.get('/conversation/download', { config: heavy }, async (req, reply) => {
    const q = validate(ZConversationsExportQuery, req.query);
    const file = await conversations.export(authOf(req), q);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
}
