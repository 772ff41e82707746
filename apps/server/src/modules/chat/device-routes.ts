import {
  ZChatMessage,
  ZChatSessionParams,
  ZDeviceChat,
  ZDeviceChatSendRequest,
  ZStartChatRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { deviceOf } from '../../plugins/device-auth.js';
import type { ChatService } from './service.js';

/**
 * `/device_api/v1/chats`: a kiosk's own chats with the operators. Registered inside the device
 * API plugin, so the device's bearer key is already checked; another device's chat is a 404.
 */
export function chatDeviceRoutes(app: FastifyInstance, { chat }: { chat: ChatService }) {
  app.post('/chats', async (req) =>
    ok(ZDeviceChat, await chat.start(deviceOf(req), validate(ZStartChatRequest, req.body))),
  );

  app.get('/chats/:session_id', async (req) => {
    const { session_id } = validate(ZChatSessionParams, req.params);
    return ok(ZDeviceChat, await chat.chat(deviceOf(req), session_id));
  });

  app.post('/chats/:session_id/messages', async (req) => {
    const { session_id } = validate(ZChatSessionParams, req.params);
    const b = validate(ZDeviceChatSendRequest, req.body);
    return ok(ZChatMessage, await chat.visitorSend(deviceOf(req), session_id, b));
  });

  app.post('/chats/:session_id/end', async (req) => {
    const { session_id } = validate(ZChatSessionParams, req.params);
    return ok(ZDeviceChat, await chat.end(deviceOf(req), session_id));
  });
}
