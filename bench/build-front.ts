/**
 * A console build served in front of a running server, for comparing two builds against the same
 * server and the same data (bench:lighthouse `BUILDS=`). Two servers, even on copies of one data
 * folder, differ by more than most changes do: measured with one build behind both, the dashboard's
 * TBT median differed by 25 % (docs/performance.md, sixth pass).
 *
 * The front answers a page load with the build's index.html and /assets/… with the build's files,
 * precompressed and cached as the server does (apps/server's static delivery); everything else
 * (the API, media, the realtime socket, the kiosk) goes to the server.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

/** Paths that are the server's own, whatever the build holds. */
const SERVER_PATHS = /^\/(admin_panel|media|realtime|kiosk|docs|health|robots\.txt)(\/|\?|$)/;

export interface Front {
  url: string;
  close(): Promise<void>;
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    return (await fs.stat(file)).isFile() ? await fs.readFile(file) : null;
  } catch {
    return null;
  }
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

/** Serves the build's file for this request, or answers false when the server should. */
async function serveFromBuild(
  dir: string,
  policy: Record<string, string>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://front').pathname);
  if (SERVER_PATHS.test(pathname)) return false;
  const isAsset = pathname.startsWith('/assets/');
  const isPage = !isAsset && (req.headers.accept ?? '').includes('text/html');
  if (!isAsset && !isPage) return false;
  const file = isAsset ? path.join(dir, path.normalize(pathname)) : path.join(dir, 'index.html');
  if (!file.startsWith(dir)) return false;
  const brotli = (req.headers['accept-encoding'] ?? '').includes('br')
    ? await readIfFile(`${file}.br`)
    : null;
  const body = brotli ?? (await readIfFile(file));
  if (!body) return false;
  res.writeHead(200, {
    ...policy,
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
    ...(brotli && { 'content-encoding': 'br' }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** Starts a front for the build in `dir` before the server at `serverUrl`. */
export async function startFront(dir: string, serverUrl: string): Promise<Front> {
  const root = path.resolve(dir);
  const target = new URL(serverUrl);
  const policy = await policyHeaders(serverUrl);
  const server = http.createServer((req, res) => {
    void serveFromBuild(root, policy, req, res).then((served) => {
      if (served) return;
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
  });
  // The realtime socket: the upgrade request goes to the server as it came, then bytes both ways.
  server.on('upgrade', (req, socket, head) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
