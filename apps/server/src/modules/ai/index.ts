/**
 * The A.I. module's public face: what the composition root, the other modules and the demo seeder
 * use. Everything else in this folder is its own business.
 */
export { createAnswerService, type AnswerService } from './console-service.js';
export { createMatcherSource } from './matcher-source.js';
export { synthesize } from './speech.js';
export { fold } from './fold.js';
export { createTopicsRepo, type TopicsRepo } from './topics-repo.js';
export { createTopicsService, type AiChangeListener, type TopicsService } from './topics-service.js';
export { createResponsesRepo } from './responses-repo.js';
export { createResponsesService } from './responses-service.js';
export { createEntitiesRepo } from './entities-repo.js';
export { createEntitiesService } from './entities-service.js';
export { createTransferRepo } from './transfer-repo.js';
export { createTransferService } from './transfer-service.js';
export { createExchangeService } from './exchange-service.js';
export { aiRoutes } from './routes.js';
export { exchangeRoutes } from './exchange-routes.js';
export { transferRoutes } from './transfer-routes.js';
