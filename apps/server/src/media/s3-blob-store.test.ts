import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { createHash } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobMissing, createLocalBlobStore, type BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';
import { S3_SKIP_REASON, startS3Server, type S3TestServer } from '../test/s3-server.js';

const keyOf = (content: string, ext = 'txt') =>
  `${createHash('sha256').update(content).digest('hex')}.${ext}`;

/** The five calls every blob store answers alike (docs/decisions.md, "Media pipeline"). */
function contract(name: string, make: () => Promise<BlobStore & { list?: () => Promise<string[]> }>) {
  describe(name, () => {
    let store: Awaited<ReturnType<typeof make>>;
    let work: string;
    beforeAll(async () => {
      store = await make();
      work = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-blob-'));
    });
    afterAll(() => fs.rm(work, { recursive: true, force: true }));

    const local = async (content: string) => {
      const file = path.join(work, keyOf(content));
      await fs.writeFile(file, content);
      return file;
    };

    it('puts, stats, gets whole and by range, and deletes (twice without error)', async () => {
      const content = 'hello, shared media: 0123456789';
      const key = keyOf(content);
      expect(await store.stat(key)).toBeNull();
      await store.put(key, await local(content));
      expect(await store.stat(key)).toEqual({ size: content.length });
      expect(await text(await store.get(key))).toBe(content);
      expect(await text(await store.get(key, { start: 7, end: 12 }))).toBe('shared');
      expect(await text(await store.get(key, { start: content.length - 4, end: content.length - 1 }))).toBe(
        '6789',
      );
      await store.delete(key);
      expect(await store.stat(key)).toBeNull();
      await store.delete(key);
    });

    it('a put of a key already there changes nothing (keys name their content)', async () => {
      const content = 'written once';
      const key = keyOf(content);
      await store.put(key, await local(content));
      const other = path.join(work, 'other');
      await fs.writeFile(other, 'something else entirely');
      await store.put(key, other);
      expect(await text(await store.get(key))).toBe(content);
    });

    it('a missing blob is BlobMissing, naming the key and no server path', async () => {
      const key = keyOf('never stored');
      const err = await store.get(key).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BlobMissing);
      expect((err as Error).message).toContain(key);
      expect((err as Error).message).not.toMatch(/[\\/]tmp[\\/]|ac-blob|media[\\/]/);
    });

    it('refuses what is not a blob key', async () => {
      await expect(store.stat('../../etc/passwd')).rejects.toThrow(/blob key/);
    });

    if (name.startsWith('S3'))
      it('keeps its keys under S3_PREFIX', async () => {
        const content = 'under the prefix';
        await store.put(keyOf(content), await local(content));
        expect(await store.list!()).toContain(`install-a/${keyOf(content)}`);
      });
  });
}

contract('local blob store', async () =>
  createLocalBlobStore(await fs.mkdtemp(path.join(os.tmpdir(), 'ac-blobs-'))),
);

describe.skipIf(S3_SKIP_REASON !== null)('S3 blob store (moto)', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server?.stop());
  contract('S3 blob store', async () => {
    const { settings } = await server.bucket('install-a/');
    const store = createS3BlobStore(settings);
    const list = async () =>
      ((await store.client.send(new ListObjectsV2Command({ Bucket: settings.bucket }))).Contents ?? []).map(
        (o) => o.Key!,
      );
    return Object.assign(store, { list });
  });
});
