import { defineModule } from '../../core/module.js';
import { createAuthRepo } from './repo.js';
import { authRoutes } from './routes.js';
import { createAuthService, type AuthService } from './service.js';

declare module '../../core/module.js' {
  interface Modules {
    auth: { auth: AuthService };
  }
}

/** Sign-in, sessions and their expiry; a revoked session's sockets close at once. */
export const authModule = defineModule({
  name: 'auth',
  build: ({ db, clock, log, config, realtime }) => ({
    auth: createAuthService({
      repo: createAuthRepo(db),
      clock,
      log,
      sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: config.SESSION_MAX_HOURS * 3_600_000,
      onRevoked: (ids) => realtime.disconnectSessions(ids),
    }),
  }),
  admin: (scope, { auth }) => authRoutes(scope, { auth }),
  tasks: ({ auth }) => [{ name: 'prune sessions and sign-in attempts', run: auth.prune }],
});
