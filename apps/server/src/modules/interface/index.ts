/** What other parts of the server may use of the interface module; everything else is its own. */
export { createInterfaceRepo } from './repo.js';
export { interfaceRoutes } from './routes.js';
export { createInterfaceService, type InterfaceService } from './service.js';
