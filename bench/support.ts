import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { openAndSeed } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';

export const BENCH_ADMIN = { username: 'admin', password: 'Bench-Passw0rd!' } as const;
const quiet = { info: () => undefined, warn: () => undefined };

/** A fresh seeded database for a benchmark: PGlite in a temp dir, or DATABASE_URL. */
export async function benchDatabase() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-'));
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  });
  const database = await openAndSeed(config, quiet);
  return { dir, config, database };
}

/** The app in-process on `benchDatabase()`, ready for `inject`. */
export async function benchApp() {
  const { dir, config, database } = await benchDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    dir,
    config,
    database,
    app,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
