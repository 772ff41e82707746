import { defineModule, type Core } from '../../core/module.js';
import { createConversationsRepo } from './repo.js';
import { conversationsRoutes } from './routes.js';
import { createConversationsService } from './service.js';

const build = ({ db, vectors, clock, log, use }: Core) => ({
  conversations: createConversationsService({
    repo: createConversationsRepo(db),
    topics: use('ai').topics,
    vectors,
    clock,
    log,
  }),
});

declare module '../../core/module.js' {
  interface Modules {
    conversations: ReturnType<typeof build>;
  }
}

/** The conversation log: search, detail, export, and fallbacks grouped by meaning. */
export const conversationsModule = defineModule({
  name: 'conversations',
  build,
  admin: (scope, { conversations }) => conversationsRoutes(scope, { conversations }),
});
