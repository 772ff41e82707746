import { buildApp } from './app.js';
import { REALTIME_PATH } from '@ambassador/contracts';
import { trackConnections } from './lib/drain.js';
import { createLifecycle } from './lib/lifecycle.js';
import { openAndSeed, readyLine } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUse } from './db/data-lock.js';
import { MediaNotShared } from './media/disk-lease.js';
import { seedDemo, sendDemoVisitors } from './demo/seed-demo.js';
import { createLogger } from './lib/logger.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  logger.info(
    config.DATABASE_URL
      ? 'opening the database and applying migrations'
      : `opening the embedded database in ${config.DATA_DIR} and applying migrations`,
  );
  let firstStart: { generatedPassword: boolean; projectId: number } | null = null;
  const database = await openAndSeed(
    config,
    logger,
    config.DEMO_DATA ? (db, projectId) => seedDemo(db, projectId) : undefined,
    (generatedPassword, projectId) => (firstStart = { generatedPassword, projectId }),
  );
  logger.info('starting the server');
  const lifecycle = createLifecycle();
  const app = await buildApp({
    config,
    database,
    loggerInstance: logger,
    housekeeping: true,
    warmMatchers: true,
    lifecycle,
  });

  if (config.REDIS_URL) {
    // Said so an operator can check: every instance of one installation shows the same prefix.
    const from = config.REDIS_PREFIX === undefined ? 'derived from the database' : 'REDIS_PREFIX';
    app.log.info(
      { redisPrefix: app.redisPrefix },
      `redis: keys and channels under ${app.redisPrefix} (${from})`,
    );
  }
  const connections = trackConnections(app.server, REALTIME_PATH);

  /**
   * SIGTERM: /healthz turns 503 and answers close their connections; after DRAIN_SECONDS (time for
   * a balancer to notice) the server stops listening, lets every kept-alive connection end after
   * its last answer (idle ones after 1 s idle), finishes what is in flight, then exits.
   */
  // The demo's visitor history, on the first start only: sent once the console is usable.
  const demoVisitors = { stop: new AbortController(), done: Promise.resolve() };
  const shutdown = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    app.log.info(
      { signal, drainSeconds: config.DRAIN_SECONDS },
      'shutting down: finishing in-flight requests',
    );
    const force = setTimeout(
      () => {
        app.log.error('shutdown took longer than expected; exiting');
        process.exit(1);
      },
      config.DRAIN_SECONDS * 1000 + 15_000,
    );
    force.unref();
    try {
      demoVisitors.stop.abort();
      await demoVisitors.done;
      if (config.DRAIN_SECONDS > 0) await new Promise((r) => setTimeout(r, config.DRAIN_SECONDS * 1000));
      await connections.drain({ idleMs: 1000, timeoutMs: 5000 });
      await app.close(); // realtime sockets, background work, then the rest
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  app.log.info({ url, database: database.kind }, readyLine(url, config.ADMIN_USERNAME, firstStart));
  const seeded = firstStart as { projectId: number } | null;
  if (seeded && config.DEMO_DATA && config.DEMO_CONVERSATIONS > 0) {
    demoVisitors.done = sendDemoVisitors(
      config,
      database,
      seeded.projectId,
      app.log,
      demoVisitors.stop.signal,
    ).catch((err: unknown) =>
      app.log.warn({ err }, 'demo visitor history: stopped by an error; the demo works without it'),
    );
  }
  // What questions are understood with: said once the embedder has started (or given up).
  void app.embedder.ready().then(() => {
    const e = app.embedder.info();
    if (e.state === 'ready')
      app.log.info(
        { provider: e.provider, model: e.model },
        `understanding: sentence model ${e.model} (${e.provider}) and lexical`,
      );
    else
      app.log.warn(
        { provider: e.provider, detail: e.detail },
        `understanding: lexical only (${e.detail ?? e.state})`,
      );
  });
}

main().catch((err) => {
  // Said plainly: another process holds the embedded database (nothing was opened or changed), or
  // another instance keeps its media on another disk.
  console.error(err instanceof DataDirInUse || err instanceof MediaNotShared ? err.message : err);
  process.exit(1);
});
