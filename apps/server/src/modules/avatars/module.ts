import { defineModule, type Core } from '../../core/module.js';
import { synthesize } from '../ai/index.js';
import { createFaceDetector } from './face/detector.js';
import { avatarPlayerRoutes } from './player-routes.js';
import { avatarMediaReferences, createAvatarsRepo } from './repo.js';
import { avatarDeviceRoutes, avatarRoutes } from './routes.js';
import { createAvatarsService } from './service.js';

function build({ db, media, jobs, notifier, clock }: Core) {
  // Portraits checked by the face model, produced by the `avatar-produce` job.
  const faceDetector = createFaceDetector();
  const avatars = createAvatarsService({
    repo: createAvatarsRepo(db),
    media,
    jobs,
    detector: faceDetector,
    notifier,
    clock,
    speak: synthesize,
  });
  avatars.registerJobs();
  return { avatars, faceDetector };
}

declare module '../../core/module.js' {
  interface Modules {
    avatars: ReturnType<typeof build>;
  }
}

/** Virtual avatars: made from a portrait, shown by the kiosk's avatar player, speaking the answers. */
export const avatarsModule = defineModule({
  name: 'avatars',
  build,
  admin: (scope, { avatars }, { use }) => {
    const { topics } = use('ai');
    avatarRoutes(scope, {
      avatars,
      topicMotion: async (deviceId, intentId) => (await topics.motion(deviceId, intentId)).motion,
    });
  },
  device: (scope, { avatars }) => avatarDeviceRoutes(scope, { avatars }),
  // The avatar player (built with the kiosk app): its calls, then its page and motion files.
  root: (app, { avatars }) => avatarPlayerRoutes(app, { avatars }),
  tasks: ({ avatars }) => [{ name: 'delete expired avatar player tokens', run: avatars.pruneTokens }],
  mediaReferences: [avatarMediaReferences],
  kiosk: ({ avatars }) => [{ key: 'avatar', read: (deviceId) => avatars.kioskAvatar(deviceId) }],
  close: ({ faceDetector }) => faceDetector.close(),
});
