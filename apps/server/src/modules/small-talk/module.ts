import { defineModule, type Core } from '../../core/module.js';
import { DEVICE_CHANGED, SMALL_TALK_CHANGED } from '../../bus/channels.js';
import { createSmallTalkRepo } from './repo.js';
import { smallTalkRoutes } from './routes.js';
import { createSmallTalkService } from './service.js';
import { smallTalkSteps } from './steps.js';

function build({ db, clock, vectors, bus }: Core) {
  const smallTalk = createSmallTalkService({
    repo: createSmallTalkRepo(db),
    clock,
    vectors,
    onChanged: (deviceId) => bus.publish(SMALL_TALK_CHANGED, { deviceId }),
  });
  // Every instance forgets a device's small talk when it changes, and when the device changes or goes.
  for (const channel of [SMALL_TALK_CHANGED, DEVICE_CHANGED]) {
    bus.subscribe(channel, ({ deviceId }) => smallTalk.forget(deviceId));
  }
  return {
    smallTalk,
    /** Its answering steps: the topic filter (first) and small talk (last). */
    steps: smallTalkSteps(
      (deviceId, language) => smallTalk.answering(deviceId, language),
      (text) => vectors.query(text),
    ),
  };
}

declare module '../../core/module.js' {
  interface Modules {
    'small-talk': ReturnType<typeof build>;
  }
}

/** Small talk entries and the topic filter. */
export const smallTalkModule = defineModule({
  name: 'small-talk',
  build,
  admin: (scope, { smallTalk }, { use }) =>
    smallTalkRoutes(scope, { smallTalk, devices: use('devices').devices }),
});
