// What other modules use of auth: who is calling, and the service the guard checks sessions with.
export type { AuthContext, AuthService } from './service.js';
