import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  backends,
  createUser,
  login,
  multipartFile,
  solidPng,
  startApp,
  freshStore,
  type Store,
} from '../test/harness.js';
import { databaseUrl, onPostgres } from '../test/postgres-admin.js';
import { insertConversations } from '../test/conversation-fixtures.js';
import { conversations } from './schema.js';

const run = promisify(execFile);

/**
 * The backup and restore that docs/operations.md ("Backups and restore") tells a site to do, done
 * as written: the embedded database by copying the stopped server's data folder; PostgreSQL with
 * `pg_dump -Fc` and `pg_restore` into an empty database, plus a copy of the media folder. What
 * was there before must be there after: a user who signs in, an uploaded image that serves, the
 * conversation log.
 */
describe.each(backends)('backup and restore on %s', (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('brings back users, media and conversations as they were', async () => {
    const store = await freshStore(kind);
    cleanup.push(() => store.drop());
    const before = await startApp(store);
    const admin = await login(before.app, ADMIN.username, ADMIN.password);
    const operator = await createUser(before.app, admin, { username: 'night.shift', role_id: 2 });
    const png = await solidPng(64, 48, '#2a6');
    const body = multipartFile({ name: 'lobby.png', content: png, type: 'image/png' });
    const upload = await before.app.inject({
      method: 'POST',
      url: '/admin_panel/ai_config/upload?device_id=1',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    const imageUrl: string = upload.json().data.url;
    await insertConversations(before.database.db, [
      { deviceId: 1, at: '2026-11-30T09:15:00Z', acquire: '洗手間喺邊度？', language: 'cantonese' },
      { deviceId: 1, at: '2026-11-30T09:16:00Z', acquire: 'Where can I park?', rating: 1 },
    ]);
    const logOf = (db: typeof before.database.db) =>
      db
        .select({ acquire: conversations.acquire, at: conversations.at, rating: conversations.rating })
        .from(conversations);
    const logBefore = await logOf(before.database.db);
    expect(logBefore).toHaveLength(2);
    await before.close();

    // The backup, with the server stopped.
    const backup = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-backup-'));
    cleanup.push(() => fs.rm(backup, { recursive: true, force: true }));
    const dataDir = store.env.DATA_DIR!;
    let restored: Store;
    if (kind === 'pglite') {
      await fs.cp(dataDir, path.join(backup, 'data'), { recursive: true });
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-restored-'));
      await fs.cp(path.join(backup, 'data'), dir, { recursive: true });
      restored = { env: { DATA_DIR: dir }, drop: () => fs.rm(dir, { recursive: true, force: true }) };
    } else {
      const dump = path.join(backup, 'ambassador.dump');
      await run('pg_dump', ['-Fc', '-f', dump, store.env.DATABASE_URL!]);
      await fs.cp(path.join(dataDir, 'media'), path.join(backup, 'media'), { recursive: true });
      const base = process.env.TEST_DATABASE_URL!;
      const name = `ac_restore_${randomBytes(5).toString('hex')}`;
      await onPostgres(base, `create database ${name}`);
      const url = databaseUrl(base, name);
      await run('pg_restore', ['--no-owner', '-d', url, dump]);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-restored-'));
      await fs.cp(path.join(backup, 'media'), path.join(dir, 'media'), { recursive: true });
      restored = {
        env: { DATABASE_URL: url, DATA_DIR: dir },
        drop: async () => {
          await fs.rm(dir, { recursive: true, force: true });
          await onPostgres(base, `drop database if exists ${name} with (force)`);
        },
      };
    }
    cleanup.push(() => restored.drop());

    const after = await startApp(restored);
    try {
      const back = await login(after.app, 'night.shift', operator.password);
      expect(back.userId).toBe(operator.session.userId);
      const image = await after.app.inject({ method: 'GET', url: imageUrl, headers: admin.headers });
      expect(image.statusCode).toBe(200);
      expect(Buffer.compare(image.rawPayload, png)).toBe(0);
      expect(await logOf(after.database.db)).toEqual(logBefore);
      // A new row after the restore gets a new id (the sequences came back too).
      const again = await createUser(after.app, await login(after.app, ADMIN.username, ADMIN.password), {
        username: 'day.shift',
        role_id: 2,
      });
      expect(again.session.userId).toBeGreaterThan(operator.session.userId);
    } finally {
      await after.close();
    }
  });
});
