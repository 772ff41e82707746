import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOADS_PATH,
  REALTIME_PATH,
  SOCKET,
  TUS_VERSION,
} from '@ambassador/contracts';
import { noisePng, tusMetadata } from '../../apps/server/src/test/tus-client.js';
import { freshPostgres } from '../support/postgres.js';
import {
  binary,
  closeProxyAgents,
  missing,
  render,
  selfSignedCertificate,
  startHaproxy,
  proxyRequest,
  startProxy,
  type Answer,
  type Certificate,
  type RequestOptions,
  type Proxy,
} from '../support/proxy.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

/**
 * The reverse-proxy configurations shipped in docs/deploy, run as they are (only their addresses,
 * ports and certificate paths substituted) by Debian's nginx, Caddy and haproxy in front of the
 * built server, each checked over HTTPS: health, sign-in, an admin call with the underscored
 * `access_token` header, a tus upload with a full 8 MB chunk, a realtime WebSocket that hears a
 * change, a multipart upload of several MB, a range read of the uploaded file, the client's
 * address and https as the server sees them, and the http:// redirect. haproxy runs with two
 * instances, and its /readyz check must take a draining one out of the pool before it stops
 * listening.
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const ADMIN = { username: 'admin', password: 'Proxy-Admin-Passw0rd!' };
/** The test's requests come from here (all of 127.0.0.0/8 is loopback), the proxies' from 127.0.0.1. */
const CLIENT_ADDRESS = '127.0.0.2';
/** What a client claims to be in its own X-Forwarded-For: a proxy must replace it. */
const SPOOFED = '203.0.113.9';

const BIN = { nginx: binary('nginx'), caddy: binary('caddy'), haproxy: binary('haproxy') };
const HAVE = { nginx: Boolean(BIN.nginx), caddy: Boolean(BIN.caddy), haproxy: Boolean(BIN.haproxy) };

/**
 * A real PNG of `bytes`, nearly all of them a private ancillary chunk that decoders skip: large on
 * the wire, yet little work for the server to check and thumbnail on a loaded machine.
 */
function paddedPng(bytes: number): Buffer {
  const image = noisePng(16, 16);
  const iend = image.subarray(image.length - 12);
  const padding = randomBytes(bytes - image.length - 12);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(padding.length);
  const body = Buffer.concat([Buffer.from('prVt', 'ascii'), padding]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([image.subarray(0, image.length - 12), length, body, crc, iend]);
}

const agent = new https.Agent({ rejectUnauthorized: false, localAddress: CLIENT_ADDRESS });

/** One request, over https unless the URL says http, from CLIENT_ADDRESS. */
const request = (url: string, opts: Omit<RequestOptions, 'from'> = {}) =>
  proxyRequest(url, { ...opts, from: CLIENT_ADDRESS });

/** The request-body ceiling of docs/deploy (64 MiB): the console's largest request is under it. */
const BODY_CEILING = 64 * 1024 * 1024;

/**
 * What a proxy answers a request that announces a body over its ceiling, before any of the body is
 * sent (nginx and haproxy judge by Content-Length; Caddy only counts what it reads).
 */
function announceOversize(url: string): Promise<{ status: number; fromServer: boolean }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(BODY_CEILING + 1) },
    });
    req.on('response', (res) => {
      // Every answer of the server names its request; the proxy's own do not.
      resolve({ status: res.statusCode ?? 0, fromServer: res.headers['x-request-id'] !== undefined });
      res.resume();
      req.destroy();
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('the reverse-proxy configurations in docs/deploy', () => {
  const any = HAVE.nginx || HAVE.caddy || HAVE.haproxy;
  /** haproxy's two instances share one PostgreSQL and one Redis, as README's scale-out says. */
  const twoInstances = Boolean(DATABASE_URL && REDIS_URL) && HAVE.haproxy;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let tmp = '';
  let cert: Certificate = { crt: '', key: '', pem: '' };
  let png: Buffer;
  let formPng: Buffer;
  const proxies: Proxy[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if (!any) return;
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-proxies-'));
    // nginx's workers run as nobody: they must be able to look inside.
    await fs.chmod(tmp, 0o755);
    cert = await selfSignedCertificate(tmp);
    // One a little over a chunk (one full 8 MB PATCH, then the rest), one for a multipart form.
    png = paddedPng(RESUMABLE_CHUNK_BYTES + 1024 * 1024);
    formPng = paddedPng(6 * 1024 * 1024);

    const started = Date.now();
    const env = { ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' };
    if (twoInstances) {
      database = await freshPostgres('ac_e2e_proxies');
      const shared = { ...env, DATABASE_URL: database.url, REDIS_URL: REDIS_URL! };
      // One media folder for both, as instances must share one. They may start together (the
      // migrations run under a lock); B drains for 5 s on SIGTERM, as docs/deploy/haproxy.cfg says.
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-e2e-'));
      [a, b] = await Promise.all([
        startServer({ env: shared, dataDir }),
        startServer({ env: { ...shared, DRAIN_SECONDS: '5' }, dataDir }),
      ]);
    } else {
      a = await startServer({ env });
    }
    console.info(`proxies: ${twoInstances ? 'two servers' : 'one server'} up in ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const p of proxies) await p.stop();
    await b?.stop({ remove: false });
    await a?.stop({ remove: true });
    await database?.drop();
    agent.destroy();
    closeProxyAgents();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  const portOf = (s: RunningServer) => new URL(s.url).port;
  const logsSince = (servers: RunningServer[], marks: number[]) =>
    servers.flatMap((s, i) => s.logs.slice(marks[i]));

  /** What each proxy must pass; `servers` are the instances behind it. */
  async function checkThrough(
    proxy: Proxy,
    name: string,
    servers: RunningServer[],
    { ceilingByLength }: { ceilingByLength: boolean },
  ) {
    const { base } = proxy;
    const ready = await request(`${base}/readyz`);
    expect(ready.status).toBe(200);
    // A body over the ceiling is refused by the proxy itself.
    if (ceilingByLength) {
      expect(await announceOversize(`${base}/admin_panel${RESUMABLE_UPLOADS_PATH}/any`)).toEqual({
        status: 413,
        fromServer: false,
      });
    }
    // X-Forwarded-Proto: the server knows the request came over https (it says HSTS only then).
    expect(ready.headers['strict-transport-security']).toContain('max-age=');

    // http:// is sent to https://.
    const plain = await request(`${proxy.http}/dashboard`);
    expect([301, 308]).toContain(plain.status);
    expect(plain.headers.location).toMatch(/^https:\/\//);

    // X-Forwarded-For: the server sees the client's address, not the proxy's nor the one it claimed.
    const marks = servers.map((s) => s.logs.length);
    const probe = `proxy-probe-${name}`;
    const refused = await request(`${base}/admin_panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': SPOOFED },
      body: JSON.stringify({ username: probe, password: 'Not-The-Passw0rd!' }),
    });
    expect(refused.status).toBe(401);
    await expect
      .poll(
        () =>
          logsSince(servers, marks)
            .map((line) => JSON.parse(line) as { msg?: string; username?: string; ip?: string })
            .find((entry) => entry.msg === 'login attempt' && entry.username === probe)?.ip,
      )
      .toBe(CLIENT_ADDRESS);

    // Sign-in, then admin calls with the console's underscored headers.
    const login = await request(`${base}/admin_panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const session = login.json().data as { access_token: string; auth_project_id: number };
    const auth = { access_token: session.access_token, auth_project_id: String(session.auth_project_id) };
    const users = await request(`${base}/admin_panel/admin_settings/users`, { headers: auth });
    expect(users.status).toBe(200);
    const made = await request(`${base}/admin_panel/admin_settings/devices`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ description: `Behind ${name}`, kind: 'ambassador', languages: ['english'] }),
    });
    expect(made.status).toBe(200);
    const device = made.json().data as { device: { id: number }; device_key: string };

    // A kiosk's realtime WebSocket through the proxy.
    const kiosk = await new Promise<Socket>((resolve, reject) => {
      const socket = io(base, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: { device_key: device.device_key },
        rejectUnauthorized: false,
        reconnection: false,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
    const carousel = new Promise<{ url: string }[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${SOCKET.interfaceCarousel} through ${name}`)),
        15_000,
      );
      kiosk.once(SOCKET.interfaceCarousel, (banners: { url: string }[]) => {
        clearTimeout(timer);
        resolve(banners);
      });
    });

    // A tus upload as the console sends it: create, one full 8 MB chunk, then the rest.
    const tus = { ...auth, 'tus-resumable': TUS_VERSION };
    const created = await request(`${base}/admin_panel${RESUMABLE_UPLOADS_PATH}`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(png.length),
        'upload-metadata': tusMetadata({
          device_id: device.device.id,
          kind: 'image',
          filename: `${name}.png`,
        }),
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.location!, base).href;
    const chunk = (offset: number, bytes: Buffer) =>
      request(location, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
    const first = await chunk(0, png.subarray(0, RESUMABLE_CHUNK_BYTES));
    expect(first.status, first.body.toString()).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(RESUMABLE_CHUNK_BYTES));
    const last = await chunk(RESUMABLE_CHUNK_BYTES, png.subarray(RESUMABLE_CHUNK_BYTES));
    expect(last.status, last.body.toString()).toBe(200);
    const media = last.json().data as { media_id: number; url: string; web_url: string | null; size: number };
    expect(media.size).toBe(png.length);

    // Made a banner: the kiosk hears it over its WebSocket.
    const attached = await request(`${base}/admin_panel/carousel/media`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: device.device.id, media_ids: [media.media_id] }),
    });
    expect(attached.status).toBe(200);
    expect((await carousel).map((x) => x.url)).toContain(media.web_url ?? media.url);

    // A multipart upload of several MB, as API clients send banners (nginx's default took 1 MB).
    const boundary = `----proxies${Date.now()}`;
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}-form.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      formPng,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const posted = await request(`${base}/admin_panel/carousel/upload?device_id=${device.device.id}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: form,
    });
    expect(posted.status, posted.body.toString()).toBe(200);
    expect(posted.json().data).toHaveLength(2);

    // The file by range, as a video is read.
    const range = await request(new URL(media.url, base).href, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.body.equals(png.subarray(100, 200))).toBe(true);
    kiosk.disconnect();
  }

  it('nginx (docs/deploy/nginx.conf)', async (ctx) => {
    ctx.skip(!HAVE.nginx, missing('nginx'));
    const ports = { https: await freePort(), http: await freePort() };
    const site = await render('nginx.conf', [
      ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`],
      ['listen 80;', `listen 127.0.0.1:${ports.http};`],
      ['server 127.0.0.1:8080;', `server 127.0.0.1:${portOf(a!)};`],
      ['/etc/ssl/ambassador-console/fullchain.pem', cert.crt],
      ['/etc/ssl/ambassador-console/privkey.pem', cert.key],
      ['console.example.com', 'localhost'],
    ]);
    const dir = path.join(tmp, 'nginx');
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'site.conf'), site);
    // The rest of an nginx.conf, as Debian's includes conf.d/*.conf, with every path in `dir`.
    await fs.writeFile(
      path.join(dir, 'nginx.conf'),
      [
        'pid nginx.pid;',
        'error_log stderr warn;',
        'events {}',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${t}_temp;`),
        `  include ${path.join(dir, 'site.conf')};`,
        '}',
      ].join('\n'),
    );
    const args = ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'];
    const test = spawnSync(BIN.nginx!, [...args, '-t'], { encoding: 'utf8' });
    expect(test.status, test.stderr).toBe(0);
    const proxy = await startProxy('nginx', BIN.nginx!, [...args, '-g', 'daemon off;'], {}, ports);
    proxies.push(proxy);
    await checkThrough(proxy, 'nginx', [a!], { ceilingByLength: true });
    await proxy.stop();
  });

  it('Caddy (docs/deploy/Caddyfile)', async (ctx) => {
    ctx.skip(!HAVE.caddy, missing('caddy'));
    const ports = { https: await freePort(), http: await freePort() };
    const dir = path.join(tmp, 'caddy');
    await fs.mkdir(dir);
    const site = await render('Caddyfile', [
      ['console.example.com {', 'localhost, 127.0.0.1 {'],
      ['reverse_proxy 127.0.0.1:8080', `reverse_proxy 127.0.0.1:${portOf(a!)}`],
      ['/etc/ssl/ambassador-console/fullchain.pem', cert.crt],
      ['/etc/ssl/ambassador-console/privkey.pem', cert.key],
    ]);
    // Global options for a test run: no admin endpoint, state and ports of its own.
    const global = [
      '{',
      '\tadmin off',
      `\tstorage file_system ${dir}/storage`,
      `\thttp_port ${ports.http}`,
      `\thttps_port ${ports.https}`,
      '\tdefault_sni localhost',
      '}',
      '',
    ].join('\n');
    const file = path.join(dir, 'Caddyfile');
    await fs.writeFile(file, global + site);
    const env = { HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir };
    const proxy = await startProxy(
      'caddy',
      BIN.caddy!,
      ['run', '--config', file, '--adapter', 'caddyfile'],
      env,
      ports,
    );
    proxies.push(proxy);
    await checkThrough(proxy, 'caddy', [a!], { ceilingByLength: false });
    await proxy.stop();
  });

  it('haproxy (docs/deploy/haproxy.cfg), two instances checked on /readyz', async (ctx) => {
    ctx.skip(!HAVE.haproxy, missing('haproxy'));
    ctx.skip(
      !twoInstances,
      'haproxy runs two instances on one PostgreSQL and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL',
    );
    const proxy = await startHaproxy(tmp, cert, [Number(portOf(a!)), Number(portOf(b!))]);
    proxies.push(proxy);
    await checkThrough(proxy, 'haproxy', [a!, b!], { ceilingByLength: true });

    // Which instance answered a request: its log has the request's id (the line may come through
    // the pipe a little after the answer).
    const servedBy = async (res: Answer) => {
      const id = `"reqId":"${String(res.headers['x-request-id'])}"`;
      const which = () =>
        a!.logs.some((l) => l.includes(id)) ? 'a' : b!.logs.some((l) => l.includes(id)) ? 'b' : undefined;
      await expect.poll(which, { timeout: 5_000 }).toBeDefined();
      return which()!;
    };
    const login = (
      await request(`${proxy.base}/admin_panel/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json().data as { access_token: string; auth_project_id: number };
    const auth = { access_token: login.access_token, auth_project_id: String(login.auth_project_id) };
    const call = () => request(`${proxy.base}/admin_panel/admin_settings/users`, { headers: auth });
    // Both instances are in the pool.
    const seen = new Set<string>();
    for (let i = 0; i < 20 && seen.size < 2; i++) seen.add(await servedBy(await call()));
    expect([...seen].sort()).toEqual(['a', 'b']);

    // SIGTERM to B: its /readyz says 503 while it keeps serving for DRAIN_SECONDS, haproxy takes it
    // out, and no request fails while it drains, stops listening and exits.
    const stopped = b!.stop({ remove: false });
    let exited = false;
    void stopped.then(() => (exited = true));
    const statuses: number[] = [];
    while (!exited) statuses.push((await call()).status);
    expect(await stopped).toBe(0);
    const after: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call();
      statuses.push(res.status);
      after.push(await servedBy(res));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(after).toEqual(Array(6).fill('a'));
    await proxy.stop();
  });
});
