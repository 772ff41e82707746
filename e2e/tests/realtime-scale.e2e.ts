import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../support/postgres.js';
import { startServer, type RunningServer } from '../support/server.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const ADMIN = { username: 'admin', password: 'Scale-Admin-Passw0rd!' };

/**
 * Scale-out: two server processes (the built server, as `npm start` runs it) on one PostgreSQL
 * and one Redis. A kiosk connected to instance A calls; a console connected to instance B gets
 * the banner event, answers through B, and the kiosk on A hears it; signalling crosses too.
 */
describe.runIf(Boolean(DATABASE_URL && REDIS_URL))('two server processes through Redis', () => {
  let a: RunningServer;
  let b: RunningServer;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await freshPostgres('ac_e2e_scale');
    const env = { DATABASE_URL: database.url, REDIS_URL: REDIS_URL!, ADMIN_PASSWORD: ADMIN.password };
    // A first, so the migrations run once; then B on the same database and media folder (instances
    // on separate disks refuse to start without S3_BUCKET: media/disk-lease.ts).
    a = await startServer({ env });
    b = await startServer({ env, dataDir: a.dataDir });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await b?.stop({ remove: true });
    await a?.stop({ remove: true });
    await database?.drop();
  });

  const json = async (
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a few fields of several response shapes
    return { status: res.status, body: (await res.json()) as { data: any; message: string } };
  };
  const connect = (base: string, auth: Record<string, unknown>) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(base, { path: '/realtime', transports: ['websocket'], auth, reconnection: false });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const next = <T>(socket: Socket, name: string, filter: (p: T) => boolean = () => true) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${name}`)), 10_000);
      const handler = (payload: T) => {
        if (!filter(payload)) return;
        clearTimeout(timer);
        socket.off(name, handler);
        resolve(payload);
      };
      socket.on(name, handler);
    });

  it('a kiosk on instance A reaches a console on instance B, and back', async () => {
    const login = (await json(b.url, 'POST', '/admin_panel/login', ADMIN)).body.data;
    const headers = { access_token: login.access_token, auth_project_id: String(login.auth_project_id) };
    const device = (
      await json(
        b.url,
        'POST',
        '/admin_panel/admin_settings/devices',
        { description: 'Scale kiosk', kind: 'ambassador', languages: ['english'] },
        headers,
      )
    ).body.data;
    const consoleOnB = await connect(b.url, {
      token: login.access_token,
      project_id: login.auth_project_id,
      client_id: 'tab-b',
      username: 'admin',
    });
    const kioskOnA = await connect(a.url, { device_key: device.device_key });
    // The console subscribes, as the console does: B has it in once it says so.
    expect(
      await consoleOnB
        .timeout(5_000)
        .emitWithAck('subscribe', { project: 'admin_panel', client_id: 'tab-b', username: 'admin' }),
    ).toMatchObject({ ok: true });

    const banner = next<{ name: string; real_session_id: string }>(
      consoleOnB,
      'event',
      (e) => e.name === 'new_call',
    );
    const started = await json(
      a.url,
      'POST',
      '/device_api/v1/calls',
      { language: 'english' },
      { authorization: `Bearer ${device.device_key}` },
    );
    const id = started.body.data.call.real_session_id;
    expect((await banner).real_session_id).toBe(id);

    const answered = next<{ status: string }>(kioskOnA, 'call:update');
    const put = await json(
      b.url,
      'PUT',
      `/admin_panel/video_call/list/${device.device.id}`,
      { real_session_id: id, status: 'answered', client_id: 'tab-b' },
      headers,
    );
    expect(put.status).toBe(200);
    expect((await answered).status).toBe('answered');
    const offer = next<{ description: { type: string } }>(kioskOnA, 'call:signal');
    consoleOnB.emit('call:signal', { real_session_id: id, description: { type: 'offer', sdp: 'v=0' } });
    expect((await offer).description.type).toBe('offer');

    // A chat message from the kiosk's side (through A) reaches the console on B.
    const chatEvent = next<{ name: string; message: { message: string } | null }>(
      consoleOnB,
      'event',
      (e) => e.name === 'chat_message' && e.message !== null,
    );
    const chat = await json(
      a.url,
      'POST',
      '/device_api/v1/chats',
      { language: 'english' },
      { authorization: `Bearer ${device.device_key}` },
    );
    await json(
      a.url,
      'POST',
      `/device_api/v1/chats/${chat.body.data.session_id}/messages`,
      { message: 'Hello from A', client_id: 'client-0001' },
      { authorization: `Bearer ${device.device_key}` },
    );
    expect((await chatEvent).message?.message).toBe('Hello from A');
  });
});
