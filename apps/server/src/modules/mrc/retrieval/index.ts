import type { DocumentAnswerer } from '../answerer.js';
export { createRetrievalRepo, type RetrievalRepo } from './repo.js';
export { createIndexRegistry, type IndexRegistry } from './registry.js';
export { createRetrievalService, DEFAULT_THRESHOLD, type RetrievalService } from './service.js';
export { createGenerate } from './llm.js';
export { retrievalRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells every instance a device's documents changed: their indexes rebuild (the scan side calls it). */
    documentsChanged(deviceId: number): void;
    /** Documents answering a question no topic matched (the device's answering chain asks it). */
    documentAnswerer: DocumentAnswerer;
  }
}
