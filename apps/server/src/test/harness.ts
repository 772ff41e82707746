import { afterAll, beforeAll, inject } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { openAndSeed, type StartupLog } from '../bootstrap.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { databaseUrl, onPostgres } from './postgres-admin.js';
import type {} from './provided-context.js';

export const ADMIN = { username: 'admin', password: 'Admin-Passw0rd!' } as const;

/** Every API suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (CI). */
export const backends: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export class TestClock implements Clock {
  private t = Date.now();
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

const silentLog: StartupLog = { info: () => undefined, warn: () => undefined };

/**
 * A fresh database for one suite: a temp PGlite directory, or a new PostgreSQL database. Both start
 * migrated (copies of the run's templates, test/global-setup.ts) unless `empty`, for a suite that
 * applies migrations itself.
 */
export interface Store {
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function freshStore(
  kind: 'pglite' | 'postgres',
  opts: { empty?: boolean } = {},
): Promise<Store> {
  if (kind === 'pglite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-test-'));
    if (!opts.empty) await fs.cp(inject('pgliteTemplate'), path.join(dir, 'pglite'), { recursive: true });
    return {
      env: { DATA_DIR: dir },
      drop: () => fs.rm(dir, { recursive: true, force: true }),
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `ac_test_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? '' : inject('postgresTemplate');
  await onPostgres(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  // Media and other files still live under DATA_DIR: never the repository's own ./data.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-test-'));
  return {
    env: { DATABASE_URL: databaseUrl(baseUrl, name), DATA_DIR: dir },
    drop: async () => {
      await fs.rm(dir, { recursive: true, force: true });
      await onPostgres(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Load-shedding limits of one request at a time, for suites that fill the server on purpose. */
export const ONE_SLOT = {
  concurrency: 1,
  lowConcurrency: 1,
  queue: { high: 8, normal: 8, low: 2 },
  waitMs: { high: 10_000, normal: 10_000, low: 10_000 },
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  close(): Promise<void>;
}

export async function startApp(
  store: { env: Record<string, string> },
  extraEnv: Record<string, string> = {},
  log: StartupLog = silentLog,
  options: Pick<BuildOptions, 'shedLimits' | 'lifecycle'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    ADMIN_PASSWORD: ADMIN.password,
    CONSOLE_DIR: path.join(os.tmpdir(), 'ac-no-console'),
    // Lexical unless a suite is about understanding (it sets EMBEDDINGS itself): the suites' answers
    // are written against the lexical matcher, and a model process per app would cost seconds.
    EMBEDDINGS: 'none',
    // Suites sign in and ask far more often than a person: the per-client throttles are off
    // unless a suite is about them (security/throttles.test.ts sets its own).
    SIGNIN_PER_IP_PER_MINUTE: '0',
    ASKS_PER_DEVICE_PER_MINUTE: '0',
    ...store.env,
    ...extraEnv,
  });
  const database = await openAndSeed(config, log);
  const clock = new TestClock();
  const app = await buildApp({ config, database, clock, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface Session {
  token: string;
  projectId: number;
  userId: number;
  headers: Record<string, string>;
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin_panel/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data;
  return {
    token: data.access_token,
    projectId: data.project_id,
    userId: data.user_id,
    headers: { access_token: data.access_token, auth_project_id: String(data.auth_project_id) },
  };
}

/** Creates a user through the API as the given admin and returns it signed in. */
export async function createUser(
  app: FastifyInstance,
  as: Session,
  user: { username: string; role_id: 1 | 2 | 3; page_access?: string[]; password?: string },
) {
  const password = user.password ?? 'Us3r-Passw0rd!';
  const res = await app.inject({
    method: 'POST',
    url: '/admin_panel/admin_settings/users',
    headers: as.headers,
    payload: { ...user, password, is_password_expired: false },
  });
  if (res.statusCode !== 200) throw new Error(`create ${user.username} failed: ${res.body}`);
  return { user: res.json().data, session: await login(app, user.username, password), password };
}

/** A second tenant on the same database, to prove nothing crosses projects. */
export async function otherProject(database: Database) {
  const { projects, devices, users } = await import('../db/schema.js');
  const { hashPassword } = await import('../lib/passwords.js');
  const [project] = await database.db.insert(projects).values({ name: 'Other Project' }).returning();
  const [device] = await database.db
    .insert(devices)
    .values({ projectId: project!.id, description: 'Other Kiosk', kind: 'ambassador' })
    .returning();
  const password = 'Other-Passw0rd!';
  const [user] = await database.db
    .insert(users)
    .values({
      projectId: project!.id,
      username: `other_${project!.id}`,
      usernameKey: `other_${project!.id}`,
      roleId: 3,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return {
    projectId: project!.id,
    deviceId: device!.id,
    username: user!.username,
    userId: user!.id,
    password,
  };
}

/**
 * One app on a fresh store for a whole `describe` block: started before its tests, closed and
 * dropped after. The returned object forwards to the running app.
 */
export function suiteApp(
  kind: 'pglite' | 'postgres',
  extraEnv: Record<string, string> = {},
  options: Pick<BuildOptions, 'shedLimits' | 'lifecycle'> = {},
): TestApp {
  let current: TestApp | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    store = await freshStore(kind);
    current = await startApp(store, extraEnv, silentLog, options);
  });
  afterAll(async () => {
    await current?.close();
    await store?.drop();
  });
  const running = () => {
    if (!current) throw new Error('suiteApp is used before its beforeAll ran');
    return current;
  };
  return {
    get app() {
      return running().app;
    },
    get database() {
      return running().database;
    },
    get config() {
      return running().config;
    },
    get clock() {
      return running().clock;
    },
    close: () => running().close(),
  };
}

/** A multipart/form-data body with one file field, for `app.inject`. */
export function multipartFile(file: { name: string; content: Buffer; type?: string; field?: string }) {
  const boundary = `----ac${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with text fields first, then files, as a browser sends a form. */
export function multipartForm(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; content: Buffer; type?: string }> = [],
) {
  const boundary = `----ac${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Several files in the field "files" (the carousel and idle screen uploads), optional fields first. */
export const multipartFiles = (
  files: Array<{ name: string; content: Buffer; type?: string }>,
  fields: Record<string, string> = {},
) =>
  multipartForm(
    fields,
    files.map((f) => ({ field: 'files', ...f })),
  );

/**
 * Every file in the media store (content-addressed blobs under `ab/cd/`, and files from before the
 * pipeline directly in it) by name, work files in `.incoming` and the instances' markers
 * (media/disk-lease.ts) left out.
 */
export async function storedFiles(mediaDir: string): Promise<string[]> {
  const entries = await fs.readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => {
      const under = path.relative(mediaDir, e.parentPath);
      return e.isFile() && !under.startsWith('.incoming') && !under.startsWith('.instances');
    })
    .map((e) => e.name)
    .sort();
}

export { solidPng } from './image-fixtures.js';

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
