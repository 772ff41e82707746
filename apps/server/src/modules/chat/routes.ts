import {
  ZAssignChatRequest,
  ZChatEndUser,
  ZChatEndUsersQuery,
  ZChatEndUsersResponse,
  ZChatHistoryResponse,
  ZChatMessage,
  ZChatSendRequest,
  ZChatSessionParams,
  ZChatWaitingResponse,
  ZOk,
  ZUpdateChatEndUserRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf, pinned } from '../../plugins/guard.js';
import type { ChatService } from './service.js';

const chatPage = { access: { page: '/chat' } } as const;
const tags = ['Live chat'];

/** Live chat for operators. Thin: the contract checks, the service acts. */
export function chatRoutes(parent: FastifyInstance, { chat }: { chat: ChatService }) {
  const app = contractApp(parent);
  app.get(
    '/chat/endusers',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'The device’s chats, with unread counts, newest first',
        querystring: ZChatEndUsersQuery,
        response: { 200: ZOk(ZChatEndUsersResponse) },
      },
    },
    async (req) => {
      const { endUsers, total } = await chat.endUsers(authOf(req), pinned(req, req.query));
      return ok(endUsers, { total });
    },
  );

  app.get(
    '/chat/waiting',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Chats waiting for staff, per device of the project',
        description:
          'Every device of the project in use, whichever is selected: open chats no operator has ' +
          'seen yet or with unread visitor messages. Devices with none are left out.',
        response: { 200: ZOk(ZChatWaitingResponse) },
      },
    },
    async (req) => {
      const devices = await chat.waiting(authOf(req));
      return ok(devices, { total: devices.reduce((sum, d) => sum + d.chats, 0) });
    },
  );

  app.get(
    '/chat/endusers/:session_id',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'One chat’s visitor',
        params: ZChatSessionParams,
        response: { 200: ZOk(ZChatEndUser) },
      },
    },
    async (req) => ok(await chat.endUser(authOf(req), req.params.session_id)),
  );

  app.put(
    '/chat/endusers/:session_id',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Save what the operator knows of the visitor',
        params: ZChatSessionParams,
        body: ZUpdateChatEndUserRequest,
        response: { 200: ZOk(ZChatEndUser) },
      },
    },
    async (req) =>
      ok(await chat.updateEndUser(authOf(req), req.params.session_id, req.body), {
        message: 'Visitor details saved.',
      }),
  );

  app.put(
    '/chat/endusers/:session_id/assignee',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Assign the chat to an operator of the project, or unassign it (null)',
        description:
          'The user must be one of the project’s who may open Live Chat (GET /chat/operators); ' +
          'any other id is a 400 `unknown_operator` and nothing changes.',
        params: ZChatSessionParams,
        body: ZAssignChatRequest,
        response: { 200: ZOk(ZChatEndUser) },
      },
    },
    async (req) =>
      ok(await chat.assign(authOf(req), req.params.session_id, req.body.user_id), {
        message: 'Chat assignment saved.',
      }),
  );

  app.post(
    '/chat/endusers/:session_id/end',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'End the chat (the kiosk asks the visitor how satisfied they were)',
        description:
          'A chat that has ended already (the visitor left, or it went idle) is a 409 `chat_ended`.',
        params: ZChatSessionParams,
        response: { 200: ZOk(ZChatEndUser) },
      },
    },
    async (req) => ok(await chat.operatorEnd(authOf(req), req.params.session_id), { message: 'Chat ended.' }),
  );

  app.get(
    '/chat/history/:session_id',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'A chat’s messages, oldest first (marks them read)',
        params: ZChatSessionParams,
        response: { 200: ZOk(ZChatHistoryResponse) },
      },
    },
    async (req) => ok(await chat.history(authOf(req), req.params.session_id)),
  );

  app.post(
    '/chat/send',
    {
      config: chatPage,
      schema: {
        tags,
        summary: 'Write to the visitor',
        description: 'A retry with the same `client_id` is stored once; a visitor who left is a 409.',
        body: ZChatSendRequest,
        response: { 200: ZOk(ZChatMessage) },
      },
    },
    async (req) => ok(await chat.operatorSend(authOf(req), req.body), { message: 'Message sent.' }),
  );
}
