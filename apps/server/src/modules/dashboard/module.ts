import { defineModule, type Core } from '../../core/module.js';
import { createDashboardRepo } from './repo.js';
import { dashboardRoutes } from './routes.js';
import { createDashboardService } from './service.js';

const build = ({ db }: Core) => ({ dashboard: createDashboardService({ repo: createDashboardRepo(db) }) });

declare module '../../core/module.js' {
  interface Modules {
    dashboard: ReturnType<typeof build>;
  }
}

/** The dashboard's figures and charts. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  build,
  admin: (scope, { dashboard }) => dashboardRoutes(scope, { dashboard }),
});
