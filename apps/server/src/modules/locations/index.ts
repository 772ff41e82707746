/** What other parts of the server may use of the locations module; everything else is its own. */
export { createLocationsRepo, locationsMediaReferences } from './repo.js';
export { locationsDeviceRoutes, locationsRoutes } from './routes.js';
export { createLocationsService, type LocationsService, type LocationStepResult } from './service.js';
export { locationsStep, namedLocationStep } from './step.js';
export { locationsModule } from './module.js';
