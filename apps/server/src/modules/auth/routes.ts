import { ZLoginRequest, ZLoginResponse, ZLogoutRequest, ZOk, ZOkEmpty } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, done, ok } from '../../lib/contract.js';
import type { AuthService } from './service.js';

const open = { access: { public: true } } as const;
const tags = ['Sign-in'];

export function authRoutes(parent: FastifyInstance, { auth }: { auth: AuthService }) {
  const app = contractApp(parent);
  app.post(
    '/login',
    {
      config: { ...open, throttle: 'sign-in' },
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'Answers the `access_token` and `auth_project_id` to send as headers on every other admin call. ' +
          'Repeated failures lock the username for a while (`locked_out`, 429); too many sign-ins from ' +
          'one address in a minute answer `too_many_requests` (429, Retry-After).',
        body: ZLoginRequest,
        response: { 200: ZOk(ZLoginResponse) },
      },
    },
    async (req) => {
      const data = await auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
      return ok(data, { message: 'Signed in.' });
    },
  );

  app.post(
    '/logout',
    {
      config: open,
      schema: {
        tags,
        summary: 'Sign out (ends the session)',
        body: ZLogoutRequest,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await auth.logout(req.body.access_token, { ip: req.ip, userAgent: req.headers['user-agent'] });
      return done('Signed out.');
    },
  );
}
