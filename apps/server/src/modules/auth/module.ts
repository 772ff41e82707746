import { defineModule } from '../../core/module.js';
import { createListeners } from '../../lib/listeners.js';
import { createAuthRepo } from './repo.js';
import { authRoutes } from './routes.js';
import { createAuthService, type AuthService, type SignInEvent } from './service.js';

declare module '../../core/module.js' {
  interface Modules {
    auth: {
      auth: AuthService;
      /** Someone to tell of each sign-in and sign-out (the audit trail). */
      onSignIn(listener: (event: SignInEvent) => void): void;
    };
  }
}

/** Sign-in, sessions and their expiry; a revoked session's sockets close at once. */
export const authModule = defineModule({
  name: 'auth',
  build: ({ db, clock, log, config, realtime }) => {
    const signIns = createListeners<SignInEvent>((err) => log.error({ err }, 'telling of a sign-in failed'));
    const auth = createAuthService({
      repo: createAuthRepo(db),
      clock,
      log,
      sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: config.SESSION_MAX_HOURS * 3_600_000,
      onRevoked: (ids) => realtime.disconnectSessions(ids),
      onSignIn: signIns.emit,
    });
    return { auth, onSignIn: signIns.add };
  },
  admin: (scope, { auth }) => authRoutes(scope, { auth }),
  tasks: ({ auth }) => [{ name: 'prune sessions and sign-in attempts', run: auth.prune }],
});
