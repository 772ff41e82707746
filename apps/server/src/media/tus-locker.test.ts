import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tus/server';
import { freshStore, type Store } from '../test/harness.js';
import { createPostgresLocker } from './tus-locker.js';

/** Two instances' lockers on one PostgreSQL: one request per upload at a time across them. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL upload locker', () => {
  let store: Store;
  let a: ReturnType<typeof createPostgresLocker>;
  let b: ReturnType<typeof createPostgresLocker>;
  beforeAll(async () => {
    store = await freshStore('postgres');
    a = createPostgresLocker(store.env.DATABASE_URL!);
    b = createPostgresLocker(store.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.drop();
  });

  it('makes the other instance wait until the upload is unlocked, and lets other uploads through', async () => {
    const held = a.newLock('upload-1');
    await held.lock(new AbortController().signal, () => undefined);
    // Another upload is not held up.
    const other = b.newLock('upload-2');
    await other.lock(new AbortController().signal, () => undefined);
    await other.unlock();

    let acquired = false;
    const waiting = b.newLock('upload-1');
    const pending = waiting.lock(new AbortController().signal, () => undefined).then(() => (acquired = true));
    await new Promise((r) => setTimeout(r, 400));
    expect(acquired).toBe(false);
    await held.unlock();
    await pending;
    expect(acquired).toBe(true);
    await waiting.unlock();
  });

  it('gives up when the request is aborted while it waits', async () => {
    const held = a.newLock('upload-3');
    await held.lock(new AbortController().signal, () => undefined);
    const stop = new AbortController();
    const waiting = b.newLock('upload-3').lock(stop.signal, () => undefined);
    setTimeout(() => stop.abort(), 200);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });
});
