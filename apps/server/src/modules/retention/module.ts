import { defineModule, type Core } from '../../core/module.js';
import { createRetentionRepo } from './repo.js';
import { retentionRoutes } from './routes.js';
import { createRetentionService } from './service.js';

const build = ({ db, clock }: Core) => ({
  retention: createRetentionService({ repo: createRetentionRepo(db), clock }),
});

declare module '../../core/module.js' {
  interface Modules {
    retention: ReturnType<typeof build>;
  }
}

/** How long each project keeps its conversations. */
export const retentionModule = defineModule({
  name: 'retention',
  build,
  admin: (scope, { retention }) => retentionRoutes(scope, { retention }),
  tasks: ({ retention }) => [
    { name: 'delete conversations past their retention', run: retention.purge, everyMs: 86_400_000 },
  ],
});
