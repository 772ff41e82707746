/** What other parts of the server may use of the auth module; everything else is its own. */
export { createAuthRepo } from './repo.js';
export { authRoutes } from './routes.js';
export { createAuthService, type AuthContext, type AuthService, type SignInEvent } from './service.js';
export { authModule } from './module.js';
