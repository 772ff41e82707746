/**
 * The A.I. module's public face: what the composition root, other modules and the demo seeder
 * use. The sub-folders (topics, responses, aliases, answering, exchange, transfer) are private.
 */
export type { AiChangeListener } from './changes.js';
export { fold } from './fold.js';
export { aiRoutes } from './routes.js';
export type { TestConsole } from './answering/routes.js';
export { createTopicsRepo, type TopicsRepo } from './topics/repo.js';
export { createTopicsService, type TopicsService } from './topics/service.js';
export { createResponsesRepo, responseMediaReferences } from './responses/repo.js';
export { createResponsesService } from './responses/service.js';
export { createAliasesRepo } from './aliases/repo.js';
export { createAliasesService } from './aliases/service.js';
export { createAnswerService, type AnswerService } from './answering/answer-service.js';
export { topicsStep } from './answering/step.js';
export { createAnswerData, type AnswerData } from './answering/answer-data.js';
export { createMatcherSource } from './answering/matcher-source.js';
export { createConfidenceService, type ConfidenceService } from './answering/confidence.js';
export { createConfidenceRepo } from './answering/confidence-repo.js';
export { createMatcherStatusService, type MatcherStatusService } from './answering/matcher-status.js';
export { synthesize } from './answering/speech.js';
export { createExchangeService } from './exchange/service.js';
export { createTransferRepo, transferMediaReferences } from './transfer/repo.js';
export { createTransferService } from './transfer/service.js';
export { aiModule } from './module.js';
