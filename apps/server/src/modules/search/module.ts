import { defineModule, type Core } from '../../core/module.js';
import { searchRoutes } from './routes.js';
import { createSearchService } from './service.js';

const build = ({ searchSources }: Core) => ({
  search: createSearchService({ sources: searchSources }),
});

declare module '../../core/module.js' {
  interface Modules {
    search: ReturnType<typeof build>;
  }
}

/** The console's search everywhere (Ctrl+K): what the other modules declare as `search`. */
export const searchModule = defineModule({
  name: 'search',
  build,
  admin: (scope, { search }) => searchRoutes(scope, { search }),
});
