/** What other parts of the server may use of the interface module; everything else is its own. */
export { createInterfaceRepo } from './repo.js';
export { interfaceRoutes } from './routes.js';
export { createInterfaceService, type InterfaceService } from './service.js';
export { carouselMediaReferences, createCarouselRepo } from './carousel-repo.js';
export { carouselRoutes } from './carousel-routes.js';
export { createCarouselService, type CarouselService } from './carousel-service.js';
export { createIdleScreenRepo, idleScreenMediaReferences } from './idle-screen-repo.js';
export { idleScreenRoutes } from './idle-screen-routes.js';
export { createIdleScreenService, type IdleScreenService } from './idle-screen-service.js';
export { interfaceModule } from './module.js';
