/** What other parts of the server may use of virtual avatars; everything else is its own. */
export { avatarMediaReferences, createAvatarsRepo } from './repo.js';
export { avatarDeviceRoutes, avatarRoutes } from './routes.js';
export { avatarPlayerRoutes } from './player-routes.js';
export { AVATAR_PRODUCE_JOB, createAvatarsService, type AvatarsService } from './service.js';
export { createFaceDetector, type FaceDetector } from './face/detector.js';
export { avatarsModule } from './module.js';
