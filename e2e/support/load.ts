import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call of a load loop: what to send, built fresh each time. */
export interface LoadCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: () => unknown;
}

export interface LoadStats {
  /** Answers by status code. */
  status: Record<number, number>;
  /** Network errors by code (ECONNREFUSED: nothing listened, so nothing was sent or lost). */
  errors: Record<string, number>;
}

function send(agent: http.Agent, base: string, call: LoadCall): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = call.body ? JSON.stringify(call.body()) : undefined;
    const req = http.request(
      `${base}${call.path}`,
      {
        method: call.method,
        agent,
        headers: { ...call.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `workers` loops, each on its own kept-alive connection, sending `calls` in turn as fast as
 * answers come, until stopped: what autocannon does, with every outcome counted.
 */
export function hammer(base: () => string, calls: LoadCall[], workers: number) {
  const stats: LoadStats = { status: {}, errors: {} };
  let running = true;
  const loops = Array.from({ length: workers }, async (_, w) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = w; running; i++) {
      try {
        const status = await send(agent, base(), calls[i % calls.length]!);
        stats.status[status] = (stats.status[status] ?? 0) + 1;
      } catch (e) {
        const code = (e as { code?: string }).code ?? String(e);
        stats.errors[code] = (stats.errors[code] ?? 0) + 1;
        // Nothing is listening: wait a little rather than spin.
        if (code === 'ECONNREFUSED') await new Promise((r) => setTimeout(r, 5));
      }
    }
    agent.destroy();
  });
  return {
    stats,
    answered: () => Object.values(stats.status).reduce((a, b) => a + b, 0),
    async stop() {
      running = false;
      await Promise.all(loops);
      return stats;
    },
  };
}

/** Headers without the hop-by-hop ones: each side of a proxy keeps its own connections. */
function endToEnd(headers: http.IncomingHttpHeaders) {
  const { connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

/**
 * A load balancer as sites run one: round-robin over the instances its health checks
 * (`/healthz` every 100 ms) find healthy. It never retries: a request it forwarded that fails is
 * the client's failure, so the test sees every request an instance drops.
 */
export async function balancer() {
  const upstreams = new Map<string, { healthy: boolean; agent: http.Agent }>();
  let turn = 0;
  const check = setInterval(() => {
    for (const [base, u] of upstreams) {
      http
        .get(`${base}/healthz`, (res) => {
          u.healthy = res.statusCode === 200;
          res.resume();
        })
        .on('error', () => (u.healthy = false));
    }
  }, 100);
  const server = http.createServer((req, res) => {
    const healthy = [...upstreams].filter(([, u]) => u.healthy);
    if (healthy.length === 0) {
      res.writeHead(503).end();
      return;
    }
    const [base, u] = healthy[turn++ % healthy.length]!;
    const upstream = http.request(
      `${base}${req.url}`,
      { method: req.method, headers: endToEnd(req.headers), agent: u.agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    add(base: string) {
      upstreams.set(base, { healthy: false, agent: new http.Agent({ keepAlive: true }) });
    },
    remove(base: string) {
      upstreams.get(base)?.agent.destroy();
      upstreams.delete(base);
    },
    healthy: (base: string) => upstreams.get(base)?.healthy ?? false,
    async close() {
      clearInterval(check);
      for (const u of upstreams.values()) u.agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
