/** What other parts of the server may use of small talk; everything else is its own. */
export { createSmallTalkRepo } from './repo.js';
export { smallTalkRoutes } from './routes.js';
export { createSmallTalkService, type SmallTalkAnswering, type SmallTalkService } from './service.js';
export { smallTalkSteps } from './steps.js';
export { starterItems } from './starter.js';
export { smallTalkModule } from './module.js';
