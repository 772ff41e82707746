import { ZLoginRequest, ZLoginResponse, ZLogoutRequest } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import type { AuthService } from './service.js';

export function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  app.post('/login', { config: { access: { public: true } } }, async (req) => {
    const input = validate(ZLoginRequest, req.body);
    const data = await auth.login(input, { ip: req.ip, userAgent: req.headers['user-agent'] });
    return ok(ZLoginResponse, data, { message: 'Signed in.' });
  });

  app.post('/logout', { config: { access: { public: true } } }, async (req) => {
    const { access_token } = validate(ZLogoutRequest, req.body);
    await auth.logout(access_token);
    return okEmpty('Signed out.');
  });
}
