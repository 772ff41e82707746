import {
  ZChatEndUser,
  ZChatEndUsersQuery,
  ZChatEndUsersResponse,
  ZChatHistoryResponse,
  ZChatMessage,
  ZChatSendRequest,
  ZChatSessionParams,
  ZUpdateChatEndUserRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { authOf, scoped } from '../../plugins/guard.js';
import type { ChatService } from './service.js';

const chatPage = { access: { page: '/chat' } } as const;

/** Live chat for operators (SPEC §7 Chat). Thin: parse, call the service, answer. */
export function chatRoutes(app: FastifyInstance, { chat }: { chat: ChatService }) {
  app.get('/chat/endusers', { config: chatPage }, async (req) => {
    const { endUsers, total } = await chat.endUsers(authOf(req), scoped(req, ZChatEndUsersQuery, req.query));
    return ok(ZChatEndUsersResponse, endUsers, { total });
  });

  app.get('/chat/endusers/:session_id', { config: chatPage }, async (req) => {
    const { session_id } = validate(ZChatSessionParams, req.params);
    return ok(ZChatEndUser, await chat.endUser(authOf(req), session_id));
  });

  app.put('/chat/endusers/:session_id', { config: chatPage }, async (req) => {
    const { session_id } = validate(ZChatSessionParams, req.params);
    const patch = validate(ZUpdateChatEndUserRequest, req.body);
    return ok(ZChatEndUser, await chat.updateEndUser(authOf(req), session_id, patch), {
      message: 'Visitor details saved.',
    });
  });

  app.get('/chat/history/:session_id', { config: chatPage }, async (req) => {
    const { session_id } = validate(ZChatSessionParams, req.params);
    return ok(ZChatHistoryResponse, await chat.history(authOf(req), session_id));
  });

  app.post('/chat/send', { config: chatPage }, async (req) => {
    const b = validate(ZChatSendRequest, req.body);
    return ok(ZChatMessage, await chat.operatorSend(authOf(req), b), { message: 'Message sent.' });
  });
}
