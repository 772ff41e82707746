import {
  ZChatAvailability,
  ZChatOperatorsResponse,
  ZChatTagsQuery,
  ZChatTagsResponse,
  ZOk,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf, pinned } from '../../plugins/guard.js';
import type { ChatService } from './service.js';

const chatPage = { access: { page: '/chat' } } as const;
const tags = ['Live chat'];

/** Live chat as a team: the list's labels, who can take a chat, and my Available / Away. */
export function chatTeamRoutes(parent: FastifyInstance, { chat }: { chat: ChatService }) {
  const app = contractApp(parent);
  app.get(
    '/chat/tags',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'The tags in use on the device’s chats (the list’s label filter)',
        querystring: ZChatTagsQuery,
        response: { 200: ZOk(ZChatTagsResponse) },
      },
    },
    async (req) => ok(await chat.tags(authOf(req), pinned(req, req.query).device_id)),
  );

  app.get(
    '/chat/operators',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'The project’s operators a chat can be assigned to',
        description: 'Users of the caller’s project whose role and pages let them open Live Chat.',
        response: { 200: ZOk(ZChatOperatorsResponse) },
      },
    },
    async (req) => ok(await chat.operators(authOf(req))),
  );

  app.get(
    '/chat/availability',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Whether I am Available or Away on Live Chat',
        response: { 200: ZOk(ZChatAvailability) },
      },
    },
    async (req) => ok(await chat.availability(authOf(req))),
  );

  app.put(
    '/chat/availability',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Set myself Available or Away on Live Chat',
        description:
          'Kept per user. When no operator of the project is Available, the kiosks tell visitors ' +
          'asking for staff that staff are away (they can still leave a message).',
        body: ZChatAvailability,
        response: { 200: ZOk(ZChatAvailability) },
      },
    },
    async (req) =>
      ok(await chat.setAvailability(authOf(req), req.body.available), { message: 'Availability saved.' }),
  );
}
