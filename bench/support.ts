import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { openAndSeed } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createLocalEmbedder } from '../apps/server/src/nlu/embedder/local.js';

export const BENCH_ADMIN = { username: 'admin', password: 'Bench-Passw0rd!' } as const;
/** Benches measure capacity, not the per-client throttles (plugins/throttle.ts). */
export const BENCH_UNTHROTTLED = { SIGNIN_PER_IP_PER_MINUTE: '0', ASKS_PER_DEVICE_PER_MINUTE: '0' } as const;
const quiet = { info: () => undefined, warn: () => undefined };

/** A fresh seeded database for a benchmark: PGlite in a temp dir, or DATABASE_URL. */
export async function benchDatabase() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-'));
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    ...BENCH_UNTHROTTLED,
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

/**
 * The packaged sentence model for a benchmark, with its question embeddings kept between runs in
 * EMBED_CACHE (a JSON file) when set. Exits when the model is not installed.
 */
export async function localEmbeddings() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const log = {
    info: () => undefined,
    warn: (o: object, m: string) => console.error(m, o),
    error: (o: object, m: string) => console.error(m, o),
  };
  const embedder = createLocalEmbedder({ dir: path.join(root, '.embedder'), timeoutMs: 60_000, log });
  await embedder.ready();
  if (embedder.info().state !== 'ready') {
    console.error('The local embedder is not ready:', embedder.info().detail);
    process.exit(1);
  }
  const cacheFile = process.env.EMBED_CACHE;
  const cache = new Map<string, Float32Array>();
  if (cacheFile && existsSync(cacheFile))
    for (const [k, v] of Object.entries(
      JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, number[]>,
    ))
      cache.set(k, Float32Array.from(v));
  return {
    cache,
    /** Embeds (as questions) the texts not in the cache yet. */
    async embedAll(texts: string[]) {
      const missing = [...new Set(texts)].filter((t) => !cache.has(t));
      for (let i = 0; i < missing.length; i += 64) {
        const batch = missing.slice(i, i + 64);
        const out = await embedder.embed(batch, 'query');
        if (!out) throw new Error('embedding failed');
        batch.forEach((t, j) => cache.set(t, out[j]!));
      }
    },
    /** Saves the cache (when EMBED_CACHE is set) and stops the model. */
    async close() {
      if (cacheFile)
        writeFileSync(cacheFile, JSON.stringify(Object.fromEntries([...cache].map(([k, v]) => [k, [...v]]))));
      await embedder.close();
    },
  };
}
