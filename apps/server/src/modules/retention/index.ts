/** What other parts of the server may use of the retention module; everything else is its own. */
export { createRetentionRepo } from './repo.js';
export { retentionRoutes } from './routes.js';
export { createRetentionService } from './service.js';
export { retentionModule } from './module.js';
