/** What other parts of the server may use of the conversations module; everything else is its own. */
export { createConversationsRepo } from './repo.js';
export { conversationsRoutes } from './routes.js';
export { createConversationsService } from './service.js';
export { conversationsModule } from './module.js';
