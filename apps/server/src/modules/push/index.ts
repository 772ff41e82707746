/** What other parts of the server may use of the push module; everything else is its own. */
export { createPushRepo, pushMediaReferences } from './repo.js';
export { pushRoutes } from './routes.js';
export { createPushService } from './service.js';
export { pushModule } from './module.js';
