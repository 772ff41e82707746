/** What other parts of the server may use of the dashboard module; everything else is its own. */
export { createDashboardRepo } from './repo.js';
export { dashboardRoutes } from './routes.js';
export { createDashboardService } from './service.js';
export { dashboardModule } from './module.js';
