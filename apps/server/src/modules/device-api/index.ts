/** What other parts of the server may use of the device-api module; everything else is its own. */
export { createDeviceApiRepo } from './repo.js';
export { deviceApiRoutes } from './routes.js';
export { createDeviceApiService } from './service.js';
export { deviceApiModule } from './module.js';
