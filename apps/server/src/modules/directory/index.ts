/** What other parts of the server may use of the directory module; everything else is its own. */
export { createDirectoryRepo, directoryMediaReferences } from './repo.js';
export { directoryDeviceRoutes, directoryRoutes } from './routes.js';
export { createDirectoryService, type DirectoryService } from './service.js';
export { directoryModule } from './module.js';
