import { defineModule, type Core } from '../../core/module.js';
import { SESSION_ENDED } from '../../bus/channels.js';
import { createDeviceApiRepo } from './repo.js';
import { deviceApiRoutes } from './routes.js';
import { createDeviceApiService } from './service.js';

function build({ db, clock, log, bus, kioskParts, use }: Core) {
  const { chat } = use('chat');
  const deviceApi = createDeviceApiService({
    repo: createDeviceApiRepo(db),
    answers: use('assistant').chain,
    topics: use('ai').answerData.topics,
    kioskParts,
    clock,
    log,
    // The staff chats linked to a visitor session end with it.
    sessionEnded: (device, sessionId) => chat.visitorSessionEnded(device, sessionId),
    announceSessionEnded: (sessionId) => bus.publish(SESSION_ENDED, { sessionId }),
  });
  bus.subscribe(SESSION_ENDED, ({ sessionId }) => deviceApi.forgetSession(sessionId));
  return { deviceApi };
}

declare module '../../core/module.js' {
  interface Modules {
    'device-api': ReturnType<typeof build>;
  }
}

/** What a kiosk or chatbot calls: its configuration, visitor sessions, questions and ratings. */
export const deviceApiModule = defineModule({
  name: 'device-api',
  build,
  device: (scope, { deviceApi }) => deviceApiRoutes(scope, { deviceApi }),
  close: ({ deviceApi }) => deviceApi.close(),
});
