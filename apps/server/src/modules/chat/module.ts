import { defineModule, type Core } from '../../core/module.js';
import { createCannedRepo } from './canned-repo.js';
import { cannedRoutes } from './canned-routes.js';
import { createCannedService, type CannedService } from './canned-service.js';
import { chatDeviceRoutes } from './device-routes.js';
import { createChatRepo } from './repo.js';
import { chatRoutes } from './routes.js';
import { chatTeamRoutes } from './team-routes.js';
import { createChatService, type ChatService } from './service.js';

const build = ({ db, notifier, clock, use }: Core): { chat: ChatService; canned: CannedService } => {
  const { directory } = use('directory');
  return {
    chat: createChatService({
      repo: createChatRepo(db),
      notifier,
      clock,
      // A visitor's chat asked for from a directory unit is tagged with it.
      unitTag: (deviceId, unitId, language) => directory.chatTag(deviceId, unitId, language),
    }),
    canned: createCannedService({ repo: createCannedRepo(db) }),
  };
};

declare module '../../core/module.js' {
  interface Modules {
    chat: ReturnType<typeof build>;
  }
}

/** Live chat between visitors and operators. */
export const chatModule = defineModule({
  name: 'chat',
  build,
  admin: (scope, { chat, canned }) => {
    chatRoutes(scope, { chat });
    chatTeamRoutes(scope, { chat });
    cannedRoutes(scope, { canned });
  },
  device: (scope, { chat }) => chatDeviceRoutes(scope, { chat }),
  // Chats whose visitor went silent (CHAT_IDLE_MS) end close to it.
  tasks: ({ chat }) => [{ name: 'end idle chats', run: chat.endIdle, everyMs: 300_000 }],
});
