import { buildApp } from './app.js';
import { openAndSeed } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { seedDemo } from './demo/seed-demo.js';
import pino from 'pino';

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
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openAndSeed(
    config,
    logger,
    config.DEMO_DATA ? (db, projectId) => seedDemo(config, db, projectId, logger) : undefined,
  );
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL },
    housekeeping: true,
    warmMatchers: true,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
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
  app.log.info(`Ambassador Console on http://localhost:${config.PORT} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
