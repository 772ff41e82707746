import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_VERSION } from '@ambassador/contracts';
import {
  ADMIN,
  backends,
  createUser,
  freshStore,
  login,
  otherProject,
  startApp,
  storedFiles,
  suiteApp,
  type Session,
  type Store,
  type TestApp,
} from '../test/harness.js';
import { noisePng, tusClient, tusMetadata, UPLOADS } from '../test/tus-client.js';

const DEVICE = 1;
const GB = 1024 * 1024 * 1024;

describe.each(backends)('resumable uploads (tus), on %s', (kind) => {
  const t = suiteApp(kind);
  let admin: Session;
  let client: ReturnType<typeof tusClient>;
  const png = noisePng(640, 480); // about 900 KB of real PNG
  const tusDir = () => path.join(t.config.mediaDir, '.tus');

  beforeAll(async () => {
    admin = await login(t.app, ADMIN.username, ADMIN.password);
    client = tusClient(t.app, admin.headers);
  });

  const start = async (bytes: Buffer, fields: Record<string, string | number> = {}) => {
    const res = await client.create(bytes.length, {
      device_id: DEVICE,
      kind: 'image',
      filename: 'banner.png',
      ...fields,
    });
    expect(res.statusCode).toBe(201);
    return res.headers.location as string;
  };

  it('takes a file in chunks and answers the last one with the stored media item', async () => {
    const location = await start(png, { filename: '橫額 banner.png' });
    expect(location).toMatch(/^\/admin_panel\/media\/uploads\/[0-9a-f]{32}$/);
    const third = Math.ceil(png.length / 3);
    let offset = 0;
    for (let i = 0; i < 2; i++) {
      const res = await client.patch(location, offset, png.subarray(offset, offset + third));
      expect(res.statusCode).toBe(204);
      offset = Number(res.headers['upload-offset']);
      expect(offset).toBe(Math.min((i + 1) * third, png.length));
    }
    const last = await client.patch(location, offset, png.subarray(offset));
    expect(last.statusCode).toBe(200);
    expect(last.headers['upload-offset']).toBe(String(png.length));
    const item = last.json().data;
    expect(item).toMatchObject({ mime: 'image/png', size: png.length });
    // The stored file is the one sent, served under /media.
    const served = await t.app.inject({ method: 'GET', url: item.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    // The result stays readable, and nothing of the partial upload is left.
    expect((await client.result(location)).json().data).toEqual(item);
    const id = location.split('/').pop()!;
    expect(await fs.readdir(tusDir())).not.toContain(id);
    // A resuming client sees a finished upload as complete.
    const head = await client.head(location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(png.length));
  });

  /** A creating POST with its own headers (the tus client's `create` sends no body and no extension). */
  const createRaw = (length: number, filename: string, extra: Record<string, string>, payload?: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: {
        ...admin.headers,
        'tus-resumable': TUS_VERSION,
        'upload-length': String(length),
        'upload-metadata': tusMetadata({ device_id: DEVICE, kind: 'image', filename }),
        ...extra,
      },
      ...(payload ? { payload } : {}),
    });

  it('takes the whole file in the creating POST (creation-with-upload), with its address and the item', async () => {
    const res = await createRaw(
      png.length,
      'whole.png',
      { 'content-type': 'application/offset+octet-stream' },
      png,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.location).toMatch(/^\/admin_panel\/media\/uploads\/[0-9a-f]{32}$/);
    expect(res.headers['upload-offset']).toBe(String(png.length));
    const item = res.json().data;
    expect(item).toMatchObject({ mime: 'image/png', size: png.length });
    expect((await client.result(res.headers.location as string)).json().data).toEqual(item);
    // Nothing of the upload is left beside the stored item.
    expect(await fs.readdir(tusDir())).not.toContain((res.headers.location as string).split('/').pop());
  });

  it('refuses concatenation (Upload-Concat) with a clear 400: it is not offered', async () => {
    const res = await createRaw(100, 'part.png', { 'upload-concat': 'partial' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'upload_protocol',
      message: expect.stringMatching(/Upload-Concat/),
    });
  });

  it('resumes after the connection drops mid-chunk: HEAD gives what arrived, PATCH continues', async () => {
    const location = await start(png);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // One PATCH declaring the whole file, cut after 300 KB.
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...admin.headers,
          'tus-resumable': TUS_VERSION,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(png.length),
        },
      });
      req.on('error', () => resolve());
      req.write(png.subarray(0, 300_000), () => setTimeout(() => req.destroy(), 50));
      req.on('close', () => resolve());
    });
    // The server keeps what reached it; HEAD answers once the cut request has let go of it.
    let offset = 0;
    await expect
      .poll(async () => {
        const head = await client.head(location);
        offset = Number(head.headers['upload-offset'] ?? -1);
        return head.statusCode === 200 && offset > 0;
      })
      .toBe(true);
    expect(offset).toBeLessThanOrEqual(300_000);
    // Continuing from anywhere else is refused and changes nothing.
    const wrong = await client.patch(location, 0, png);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ success: false, error: 'upload_offset_mismatch' });
    const rest = await client.patch(location, offset, png.subarray(offset));
    expect(rest.statusCode).toBe(200);
    const item = rest.json().data;
    // Served back byte for byte from where the store put it.
    const served = await t.app.inject({ method: 'GET', url: item.url });
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuses at creation, before any byte: no session, a 2 GB video, an oversized image, another project’s device, an unknown kind, no length', async () => {
    const before = await fs.readdir(tusDir()).catch(() => []);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: {
        'tus-resumable': TUS_VERSION,
        'upload-length': '10',
        'upload-metadata': tusMetadata({ device_id: DEVICE, kind: 'image', filename: 'a.png' }),
      },
    });
    expect(anonymous.statusCode).toBe(401);
    const huge = await client.create(2 * GB, { device_id: DEVICE, kind: 'video', filename: 'film.mp4' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, error: 'file_too_large' });
    expect(huge.json().message).toContain('500 MB');
    const bigImage = await client.create(11 * 1024 * 1024, {
      device_id: DEVICE,
      kind: 'image',
      filename: 'a.png',
    });
    expect(bigImage.json()).toMatchObject({ error: 'file_too_large' });
    const other = await otherProject(t.database);
    const foreign = await client.create(100, { device_id: other.deviceId, kind: 'image', filename: 'a.png' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This device is not in your project.');
    const unknownKind = await client.create(100, { device_id: DEVICE, kind: 'audio', filename: 'a.mp3' });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json()).toMatchObject({ error: 'validation_error' });
    expect(unknownKind.json().issues[0].path).toEqual(['kind']);
    const deferred = await t.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: {
        ...admin.headers,
        'tus-resumable': TUS_VERSION,
        'upload-defer-length': '1',
        'upload-metadata': tusMetadata({ device_id: DEVICE, kind: 'image', filename: 'a.png' }),
      },
    });
    expect(deferred.json()).toMatchObject({ error: 'upload_length_required' });
    const noVersion = await t.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: {
        ...admin.headers,
        'upload-length': '10',
        'upload-metadata': tusMetadata({ device_id: DEVICE, kind: 'image', filename: 'a.png' }),
      },
    });
    expect(noVersion.statusCode).toBe(412);
    expect(noVersion.json()).toMatchObject({ success: false, error: 'upload_protocol' });
    expect(await fs.readdir(tusDir()).catch(() => [])).toEqual(before);
  });

  it('an upload is its creator’s: another user or project is answered 404 and changes nothing', async () => {
    const location = await start(png);
    await client.patch(location, 0, png.subarray(0, 1000));
    const { session: colleague } = await createUser(t.app, admin, {
      username: `colleague_${kind}`,
      role_id: 3,
    });
    const other = await otherProject(t.database);
    const stranger = await login(t.app, other.username, other.password);
    for (const who of [colleague, stranger]) {
      const theirs = tusClient(t.app, who.headers);
      expect((await theirs.patch(location, 1000, png.subarray(1000, 2000))).statusCode).toBe(404);
      expect((await theirs.head(location)).statusCode).toBe(404);
      expect((await theirs.remove(location)).statusCode).toBe(404);
      expect((await theirs.result(location)).json()).toMatchObject({ error: 'not_found' });
    }
    expect((await client.head(location)).headers['upload-offset']).toBe('1000');
    const early = await client.result(location);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'upload_incomplete' });
    // Its creator may cancel it: what arrived is deleted.
    expect((await client.remove(location)).statusCode).toBe(204);
    expect((await client.head(location)).statusCode).toBe(404);
  });

  it('an HTML file sent as an image is refused when it is complete, and nothing of it is kept', async () => {
    const html = Buffer.from(`<!doctype html><html><body>${'<p>not an image</p>'.repeat(500)}</body></html>`);
    const location = await start(html, { filename: 'photo.png' });
    const res = await client.patch(location, 0, html);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: 'unsupported_type' });
    // Asked again (the answer was lost), the same refusal.
    const again = await client.result(location);
    expect(again.statusCode).toBe(415);
    expect(again.json()).toMatchObject({ error: 'unsupported_type' });
    const id = location.split('/').pop()!;
    expect(await fs.readdir(tusDir())).not.toContain(id);
    expect((await storedFiles(t.config.mediaDir)).filter((f) => f.endsWith('.html'))).toEqual([]);
  });

  it('a finished upload becomes carousel banners by its media id, only in its project', async () => {
    const location = await start(png, { filename: '活動 campaign.png' });
    const item = (await client.patch(location, 0, png)).json().data;
    const attach = (headers: Record<string, string>, device: number) =>
      t.app.inject({
        method: 'POST',
        url: '/admin_panel/carousel/media',
        headers,
        payload: { device_id: device, media_ids: [item.media_id] },
      });
    const other = await otherProject(t.database);
    const stranger = await login(t.app, other.username, other.password);
    const theirs = await attach(stranger.headers, other.deviceId);
    expect(theirs.statusCode).toBe(404);
    const res = await attach(admin.headers, DEVICE);
    expect(res.statusCode).toBe(200);
    const banner = res.json().data.at(-1);
    expect(banner).toMatchObject({ url: item.url, original_name: '活動 campaign.png', mime: 'image/png' });
    // The same file may be a second banner: both show it.
    const twice = await attach(admin.headers, DEVICE);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.at(-1)).toMatchObject({ url: item.url });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/admin_panel/carousel?device_id=${DEVICE}`,
          headers: admin.headers,
        })
      ).json().total,
    ).toBe(res.json().total + 1);
  });

  it('deletes unfinished uploads once they expire', async () => {
    const location = await start(png);
    await client.patch(location, 0, png.subarray(0, 5000));
    const id = location.split('/').pop()!;
    // A day passes (tus dates uploads by the system clock: the record is back-dated).
    const record = path.join(tusDir(), `${id}.json`);
    const info = JSON.parse(await fs.readFile(record, 'utf8'));
    info.creation_date = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await fs.writeFile(record, JSON.stringify(info));
    expect((await client.head(location)).statusCode).toBe(410);
    const { createResumableUploads } = await import('./tus.js');
    const { createMediaStore } = await import('./store.js');
    const housekeeping = createResumableUploads({
      dir: tusDir(),
      media: createMediaStore({ dir: t.config.mediaDir, db: t.database.db, clock: t.clock }),
      devices: { checkScope: async () => ({ inProject: false, archived: false }) },
      log: t.app.log,
    });
    expect((await housekeeping.expire()).uploads).toBeGreaterThanOrEqual(1);
    expect(await fs.readdir(tusDir())).not.toContain(id);
    expect((await client.head(location)).statusCode).toBe(404);
  });
});

describe.each(backends)('a resumable upload survives a server restart, on %s', (kind) => {
  let store: Store;
  let running: TestApp | undefined;
  beforeAll(async () => {
    store = await freshStore(kind);
  });
  afterAll(async () => {
    await running?.close();
    await store.drop();
  });

  it('continues on a new server on the same DATA_DIR from where the old one stopped', async () => {
    const png = noisePng(400, 300);
    running = await startApp(store);
    let session = await login(running.app, ADMIN.username, ADMIN.password);
    let client = tusClient(running.app, session.headers);
    const created = await client.create(png.length, {
      device_id: DEVICE,
      kind: 'image',
      filename: 'restart.png',
    });
    const location = created.headers.location as string;
    const half = Math.floor(png.length / 2);
    expect((await client.patch(location, 0, png.subarray(0, half))).statusCode).toBe(204);
    await running.close();
    running = await startApp(store);
    session = await login(running.app, ADMIN.username, ADMIN.password);
    client = tusClient(running.app, session.headers);
    const head = await client.head(location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(png.length));
    const rest = await client.patch(location, half, png.subarray(half));
    expect(rest.statusCode).toBe(200);
    const served = await running.app.inject({ method: 'GET', url: rest.json().data.url });
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});

describe.each(backends)('unfinished uploads declared at once, on %s', (kind) => {
  // 3 MB a user, 5 MB a project: small enough to reach with a few small declarations.
  const t = suiteApp(kind, { UPLOADS_IN_FLIGHT_USER_MB: '3', UPLOADS_IN_FLIGHT_PROJECT_MB: '5' });
  const MB = 1024 * 1024;

  it('refuses a burst past the user’s and the project’s cap with 429, counting what finishes or goes', async () => {
    const admin = await login(t.app, ADMIN.username, ADMIN.password);
    const client = tusClient(t.app, admin.headers);
    const declare = (c: ReturnType<typeof tusClient>, bytes: number) =>
      c.create(bytes, { device_id: DEVICE, kind: 'video', filename: 'clip.mp4' });
    // Ten at once, 1 MB each: three fit the user's 3 MB, whatever order they arrive in.
    const burst = await Promise.all(Array.from({ length: 10 }, () => declare(client, MB)));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ error: 'uploads_in_flight' });
    expect(refused.json().message).toMatch(/at most 3 MB per user/);
    // Cancelling one makes room for one more.
    const first = burst.find((r) => r.statusCode === 201)!.headers.location as string;
    expect((await client.remove(first)).statusCode).toBe(204);
    expect((await declare(client, MB)).statusCode).toBe(201);
    // Another user of the project has their own 3 MB, within the project's 5 MB.
    await createUser(t.app, admin, { username: `uploader_${kind}`, role_id: 1 });
    const other = await login(t.app, `uploader_${kind}`, 'Us3r-Passw0rd!');
    const theirs = tusClient(t.app, other.headers);
    expect((await declare(theirs, 2 * MB)).statusCode).toBe(201);
    // 3 MB would still be theirs to declare, but the project's 5 MB are all declared.
    const full = await declare(theirs, MB);
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toMatch(/6\.0 MB|project/);
  });
});
