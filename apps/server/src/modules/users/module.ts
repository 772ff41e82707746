import { defineModule, type Core } from '../../core/module.js';
import { createUsersRepo, userSearchSources } from './repo.js';
import { usersRoutes } from './routes.js';
import { createUsersService } from './service.js';

const build = ({ db, clock, use }: Core) => ({
  users: createUsersService({
    repo: createUsersRepo(db),
    clock,
    revokeSessions: use('auth').auth.revokeUserSessions,
  }),
});

declare module '../../core/module.js' {
  interface Modules {
    users: ReturnType<typeof build>;
  }
}

/** Operators, their roles and devices; a user's sessions end with their access. */
export const usersModule = defineModule({
  name: 'users',
  build,
  admin: (scope, { users }) => usersRoutes(scope, { users }),
  search: (_own, { db }) => userSearchSources(db),
});
