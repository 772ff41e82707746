import { defineModule, type Core } from '../../core/module.js';
import { createUsersBulk } from './bulk.js';
import { createUsersRepo, userSearchSources } from './repo.js';
import { usersRoutes } from './routes.js';
import { createUsersService } from './service.js';

const build = ({ db, clock, use }: Core) => {
  const repo = createUsersRepo(db);
  const revokeSessions = use('auth').auth.revokeUserSessions;
  return {
    users: createUsersService({ repo, clock, revokeSessions }),
    bulk: createUsersBulk({ db, repo, undo: use('undo').undo, revokeSessions }),
  };
};

declare module '../../core/module.js' {
  interface Modules {
    users: ReturnType<typeof build>;
  }
}

/** Operators, their roles and devices; a user's sessions end with their access. */
export const usersModule = defineModule({
  name: 'users',
  build,
  admin: (scope, { users, bulk }) => usersRoutes(scope, { users, bulk }),
  search: (_own, { db }) => userSearchSources(db),
});
