import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { openAndSeed } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createLocalEmbedder } from '../apps/server/src/nlu/embedder/local.js';
import type { Db } from '../apps/server/src/db/client.js';
import { aiCategories, aiKeywords, aiResponses, aiTopics } from '../apps/server/src/db/schema.js';
import { sql } from 'drizzle-orm';
import type { MatcherTopic } from '../apps/server/src/matcher/index.js';
import { fold } from '../apps/server/src/modules/ai/index.js';

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

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The built server (`npm run build`) in a process of its own, as it runs on a site, so the load a
 * bench makes is not in the server's loop. Resolves once /healthz answers. `nodeArgs` go to node
 * before the script (`--cpu-prof`).
 */
export async function spawnBuiltServer(env: Record<string, string>, nodeArgs: string[] = []) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error('the server did not start');
}

/** One JSON call to a running server; throws with the server's message unless 2xx. */
export async function jsonCall<T = unknown>(
  url: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${json.message}`);
  return json.data;
}

/**
 * On PostgreSQL (DATABASE_URL), a database of its own for each run, created and then dropped: a
 * bench never writes into the database it was pointed at. Without DATABASE_URL, PGlite (url '').
 */
export async function freshBenchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: '', drop: async () => undefined };
  const name = `${prefix}_${Date.now()}`;
  const onBase = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await onBase(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onBase(`drop database if exists ${name} with (force)`) };
}

/** Writes topics with their phrases and one text response each, directly (setup, not measured). */
export async function writeTopics(d: Db, deviceId: number, topics: MatcherTopic[]) {
  const [category] = await d.insert(aiCategories).values({ deviceId, name: 'Bench' }).returning();
  for (let i = 0; i < topics.length; i += 200) {
    const batch = topics.slice(i, i + 200);
    const rows = await d
      .insert(aiTopics)
      .values(batch.map((t) => ({ deviceId, categoryId: category!.id, name: t.name })))
      .returning({ id: aiTopics.id });
    await d.insert(aiKeywords).values(
      batch.flatMap((t, j) =>
        t.examples.map((e) => ({
          topicId: rows[j]!.id,
          deviceId,
          language: 'english',
          kind: 'phrase' as const,
          text: e.text,
          norm: fold(e.text),
        })),
      ),
    );
    await d.insert(aiResponses).values(
      batch.map((t, j) => ({
        topicId: rows[j]!.id,
        deviceId,
        language: 'english',
        deviceType: 'ambassador' as const,
        responseAim: 'give_info',
        responseType: 'multimedia',
        contents: [{ type: 'text', placement: 'general', values: [`Answer for ${t.name}`] }],
      })),
    );
  }
}

/** The bench admin's headers on an in-process app (`benchApp`). */
export async function benchAdminHeaders(app: { inject: (opts: object) => Promise<{ json(): unknown }> }) {
  const login = (
    (await app.inject({ method: 'POST', url: '/admin_panel/login', payload: BENCH_ADMIN })).json() as {
      data: { access_token: string; auth_project_id: number };
    }
  ).data;
  return { access_token: login.access_token, auth_project_id: String(login.auth_project_id) };
}

/**
 * A large device's topics, written with SQL into `categoryId`: `topics` topics named `${prefix} i`
 * with 20 phrases and 2 responses each, and 10,000 conversations naming them.
 */
export async function seedLargeTopics(
  d: Db,
  deviceId: number,
  categoryId: number,
  topics: number,
  prefix: string,
) {
  await d.execute(sql`
    insert into ai_topics (device_id, category_id, name)
    select ${deviceId}, ${categoryId}, ${prefix}::text || ' ' || i from generate_series(1, ${topics}) i`);
  await d.execute(sql`
    insert into ai_keywords (topic_id, device_id, language, kind, text, norm)
    select t.id, ${deviceId}, 'english', 'phrase', 'where is thing ' || t.id || ' ' || k, 'where is thing ' || t.id || ' ' || k
    from ai_topics t, generate_series(1, 20) k where t.category_id = ${categoryId}`);
  await d.execute(sql`
    insert into ai_responses (topic_id, device_id, language, device_type, response_aim, response_type, speech, contents)
    select t.id, ${deviceId}, 'english', d, 'give_info', 'text', 'It is on level ' || t.id, '[]'::jsonb
    from ai_topics t, unnest(array['ambassador', 'chatbot']) d where t.category_id = ${categoryId}`);
  await d.execute(sql`
    insert into conversations (device_id, at, acquire, reply, language, intent_id, intent_name, response_time_ms, status)
    select ${deviceId}, now() - (i || ' minutes')::interval, 'question ' || i, 'answer', 'english', t.id, t.name, 100, 'answered'
    from generate_series(1, 10000) i
    join ai_topics t on t.category_id = ${categoryId} and t.name = ${prefix}::text || ' ' || (1 + i % ${topics})`);
}
