import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { isErrorCode } from '@ambassador/contracts';
import type { Config } from './config.js';
import { buildModules, registerModuleRoutes, scheduleTasks, warmModules } from './core/assemble.js';
import { createCore } from './core/core.js';
import type { Database } from './db/client.js';
import { installationIdentity } from './db/installation.js';
import { derivedRedisPrefix } from './bus/namespace.js';
import { systemClock, type Clock } from './lib/clock.js';
import { failure, useContracts } from './lib/contract.js';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.js';
import { holdMediaDisk } from './media/disk-lease.js';
import { mediaRoutes } from './media/routes.js';
import { healthRoutes } from './modules/health/index.js';
import { MODULES } from './modules/registry.js';
import { registerApiReference } from './plugins/api-reference.js';
import { registerApiCompression } from './plugins/compress.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerInputChecks } from './plugins/input-checks.js';
import {
  createLoadShedder,
  PGLITE_LIMITS,
  POSTGRES_LIMITS,
  registerLoadShedding,
  type ShedLimits,
} from './plugins/load-shed.js';
import { recordRoutes } from './plugins/route-table.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerApps } from './plugins/spa.js';
import { registerThrottles } from './plugins/throttle.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** A logger made already (the server's, shared with start-up); wins over `logger`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Periodic housekeeping (the server turns it on; tests call the tasks themselves). */
  housekeeping?: boolean;
  /** Warm up after start-up, in the background: every device's intent matcher (the server does). */
  warmMatchers?: boolean;
  /** Shared with server.ts, which marks it draining on SIGTERM. */
  lifecycle?: Lifecycle;
  /** Admission limits when shedding load (tests make them small). */
  shedLimits?: ShedLimits;
}

/** This server's version (its package's), shown in the API reference; the same from src and dist. */
const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

function frameworkMessage(code: string) {
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return 'A value in the address is too long.';
  return 'The address is not valid.';
}

/**
 * Builds the whole app without listening: the composition root. The HTTP shell, then the core
 * (core/core.ts), then every module of modules/registry.ts in order, then their routes.
 */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logger = false,
  loggerInstance,
  housekeeping = false,
  warmMatchers = false,
  lifecycle = createLifecycle(),
  shedLimits,
}: BuildOptions) {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // While closing, a request on a kept-alive connection is still served (with Connection:
    // close), never answered 503: the client sent it before it could know.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A path Fastify's router refuses (a parameter over 100 characters, broken %-escapes) still
    // answers in the envelope every client reads.
    frameworkErrors: (error, _req, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const code = isErrorCode(error.code) ? error.code : 'bad_request';
      void (reply as FastifyReply).status(status).send(failure(frameworkMessage(error.code), code));
    },
  });
  registerErrorHandler(app);
  useContracts(app);
  recordRoutes(app);
  const limits = shedLimits ?? (database.kind === 'pglite' ? PGLITE_LIMITS : POSTGRES_LIMITS);
  const shedder = config.LOAD_SHEDDING ? createLoadShedder(limits) : null;
  if (shedder) registerLoadShedding(app, shedder);
  // Redis keys and channels under this installation's own namespace, read before anything uses
  // Redis: another installation sharing the Redis never hears its live events.
  const redisPrefix = config.REDIS_PREFIX ?? derivedRedisPrefix(await installationIdentity(database.db));
  app.decorate('redisPrefix', redisPrefix);
  await registerThrottles(app, {
    limits: {
      signInPerIp: config.SIGNIN_PER_IP_PER_MINUTE,
      asksPerDevice: config.ASKS_PER_DEVICE_PER_MINUTE,
    },
    redisUrl: config.REDIS_URL,
    redisPrefix,
  });
  registerInputChecks(app);
  registerApiCompression(app);
  await registerSecurityHeaders(app, lifecycle);

  // Media on this instance's disk while others share the database: refused unless they share the
  // folder too (media/disk-lease.ts). PGlite is one process; a bucket is shared by every instance.
  if (database.kind === 'postgres' && !config.s3) {
    fs.mkdirSync(config.mediaDir, { recursive: true });
    const release = await holdMediaDisk(database.db, config.mediaDir, { log: app.log });
    app.addHook('onClose', release);
  }
  const core = createCore(app, { config, database, clock, redisPrefix, shedder });
  await buildModules(core, MODULES);
  scheduleTasks(core, MODULES, housekeeping);
  if (warmMatchers) warmModules(core, MODULES);

  // Before any route: the reference collects routes as they are added.
  await registerApiReference(app, { version: SERVER_VERSION });
  // Redis is degraded when the bus or the realtime adapter cannot reach it.
  const { bus, realtime, media, understanding } = core.core;
  const redisHealth = () => {
    const states = [bus.redis(), realtime.redis()];
    return states.every((s) => s === 'off') ? 'off' : states.includes('down') ? 'degraded' : 'ok';
  };
  healthRoutes(app, { database, lifecycle, embedder: understanding, redis: redisHealth });
  await mediaRoutes(app, { media });
  // Uploads are read as streams by the routes that take them, each with its own size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, parts: 11 } });
  await registerModuleRoutes(app, core, MODULES);
  await registerApps(app, config);
  return app;
}
