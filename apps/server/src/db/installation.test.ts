import { describe, expect, it } from 'vitest';
import { derivedRedisPrefix } from '../bus/namespace.js';
import { backends, freshStore } from '../test/harness.js';
import { onPostgres, databaseUrl } from '../test/postgres-admin.js';
import { openDatabase } from './client.js';
import { installationIdentity } from './installation.js';

const open = (env: Record<string, string>) =>
  openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });

describe.each(backends)('the installation identity (%s)', (kind) => {
  it('is made once (concurrent first starts agree), kept across restarts, and differs per database', async () => {
    const [first, other] = [await freshStore(kind), await freshStore(kind)];
    try {
      const database = await open(first.env);
      const [a, b] = await Promise.all([
        installationIdentity(database.db),
        installationIdentity(database.db),
      ]);
      expect(b).toEqual(a);
      await database.close();
      const reopened = await open(first.env);
      expect(await installationIdentity(reopened.db)).toEqual(a);
      await reopened.close();

      const elsewhere = await open(other.env);
      const theirs = await installationIdentity(elsewhere.db);
      await elsewhere.close();
      expect(theirs.id).not.toBe(a.id);
      expect(derivedRedisPrefix(theirs)).not.toBe(derivedRedisPrefix(a));
    } finally {
      await Promise.all([first.drop(), other.drop()]);
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a copy of the database on the same server', () => {
  it('keeps the id but gets a namespace of its own (the database name is part of it)', async () => {
    const store = await freshStore('postgres');
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const source = new URL(store.env.DATABASE_URL!).pathname.slice(1);
    const copy = `${source}_copy`;
    try {
      const database = await open(store.env);
      const original = await installationIdentity(database.db);
      await database.close();
      await onPostgres(baseUrl, `create database ${copy} template ${source}`);
      const copied = await openDatabase({ databaseUrl: databaseUrl(baseUrl, copy) });
      const theirs = await installationIdentity(copied.db);
      await copied.close();
      expect(theirs.id).toBe(original.id);
      expect(derivedRedisPrefix(theirs)).not.toBe(derivedRedisPrefix(original));
    } finally {
      await onPostgres(baseUrl, `drop database if exists ${copy} with (force)`);
      await store.drop();
    }
  });
});
