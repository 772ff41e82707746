import {
  ZBookmarkRequest,
  ZConversation,
  ZConversationCategoriesQuery,
  ZConversationCategoriesResponse,
  ZConversationsExportQuery,
  ZConversationsQuery,
  ZConversationsResponse,
  ZConversationSessionQuery,
  ZFallbackGroupsQuery,
  ZFallbackGroupsResponse,
  ZTopicFromGroupRequest,
  ZTopicFromGroupResponse,
  ZOk,
  ZTrainConversationRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, file, ok } from '../../lib/contract.js';
import { attachment, XLSX_TYPE } from '../../lib/downloads.js';
import { authOf } from '../../plugins/guard.js';
import type { ConversationsService } from './service.js';

const review = { access: { page: '/conversation' } } as const;
/** Searches and exports over the whole log: the first to wait when the server is busy. */
const heavy = { ...review, priority: 'low' } as const;
const tags = ['Conversations'];

/** Conversation review: the log, its categories, bookmarks, training a question onto a topic. */
export function conversationsRoutes(
  parent: FastifyInstance,
  { conversations }: { conversations: ConversationsService },
) {
  const app = contractApp(parent);
  app.get(
    '/conversation',
    {
      config: heavy,
      schema: {
        tags,
        summary: 'Search the conversation log',
        querystring: ZConversationsQuery,
        response: { 200: ZOk(ZConversationsResponse) },
      },
    },
    async (req) => {
      const { conversations: rows, total } = await conversations.list(authOf(req), req.query);
      return ok(rows, { total });
    },
  );

  app.put(
    '/conversation',
    {
      config: review,
      schema: {
        tags,
        summary: 'Bookmark a conversation, or remove its bookmark',
        body: ZBookmarkRequest,
        response: { 200: ZOk(ZConversation) },
      },
    },
    async (req) =>
      ok(await conversations.bookmark(authOf(req), req.body.id, req.body.bookmarked), {
        message: req.body.bookmarked ? 'Bookmarked.' : 'Bookmark removed.',
      }),
  );

  app.get(
    '/conversation/session',
    {
      config: review,
      schema: {
        tags,
        summary: 'The questions of the visitor session a conversation was asked in',
        description:
          'Oldest first, the conversation itself included (alone when it has no session); at most 200.',
        querystring: ZConversationSessionQuery,
        response: { 200: ZOk(ZConversationsResponse) },
      },
    },
    async (req) => ok(await conversations.session(authOf(req), req.query.id)),
  );

  app.get(
    '/conversation/categories',
    {
      config: heavy,
      schema: {
        tags,
        summary: 'The topic categories the conversations of some devices fell into',
        querystring: ZConversationCategoriesQuery,
        response: { 200: ZOk(ZConversationCategoriesResponse) },
      },
    },
    async (req) => ok(await conversations.categories(authOf(req), req.query.device_ids)),
  );

  app.post(
    '/conversation/train',
    {
      config: review,
      schema: {
        tags,
        summary: 'Teach a question to a topic',
        description: 'The question becomes a trained phrase of the topic and matches it from now on.',
        body: ZTrainConversationRequest,
        response: { 200: ZOk(ZConversation) },
      },
    },
    async (req) =>
      ok(await conversations.train(authOf(req), req.body.id, req.body.intent_id), {
        message: 'Trained: this question now matches the topic.',
      }),
  );

  app.get(
    '/conversation/fallback_groups',
    {
      config: heavy,
      schema: {
        tags,
        summary: 'What visitors asked that nothing answered, grouped by meaning',
        description:
          'Fallbacks of the range not trained since, per device, grouped by the sentence encoder (by wording alone when lexical only: `by`), the most asked group first.',
        querystring: ZFallbackGroupsQuery,
        response: { 200: ZOk(ZFallbackGroupsResponse) },
      },
    },
    async (req) => ok(await conversations.fallbackGroups(authOf(req), req.query)),
  );

  app.post(
    '/conversation/fallback_groups/topic',
    {
      // It creates a question topic: AI Configuration's right, not only Conversation Review's.
      config: { access: { page: '/ai' } },
      schema: {
        tags,
        summary: 'Create a question topic from a group of fallbacks',
        description:
          'The topic is taught the chosen questions in their languages; fallbacks asked in those words count as trained into it. Its answer is written on the topic page.',
        body: ZTopicFromGroupRequest,
        response: { 200: ZOk(ZTopicFromGroupResponse) },
      },
    },
    async (req) =>
      ok(await conversations.topicFromGroup(req.body), { message: 'Topic created from the group.' }),
  );

  app.get(
    '/conversation/download',
    {
      config: heavy,
      schema: {
        tags,
        summary: 'Export the conversations found as a workbook',
        querystring: ZConversationsExportQuery,
        response: { 200: file('The conversations as .xlsx, streamed', XLSX_TYPE) },
      },
    },
    async (req, reply) => {
      const exported = await conversations.export(authOf(req), req.query);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(exported.filename))
        .header('cache-control', 'no-store')
        .send(exported.stream);
    },
  );
}
