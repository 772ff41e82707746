import { defineModule, type Core } from '../../core/module.js';
import type { AnswerKind } from '@ambassador/contracts';
import { SESSION_ENDED } from '../../bus/channels.js';
import { createListeners } from '../../lib/listeners.js';
import { createDeviceApiRepo } from './repo.js';
import { deviceApiRoutes } from './routes.js';
import { createDeviceApiService } from './service.js';

function build({ db, clock, log, bus, jobs, kioskParts, use }: Core) {
  const { chat } = use('chat');
  const asked = createListeners<AnswerKind>((err) =>
    log.error({ err }, 'acting on an answered question failed'),
  );
  const deviceApi = createDeviceApiService({
    repo: createDeviceApiRepo(db),
    answers: use('assistant').chain,
    topics: use('ai').kioskSettings,
    kioskParts,
    clock,
    log,
    jobs,
    // The staff chats linked to a visitor session end with it.
    sessionEnded: (device, sessionId) => chat.visitorSessionEnded(device, sessionId),
    announceSessionEnded: (sessionId) => bus.publish(SESSION_ENDED, { sessionId }),
    onAsked: asked.emit,
  });
  bus.subscribe(SESSION_ENDED, ({ sessionId }) => deviceApi.forgetSession(sessionId));
  /** Someone to tell how each question a device asked was answered (its answer's kind). */
  return { deviceApi, onAsked: asked.add };
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
