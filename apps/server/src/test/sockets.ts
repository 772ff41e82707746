import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { ADMIN_PANEL_PROJECT, REALTIME_PATH, SOCKET } from '@ambassador/contracts';
import type { Session } from './harness.js';

/** Test support: real socket.io clients against a listening test app. */

/** Listens on a free local port (the realtime service needs a real HTTP server); returns its URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
}

const open: Socket[] = [];

function connect(url: string, auth: Record<string, unknown>): Socket {
  const socket = io(url, {
    path: REALTIME_PATH,
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
  open.push(socket);
  return socket;
}

/** A console tab's socket. */
export const adminSocket = (url: string, session: Session, clientId = 'tab-1', username = 'admin') =>
  connect(url, { token: session.token, project_id: session.projectId, client_id: clientId, username });

/** A kiosk's socket. */
export const deviceSocket = (url: string, key: string) => connect(url, { device_key: key });

/** Resolves once connected; rejects with the server's refusal (`connect_error` message). */
export function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The next message of this name, or a rejection after `ms`. */
export function nextMessage<T = unknown>(
  socket: Socket,
  name: string,
  ms = 3_000,
  filter: (payload: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name, handler);
      reject(new Error(`no ${name} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      if (!filter(payload)) return;
      clearTimeout(timer);
      socket.off(name, handler);
      resolve(payload);
    };
    socket.on(name, handler);
  });
}

/** Collects every message of this name from now on. */
export function collect<T = unknown>(socket: Socket, name: string): T[] {
  const seen: T[] = [];
  socket.on(name, (payload: T) => seen.push(payload));
  return seen;
}

/** Resolves when the server closes the socket. */
export function disconnected(socket: Socket, ms = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Closes every socket a test opened. */
export function closeSockets() {
  for (const socket of open.splice(0)) socket.disconnect();
}

/**
 * Resolves once all the server sent this socket before now has arrived: a round trip on it (a
 * console's subscribe, a kiosk's empty push ack), whose answer comes after them, as one connection
 * keeps its order. For asserting that something did NOT arrive from work the server has done (its
 * HTTP answer, or the ack or message that ends it, is in).
 */
export async function caughtUp(socket: Socket): Promise<void> {
  const auth = socket.auth as Record<string, unknown>;
  await (typeof auth.device_key === 'string'
    ? socket.timeout(3_000).emitWithAck(SOCKET.pushAck, null)
    : socket.timeout(3_000).emitWithAck(SOCKET.subscribe, {
        project: ADMIN_PANEL_PROJECT,
        client_id: 'probe',
        username: 'probe',
      }));
}

/**
 * Waits `ms` for what cannot be waited for otherwise: only where the server's work has no end
 * that a test can see (say so where it is used).
 */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates a device through the admin API and returns its id and key. */
export async function createDevice(
  app: FastifyInstance,
  as: Session,
  description: string,
  kind: 'ambassador' | 'chatbot' = 'ambassador',
): Promise<{ id: number; key: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin_panel/admin_settings/devices',
    headers: as.headers,
    payload: { description, kind, languages: ['english', 'cantonese', 'mandarin'] },
  });
  if (res.statusCode !== 200) throw new Error(`create device failed: ${res.body}`);
  const data = res.json().data as { device: { id: number }; device_key: string };
  return { id: data.device.id, key: data.device_key };
}
