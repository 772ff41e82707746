/** What other parts of the server may use of document scanning; everything else is its own. */
export { createMrcRepo, mrcMediaReferences } from './repo.js';
export { mrcRoutes } from './routes.js';
export { createMrcService, MRC_SCAN_JOB, type MrcService } from './service.js';
export { detectLanguage, extractDocument, toPassages } from './extract/index.js';
export {
  createGenerate,
  createIndexRegistry,
  createRetrievalRepo,
  createRetrievalService,
  DEFAULT_THRESHOLD,
  retrievalRoutes,
  type IndexRegistry,
  type RetrievalRepo,
  type RetrievalService,
} from './retrieval/index.js';
export type { DocumentAnswer, DocumentAnswerer } from './answerer.js';
export { documentsStep } from './step.js';
export { mrcModule } from './module.js';
