import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MrcDocument } from '@ambassador/contracts';
import {
  ADMIN,
  freshStore,
  login,
  multipartFile,
  multipartForm,
  solidPng,
  startApp,
  type Session,
  type Store,
  type TestApp,
} from '../test/harness.js';
import { makeVideo } from '../test/media-fixtures.js';
import { S3_SKIP_REASON, startS3Server, type S3TestServer } from '../test/s3-server.js';
import { createDevice } from '../test/sockets.js';
import { noisePng, tusClient } from '../test/tus-client.js';
import { createS3BlobStore } from './s3-blob-store.js';
import { createMediaStore, mediaLimitsOf } from './store.js';
import { createVideoTools } from './video.js';

const skip = !process.env.TEST_DATABASE_URL || S3_SKIP_REASON !== null;
if (!process.env.TEST_DATABASE_URL) console.warn('shared media tests skipped: they need TEST_DATABASE_URL');

/**
 * Two instances behind a balancer: one PostgreSQL database, each its own DATA_DIR, one bucket.
 * Whatever one of them stored, the other serves, ranges and scans (issue 38).
 */
describe.skipIf(skip)('two instances sharing media in an S3 bucket', () => {
  let s3: S3TestServer;
  let store: Store;
  let otherDir: string;
  let a: TestApp;
  let b: TestApp;
  let adminA: Session;
  let adminB: Session;
  let device: number;
  let work: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    const { env } = await s3.bucket('ambassador/');
    store = await freshStore('postgres');
    otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-test-b-'));
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-shared-'));
    // 3 MB of unfinished uploads a user: counted from the bucket, whichever instance asks.
    const limits = { ...env, UPLOADS_IN_FLIGHT_USER_MB: '3' };
    a = await startApp(store, limits);
    b = await startApp({ env: { ...store.env, DATA_DIR: otherDir } }, limits);
    adminA = await login(a.app, ADMIN.username, ADMIN.password);
    adminB = await login(b.app, ADMIN.username, ADMIN.password);
    device = (await createDevice(a.app, adminA, 'Shared Lobby')).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await store?.drop();
    await s3?.stop();
    await fs.rm(otherDir, { recursive: true, force: true });
    await fs.rm(work, { recursive: true, force: true });
  });

  it('serves through B an image uploaded through A, its variants too', async () => {
    const png = await solidPng(2000, 1200, '#3366cc');
    const body = multipartFile({ name: 'banner.png', content: png, type: 'image/png' });
    const up = await a.app.inject({
      method: 'POST',
      url: `/admin_panel/ai_config/upload?device_id=${device}`,
      headers: { ...adminA.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const { url, thumb_url, web_url } = up.json().data as Record<string, string>;
    const original = await b.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
    for (const variant of [thumb_url!, web_url!]) {
      expect((await b.app.inject({ method: 'GET', url: variant })).statusCode, variant).toBe(200);
    }
    // Nothing of it is on either instance's disk: the bucket holds it.
    const onDisk = await fs.readdir(a.config.mediaDir, { recursive: true });
    expect(onDisk.filter((n) => n.endsWith('.png') || n.endsWith('.webp'))).toEqual([]);
  });

  it('answers through B the byte ranges of a video stored through A', async () => {
    const mp4 = await makeVideo(work, 'seek.mp4', { video: 'libx264', audio: 'aac', faststart: true });
    const media = createMediaStore({
      dir: a.config.mediaDir,
      db: a.database.db,
      clock: a.clock,
      limits: mediaLimitsOf(a.config),
      blobs: createS3BlobStore(a.config.s3!),
      video: createVideoTools({ ffprobe: a.config.FFPROBE_PATH, ffmpeg: a.config.FFMPEG_PATH }),
    });
    const saved = await media.save(Readable.from([mp4]), {
      projectId: adminA.projectId,
      userId: adminA.userId,
      originalName: 'seek.mp4',
      kind: 'video',
    });
    expect(saved.poster_url).toMatch(/^\/media\//);
    const part = await b.app.inject({ method: 'GET', url: saved.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const tail = await b.app.inject({ method: 'GET', url: saved.url, headers: { range: 'bytes=-50' } });
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 50))).toBe(true);
    expect((await b.app.inject({ method: 'GET', url: saved.poster_url! })).statusCode).toBe(200);
  });

  it('scans on B a document uploaded through A, and downloads it through B', async () => {
    const text = Buffer.from('Opening hours\nThe museum opens at nine and closes at six every day.\n');
    const form = multipartForm({ device_id: String(device) }, [
      { field: 'file', name: 'hours.txt', content: text, type: 'text/plain' },
    ]);
    const up = await a.app.inject({
      method: 'POST',
      url: '/admin_panel/mrc',
      headers: { ...adminA.headers, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const [doc] = (up.json().data as { documents: MrcDocument[] }).documents;
    // B claims the scan A queued (one database), reading the original from the bucket.
    await b.app.jobs.runDue();
    const read = await b.app.inject({
      method: 'GET',
      url: `/admin_panel/mrc?device_id=${device}`,
      headers: adminB.headers,
    });
    const scanned = (read.json().data as MrcDocument[]).find((d) => d.id === doc!.id)!;
    expect(scanned).toMatchObject({ status: 'Ready', failure: null });
    const file = await b.app.inject({ method: 'GET', url: doc!.url, headers: adminB.headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(text)).toBe(true);
  });

  it('completes a resumable upload whose first chunk went to A and the rest to B', async () => {
    const png = noisePng(640, 480);
    const onA = tusClient(a.app, adminA.headers);
    const onB = tusClient(b.app, adminB.headers);
    const created = await onA.create(png.length, {
      device_id: device,
      kind: 'image',
      filename: 'shared.png',
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const first = 300_000;
    expect((await onA.patch(location, 0, png.subarray(0, first))).statusCode).toBe(204);
    const head = await onB.head(location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(first));
    const second = 600_000;
    expect((await onB.patch(location, first, png.subarray(first, second))).statusCode).toBe(204);
    const last = await onB.patch(location, second, png.subarray(second));
    expect(last.statusCode, last.body).toBe(200);
    const item = last.json().data as { url: string; media_id: number };
    // A reads how it ended (its answer lost) and serves the file B stored.
    const result = await onA.result(location);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().data.media_id).toBe(item.media_id);
    const served = await a.app.inject({ method: 'GET', url: item.url });
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('counts unfinished uploads from the bucket and cancels on B what A created; housekeeping runs', async () => {
    const onA = tusClient(a.app, adminA.headers);
    const onB = tusClient(b.app, adminB.headers);
    const meta = { device_id: device, kind: 'image', filename: 'big.png' };
    const MB = 1024 * 1024;
    const first = await onA.create(2 * MB, meta);
    expect(first.statusCode, first.body).toBe(201);
    const location = first.headers.location as string;
    expect((await onA.patch(location, 0, Buffer.alloc(1000, 1))).statusCode).toBe(204);
    // B sees A's 2 MB: another 2 MB would pass the 3 MB a user may have unfinished.
    const refused = await onB.create(2 * MB, meta);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('uploads_in_flight');
    expect((await onB.remove(location)).statusCode).toBe(204);
    expect((await onA.head(location)).statusCode).toBe(404);
    const next = await onB.create(2 * MB, meta);
    expect(next.statusCode, next.body).toBe(201);
    expect((await onB.remove(next.headers.location as string)).statusCode).toBe(204);
    for (const t of [a, b]) {
      const task = t.app.housekeepingTasks.find((x) => x.name === 'delete abandoned resumable uploads')!;
      await expect(task.run()).resolves.toMatchObject({ uploads: 0 });
    }
  });
});
