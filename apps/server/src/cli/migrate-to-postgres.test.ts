import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedRedisPrefix } from '../bus/namespace.js';
import { openDatabase } from '../db/client.js';
import { DataDirInUse } from '../db/data-lock.js';
import { tablesWithRows } from '../db/move/catalog.js';
import { MoveRefused, moveToPostgres } from '../db/move/move.js';
import { pgliteRunner, type Runner } from '../db/move/runner.js';
import { ADMIN, createUser, freshStore, login, startApp, type Store } from '../test/harness.js';
import {
  deviceCall,
  digests,
  ODD_TEXT,
  onTarget,
  schemaShape,
  seededFolder,
  type SeededFolder,
} from '../test/move-fixtures.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'cli', 'migrate-to-postgres-main.js');

/** Runs `fn` on the data folder's embedded database (taking the folder, as any opener does). */
async function onSource<T>(dataDir: string, fn: (db: Runner) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return await client.transaction((tx) => fn(pgliteRunner(tx)));
  } finally {
    await database.close();
  }
}

async function runCli(dataDir: string, to: string) {
  return run(process.execPath, [CLI, '--to', to, '--data-dir', dataDir], {
    env: { ...process.env, DATABASE_URL: '' },
  })
    .then((r) => ({ code: 0, ...r }))
    .catch((e: { code: number; stdout: string; stderr: string }) => e);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('moving the embedded database to PostgreSQL', () => {
  let folder: SeededFolder;
  let dataDir: string;
  let before: Record<string, string>;
  const targets: Store[] = [];
  /** A new, empty PostgreSQL database (no schema at all). */
  const emptyTarget = async () => {
    const store = await freshStore('postgres', { empty: true });
    targets.push(store);
    return store.env.DATABASE_URL!;
  };

  beforeAll(async () => {
    folder = await seededFolder();
    dataDir = folder.store.env.DATA_DIR!;
    before = await onSource(dataDir, digests);
  }, 180_000);
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await folder?.store.drop();
  });

  it('copies every row, and a server on the target signs in, serves the kiosk, the media and the log', async () => {
    const url = await emptyTarget();
    const seen: string[] = [];
    const result = await moveToPostgres({
      dataDir,
      targetUrl: url,
      batchRows: 25,
      onTable: (t) => void seen.push(t),
    });
    expect(result.tables.every((t) => t.source === t.target)).toBe(true);
    expect(result.tables.find((t) => t.name === 'conversations')!.source).toBeGreaterThan(50);
    // Parents first: projects before devices before conversations; the topic tree's key re-created.
    expect(seen.indexOf('projects')).toBeLessThan(seen.indexOf('devices'));
    expect(seen.indexOf('devices')).toBeLessThan(seen.indexOf('conversations'));
    expect(result.deferredKeys.some((k) => k.startsWith('ai_topics.'))).toBe(true);
    // Value for value: jsonb, bytea (text vectors), arrays, timestamps, the BOM in the question.
    expect(await onTarget(url, digests)).toEqual(before);
    // The indexes dropped for the copy and the deferred keys are back, as the migrations made them.
    const shape = await onTarget(url, schemaShape);
    expect(shape.length).toBeGreaterThan(100);
    expect(shape).toEqual(await onSource(dataDir, schemaShape));

    const t = await startApp({ env: { DATABASE_URL: url, DATA_DIR: dataDir } });
    try {
      expect(t.database.kind).toBe('postgres');
      const user = await login(t.app, folder.user.username, folder.user.password);
      const admin = await login(t.app, ADMIN.username, ADMIN.password);
      expect((await deviceCall(t.app, folder.device.key, 'GET', '/config')).statusCode).toBe(200);
      const media = await t.app.inject({ method: 'GET', url: folder.media.url });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.equals(folder.media.bytes)).toBe(true);
      const [moved] = await onTarget(url, (db) =>
        db.rows<{ description: string; asked: string }>(
          'select description, (select count(*)::text from conversations where device_id = $1) as asked from devices where id = $1',
          [folder.device.id],
        ),
      );
      expect(moved).toEqual({ description: ODD_TEXT, asked: '1' });
      // New rows get new ids: the sequences were restarted past the copied ones.
      await createUser(t.app, admin, { username: 'after_move', role_id: 3 });
      const session = await deviceCall(t.app, folder.device.key, 'POST', '/sessions', {
        language: 'english',
      });
      expect(session.statusCode).toBe(200);
      const ask = await deviceCall(t.app, folder.device.key, 'POST', '/ask', {
        session_id: session.json().data.session_id,
        text: 'parking',
        language: 'english',
      });
      expect(ask.statusCode).toBe(200);
      expect(user.userId).toBeGreaterThan(0);
      // The installation is the same one: its id, hence its Redis namespace on this database.
      const [identity] = await onTarget(url, (db) =>
        db.rows<{ id: string; database: string }>(
          'select id::text, current_database() as database from installation',
        ),
      );
      expect(identity!.id).toBe(result.installation!.id);
      expect(t.app.redisPrefix).toBe(derivedRedisPrefix(identity!));
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses a target that holds data, and changes nothing in it', async () => {
    const seeded = await freshStore('postgres');
    targets.push(seeded);
    await (await startApp(seeded)).close(); // a server's first start seeds the demo project
    const url = seeded.env.DATABASE_URL!;
    const was = await onTarget(url, digests);
    await expect(moveToPostgres({ dataDir, targetUrl: url })).rejects.toThrow(MoveRefused);
    await expect(moveToPostgres({ dataDir, targetUrl: url })).rejects.toThrow(
      /not empty \(rows in .*projects/,
    );
    expect(await onTarget(url, digests)).toEqual(was);

    // Someone else's database is not migrated into either.
    const other = await emptyTarget();
    await onTarget(other, async (db) => {
      await db.rows('create table notes (body text)');
      await db.rows("insert into notes values ('kept')");
    });
    await expect(moveToPostgres({ dataDir, targetUrl: other })).rejects.toThrow(
      /not empty \(rows in notes\)/,
    );
    const schemas = await onTarget(other, (db) =>
      db.rows<{ n: string }>("select count(*)::text as n from pg_namespace where nspname = 'drizzle'"),
    );
    expect(schemas[0]!.n).toBe('0');
  }, 60_000);

  it('leaves the target without a row when the copy fails half way, and a second run then succeeds', async () => {
    const url = await emptyTarget();
    await expect(
      moveToPostgres({
        dataDir,
        targetUrl: url,
        onTable: (table) => {
          if (table === 'conversations') throw new Error('the disk is full');
        },
      }),
    ).rejects.toThrow('the disk is full');
    expect(await onTarget(url, tablesWithRows)).toEqual([]);
    await moveToPostgres({ dataDir, targetUrl: url });
    expect(await onTarget(url, digests)).toEqual(before);
  }, 60_000);

  it('refuses while a server holds the data folder', async () => {
    const lock = path.join(dataDir, 'pglite', 'in-use.json');
    const holder = {
      pid: process.ppid,
      host: os.hostname(),
      what: 'the server',
      since: new Date().toISOString(),
    };
    await fs.writeFile(lock, JSON.stringify(holder));
    try {
      const url = await emptyTarget();
      await expect(moveToPostgres({ dataDir, targetUrl: url })).rejects.toThrow(DataDirInUse);
      await expect(moveToPostgres({ dataDir, targetUrl: url })).rejects.toThrow(/in use by the server/);
      const tables = await onTarget(url, (db) =>
        db.rows("select 1 from pg_class where relnamespace = 'public'::regnamespace"),
      );
      expect(tables).toEqual([]); // not even migrated
    } finally {
      await fs.rm(lock, { force: true });
    }
  });

  it.skipIf(!existsSync(CLI))(
    'runs as the built command: refuses beside a running server, then moves and prints the summary',
    async () => {
      const url = await emptyTarget();
      const server = await startApp(folder.store); // holds the folder in this process
      try {
        const refused = await runCli(dataDir, url);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/The data folder .* is in use by the server \(process \d+/);
      } finally {
        await server.close();
      }
      const now = await onSource(dataDir, digests); // the server's start may have tidied something
      const moved = await runCli(dataDir, url);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toMatch(/every table's row count is the same on both sides/);
      expect(moved.stdout).toMatch(/^\s+conversations\s+\d+\s+\d+$/m);
      expect(moved.stdout).toContain(`stay in ${path.join(path.resolve(dataDir), 'media')} (all present)`);
      expect(moved.stdout).toContain(`DATA_DIR=${path.resolve(dataDir)}`);
      expect(await onTarget(url, digests)).toEqual(now);
    },
    60_000,
  );
});
