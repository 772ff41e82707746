/**
 * A console build served in front of a running server, for comparing two builds against the same
 * server and the same data (bench:lighthouse `BUILDS=`). Two servers, even on copies of one data
 * folder, differ by more than most changes do: measured with one build behind both, the dashboard's
 * TBT median differed by 25 % (docs/performance.md, sixth pass).
 *
 * The front answers a page load with the build's index.html and /assets/… with the build's files,
 * through `@fastify/static` with the server's own options (precompressed files, cache headers:
 * apps/server/src/plugins/static-delivery.ts) and the server's security headers; everything else
 * (the API, media, the realtime socket, the kiosk) goes to the server.
 */
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { looksLikeFile, STATIC_OPTIONS } from '../apps/server/src/plugins/static-delivery.js';

/** Paths that are the server's own, whatever the build holds. */
const SERVER_PATHS = /^\/(admin_panel|media|realtime|kiosk|docs|health|robots\.txt)(\/|\?|$)/;

export interface Front {
  url: string;
  close(): Promise<void>;
}

/**
 * The headers the server sends with every answer (its security policy), to send them too; those
 * named in FRONT_DROP are left out (to measure what one of them costs).
 */
async function policyHeaders(serverUrl: string): Promise<Record<string, string>> {
  const answer = await fetch(`${serverUrl}/login`, { method: 'HEAD' });
  const own = new Set([
    'content-type',
    'content-length',
    'content-encoding',
    'cache-control',
    'etag',
    'last-modified',
    'vary',
    'date',
    'connection',
    'keep-alive',
    'accept-ranges',
    'x-request-id',
    'transfer-encoding',
  ]);
  const drop = new Set((process.env.FRONT_DROP ?? '').toLowerCase().split(',').filter(Boolean));
  return Object.fromEntries([...answer.headers].filter(([name]) => !own.has(name) && !drop.has(name)));
}

/** Whether the build answers this request: a page load or one of its assets (else the server). */
function forBuild(req: http.IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = new URL(req.url ?? '/', 'http://front').pathname;
  if (SERVER_PATHS.test(pathname)) return false;
  return pathname.startsWith('/assets/') || (req.headers.accept ?? '').includes('text/html');
}

/** Passes a request to the server as it came, and its answer back. */
function proxy(target: URL, req: http.IncomingMessage, res: http.ServerResponse) {
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** Starts a front for the build in `dir` before the server at `serverUrl`. */
export async function startFront(dir: string, serverUrl: string): Promise<Front> {
  const root = path.resolve(dir);
  const target = new URL(serverUrl);
  const policy = await policyHeaders(serverUrl);
  const app = Fastify({
    serverFactory: (handler) =>
      http.createServer((req, res) => (forBuild(req) ? handler(req, res) : proxy(target, req, res))),
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.headers(policy);
  });
  await app.register(fastifyStatic, { root, ...STATIC_OPTIONS, index: false });
  // A page load (/dashboard, /login…) is the console's index.html; a missing asset stays a 404.
  app.setNotFoundHandler((req, reply) =>
    looksLikeFile(req.url.split('?')[0] ?? '')
      ? reply.status(404).type('text/plain').send('Not found')
      : reply.sendFile('index.html'),
  );
  // The realtime socket: the upgrade request goes to the server as it came, then bytes both ways.
  app.server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
