import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { failure } from './lib/envelope.js';
import { systemClock, type Clock } from './lib/clock.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerGuard } from './plugins/guard.js';
import { startHousekeeping } from './jobs/housekeeping.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createDevicesRepo } from './modules/devices/repo.js';
import { devicesRoutes } from './modules/devices/routes.js';
import { createDevicesService } from './modules/devices/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createUsersRepo } from './modules/users/repo.js';
import { usersRoutes } from './modules/users/routes.js';
import { createUsersService } from './modules/users/service.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Periodic housekeeping (the server turns it on; tests call the tasks themselves). */
  housekeeping?: boolean;
}

/** API prefixes that never fall back to the console's index.html. */
const API_PREFIXES = ['/admin_panel', '/device_api', '/media', '/realtime', '/healthz'];

/** Builds the whole app without listening: the composition root. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logger = false,
  housekeeping = false,
}: BuildOptions) {
  const app = Fastify({
    logger,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerErrorHandler(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // MUI (emotion) injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Sites run on plain HTTP inside a venue's network: never force https sub-requests.
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const { db } = database;
  const auth = createAuthService({
    repo: createAuthRepo(db),
    clock,
    log: app.log,
    sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: config.SESSION_MAX_HOURS * 3_600_000,
  });
  const devices = createDevicesService({ repo: createDevicesRepo(db) });
  const users = createUsersService({
    repo: createUsersRepo(db),
    clock,
    revokeSessions: auth.revokeUserSessions,
  });

  if (housekeeping) {
    const stop = startHousekeeping(
      [{ name: 'prune sessions and sign-in attempts', run: auth.prune }],
      app.log,
    );
    app.addHook('onClose', async () => stop());
  }

  healthRoutes(app, { database });
  await app.register(
    async (admin) => {
      registerGuard(admin, { auth, devices });
      authRoutes(admin, { auth });
      devicesRoutes(admin, { devices });
      usersRoutes(admin, { users });
    },
    { prefix: '/admin_panel' },
  );

  const indexHtml = path.join(config.consoleDir, 'index.html');
  const hasConsole = fs.existsSync(indexHtml);
  if (hasConsole) {
    await app.register(fastifyStatic, { root: config.consoleDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const isApi = API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    if (req.method === 'GET' && !isApi) {
      // Client-side routes (/dashboard, /setting/users, ...) all load the console.
      if (hasConsole) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.status(404).type('text/plain').send('The console is not built. Run `npm run build`.');
    }
    return reply.status(404).send(failure(`No such call: ${req.method} ${url}`, 'not_found'));
  });

  return app;
}
