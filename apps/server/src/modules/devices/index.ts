/** What other parts of the server may use of the devices module; everything else is its own. */
export { createDevicesRepo } from './repo.js';
export { devicesRoutes, devicesStaffRoutes } from './routes.js';
export { createDevicesService, type DeviceContext, type DevicesService } from './service.js';
export { devicesModule } from './module.js';
