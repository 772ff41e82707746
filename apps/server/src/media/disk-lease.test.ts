import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { freshStore, startApp, type Store, type TestApp } from '../test/harness.js';
import { holdMediaDisk, MediaNotShared, MEDIA_LEASE_MS } from './disk-lease.js';

/**
 * Two instances on one PostgreSQL, each its own disk, 404 each other's media (issue 38): the
 * second refuses to start, while instances sharing one folder, a restart and an instance that died
 * long ago are no reason to.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a second instance with media on another disk', () => {
  let store: Store;
  let database: Database;
  const dirs: string[] = [];
  const releases: Array<() => Promise<void>> = [];
  const folder = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-disk-'));
    dirs.push(dir);
    return dir;
  };
  const hold = async (dir: string) => {
    const release = await holdMediaDisk(database.db, dir);
    releases.push(release);
    return release;
  };

  beforeAll(async () => {
    store = await freshStore('postgres');
    database = await openDatabase({ databaseUrl: store.env.DATABASE_URL! });
  });
  afterAll(async () => {
    for (const r of releases) await r();
    await database?.close();
    await store?.drop();
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('refuses to start an app whose media folder is not the running one’s, saying how to share', async () => {
    let a: TestApp | undefined;
    try {
      a = await startApp(store);
      const other = await folder();
      const refused = await startApp({ env: { ...store.env, DATA_DIR: other } }).then(
        async (b) => {
          await b.close();
          return null;
        },
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(MediaNotShared);
      expect((refused as Error).message).toMatch(/another disk/);
      expect((refused as Error).message).toMatch(/S3_BUCKET/);
      expect((refused as Error).message).toMatch(/shared folder/);
      // The same folder (a shared disk) is fine.
      const b = await startApp(store);
      await b.close();
    } finally {
      await a?.close();
    }
    // A closed instance is gone at once: another disk may start now.
    const c = await startApp({ env: { ...store.env, DATA_DIR: await folder() } });
    await c.close();
  });

  it('lets a restarted instance start beside the record of the one it replaces (killed, never released)', async () => {
    const dir = await folder();
    await hold(dir); // the old process, killed: its row still beats for up to the lease
    const restarted = await hold(dir);
    await restarted();
    await releases.shift()!();
  });

  it('forgets an instance that stopped beating longer than the lease ago', async () => {
    await hold(await folder());
    await expect(hold(await folder())).rejects.toBeInstanceOf(MediaNotShared);
    await database.db.execute(
      sql`update media_instances set heartbeat_at = now() - make_interval(secs => ${(2 * MEDIA_LEASE_MS) / 1000})`,
    );
    const other = await hold(await folder());
    await other();
  });

  it('counts a live instance whose folder is a copy taken before it started (a restore elsewhere)', async () => {
    for (const r of releases.splice(0)) await r();
    const original = await folder();
    const copy = await folder();
    await fs.cp(original, copy, { recursive: true });
    await hold(original);
    await expect(hold(copy)).rejects.toBeInstanceOf(MediaNotShared);
  });
});
