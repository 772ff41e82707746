import { SOCKET } from '@ambassador/contracts';
import { defineModule, type Core } from '../../core/module.js';
import { createPushRepo, pushMediaReferences } from './repo.js';
import { pushRoutes } from './routes.js';
import { createPushService } from './service.js';

function build({ db, notifier, hooks, clock }: Core) {
  const push = createPushService({ repo: createPushRepo(db), notifier, clock });
  // A kiosk confirms a push is on screen; a kiosk that (re)connects gets what it missed.
  hooks.onDeviceMessage(SOCKET.pushAck, (device, payload) => push.ack(device, payload));
  hooks.onDeviceConnect((device) => push.deviceConnected(device));
  return { push };
}

declare module '../../core/module.js' {
  interface Modules {
    push: ReturnType<typeof build>;
  }
}

/** Push messages: announcements shown over every screen of a kiosk. */
export const pushModule = defineModule({
  name: 'push',
  build,
  admin: (scope, { push }, { media }) => pushRoutes(scope, { push, media }),
  mediaReferences: [pushMediaReferences],
});
