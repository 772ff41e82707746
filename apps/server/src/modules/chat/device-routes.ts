import {
  ZChatMessage,
  ZChatRatingRequest,
  ZChatSessionParams,
  ZDeviceChat,
  ZDeviceChatSendRequest,
  ZOk,
  ZStartChatRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { deviceOf } from '../../plugins/device-auth.js';
import type { ChatService } from './service.js';

const tags = ['Device API'];

/**
 * `/device_api/v1/chats`: a kiosk's own chats with the operators. Registered inside the device
 * API plugin, so the device's bearer key is already checked; another device's chat is a 404.
 */
export function chatDeviceRoutes(parent: FastifyInstance, { chat }: { chat: ChatService }) {
  const app = contractApp(parent);
  app.post(
    '/chats',
    {
      schema: {
        tags,
        summary: 'Open a chat with the operators',
        body: ZStartChatRequest,
        response: { 200: ZOk(ZDeviceChat) },
      },
    },
    async (req) => ok(await chat.start(deviceOf(req), req.body)),
  );

  app.get(
    '/chats/:session_id',
    {
      schema: {
        tags,
        summary: 'A chat of this device',
        params: ZChatSessionParams,
        response: { 200: ZOk(ZDeviceChat) },
      },
    },
    async (req) => ok(await chat.chat(deviceOf(req), req.params.session_id)),
  );

  app.post(
    '/chats/:session_id/messages',
    {
      schema: {
        tags,
        summary: 'The visitor writes',
        params: ZChatSessionParams,
        body: ZDeviceChatSendRequest,
        response: { 200: ZOk(ZChatMessage) },
      },
    },
    async (req) => ok(await chat.visitorSend(deviceOf(req), req.params.session_id, req.body)),
  );

  app.post(
    '/chats/:session_id/end',
    {
      schema: {
        tags,
        summary: 'The visitor leaves the chat',
        params: ZChatSessionParams,
        response: { 200: ZOk(ZDeviceChat) },
      },
    },
    async (req) => ok(await chat.end(deviceOf(req), req.params.session_id)),
  );

  app.post(
    '/chats/:session_id/rating',
    {
      schema: {
        tags,
        summary: 'The visitor says how satisfied they were (1–5), once the chat ended',
        description:
          'One answer per chat: a second is a 409 `chat_rated` and the first stays; ' +
          'a chat still open is a 409 `chat_open`.',
        params: ZChatSessionParams,
        body: ZChatRatingRequest,
        response: { 200: ZOk(ZDeviceChat) },
      },
    },
    async (req) => ok(await chat.rate(deviceOf(req), req.params.session_id, req.body.rating)),
  );
}
