/** What other parts of the server may use of the calls module; everything else is its own. */
export { createCallsRepo } from './repo.js';
export { callsDeviceRoutes, callsRoutes } from './routes.js';
export { createCallsService } from './service.js';
export { isOffline } from './hours.js';
export { callsModule } from './module.js';
