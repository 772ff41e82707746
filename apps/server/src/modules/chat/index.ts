/** What other parts of the server may use of the chat module; everything else is its own. */
export { chatDeviceRoutes } from './device-routes.js';
export { createChatRepo } from './repo.js';
export { chatRoutes } from './routes.js';
export { createChatService } from './service.js';
export { chatModule } from './module.js';
