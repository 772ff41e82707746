import { spawn, type ChildProcess } from 'node:child_process';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpEmbedder } from './http.js';
import { createLocalEmbedder, freePort, localServerPath } from './local.js';
import { createNoEmbedder } from './none.js';
import { withQueryCache } from './cached.js';
import { dot, type Embedder } from './types.js';

/** The model `npm ci` installed (scripts/embedder-install.mjs). */
const dir = path.resolve(import.meta.dirname, '../../../../../.embedder');
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const waitFor = (check: () => boolean) => expect.poll(check, { timeout: 20_000 }).toBe(true);

describe('the local embedder (the packaged model, supervised)', () => {
  let local: Embedder & { pid?: () => number | null };
  beforeAll(async () => {
    local = createLocalEmbedder({ dir, timeoutMs: 10_000, log, restartMs: 100 });
    await local.ready();
  });
  afterAll(() => local.close());

  it('is ready and embeds Chinese and English into one space, the same need closest', async () => {
    expect(local.info()).toMatchObject({
      provider: 'local',
      model: 'multilingual-e5-small-q4',
      state: 'ready',
    });
    const [toiletYue, toiletEn, hours] = (await local.embed(
      ['洗手間喺邊度呀', 'where is the toilet', 'what time do you open'],
      'query',
    ))!;
    expect(toiletYue!.length).toBe(384);
    expect(dot(toiletYue!, toiletYue!)).toBeCloseTo(1, 3);
    expect(dot(toiletYue!, toiletEn!)).toBeGreaterThan(dot(toiletYue!, hours!));
    expect(local.info().dim).toBe(384);
  });

  it('restarts the model when it dies; meanwhile embed answers null instead of failing', async () => {
    const pid = local.pid!();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    await waitFor(() => local.info().state === 'down');
    expect(local.info().detail).toMatch(/stopped/);
    expect(await local.embed(['hello'], 'query')).toBeNull();
    await waitFor(() => local.pid!() !== null && local.pid!() !== pid);
    await waitFor(() => local.info().state === 'ready');
    expect((await local.embed(['hello again'], 'query'))?.[0]?.length).toBe(384);
  });

  it('says it is not installed, and answers null, when the model is missing', async () => {
    const missing = createLocalEmbedder({ dir: '/nonexistent', timeoutMs: 1000, log });
    await missing.ready();
    expect(missing.info()).toMatchObject({ provider: 'local', state: 'down' });
    expect(missing.info().detail).toMatch(/not installed/);
    expect(await missing.embed(['x'], 'query')).toBeNull();
    await missing.close();
  });
});

describe('the http embedder against a real OpenAI-compatible embeddings server', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    server = spawn(localServerPath(dir), ['--host', '127.0.0.1', '--port', String(port)], {
      stdio: 'ignore',
    });
    url = `http://127.0.0.1:${port}/v1`;
    // Until it listens (the model is memory-mapped: a second or two).
    await vi.waitFor(
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        expect(res.ok).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
  afterAll(() => {
    server.kill('SIGTERM');
  });

  it('embeds queries and passages (e5 embeds the two sides differently), in batches', async () => {
    const http = createHttpEmbedder({
      url,
      model: 'multilingual-e5-small',
      apiKey: 'secret',
      timeoutMs: 5000,
      batch: 2,
      log,
    });
    const texts = ['停車場喺邊', 'car park', 'parking fees', 'opening hours', 'lost property'];
    const q = await http.embed(texts, 'query');
    const p = await http.embed(texts, 'passage');
    expect(q).toHaveLength(5);
    expect(dot(q![0]!, q![1]!)).toBeGreaterThan(dot(q![0]!, q![4]!));
    expect(dot(q![1]!, p![1]!)).toBeLessThan(0.9999); // a different side, a different vector
    expect(http.info()).toMatchObject({
      provider: 'http',
      model: 'multilingual-e5-small',
      state: 'ready',
      dim: 384,
    });
  });

  it('an endpoint that redirects, or answers past 16 MB: null and down, the other address never asked', async () => {
    const hits: string[] = [];
    const other = nodeHttp.createServer((req, res) => (hits.push(req.url ?? ''), res.end('{}')));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    let mode: 'redirect' | 'huge' = 'redirect';
    const server = nodeHttp.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (mode === 'redirect') {
          const { port } = other.address() as AddressInfo;
          res.writeHead(308, { location: `http://127.0.0.1:${port}/v1/embeddings` }).end();
        } else {
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-length': String(17 * 1024 * 1024),
          });
          res.on('error', () => undefined);
          res.write('{"data":[');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const redirected = createHttpEmbedder({
        url: `http://127.0.0.1:${port}/v1`,
        model: 'm',
        timeoutMs: 2000,
        log,
      });
      expect(await redirected.embed(['where is the lift'], 'query')).toBeNull();
      expect(redirected.info().state).toBe('down');
      expect(hits).toEqual([]);
      mode = 'huge';
      const flooded = createHttpEmbedder({
        url: `http://127.0.0.1:${port}/v1`,
        model: 'm',
        timeoutMs: 2000,
        log,
      });
      expect(await flooded.embed(['where is the lift'], 'query')).toBeNull();
      expect(flooded.info().detail).toMatch(/more than/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await new Promise<void>((r) => other.close(() => r()));
    }
  });

  it('an endpoint that does not answer: null, down with the reason, and no second wait within a second', async () => {
    const http = createHttpEmbedder({ url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 500, log });
    expect(await http.embed(['x'], 'query')).toBeNull();
    expect(http.info().state).toBe('down');
    const t = Date.now();
    expect(await http.embed(['x'], 'query')).toBeNull();
    expect(Date.now() - t).toBeLessThan(50);
  });

  it('gives a batch time for each of its texts: a slow but working model is not taken for down', async () => {
    // An endpoint that spends 100 ms a text, as a loaded machine's model might.
    const server = nodeHttp.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const input = (JSON.parse(body) as { input: string[] }).input;
        const vector = Buffer.from(new Float32Array([1, 0, 0]).buffer).toString('base64');
        setTimeout(
          () =>
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ data: input.map((_, index) => ({ index, embedding: vector })) })),
          100 * input.length,
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const http = createHttpEmbedder({
        url: `http://127.0.0.1:${port}/v1`,
        model: 'm',
        timeoutMs: 100,
        log,
      });
      // 8 texts take 800 ms: past the question's 100 ms, within 100 ms and 150 ms a text.
      const texts = Array.from({ length: 8 }, (_, i) => `phrase ${i}`);
      expect(await http.embed(texts, 'passage')).toHaveLength(8);
      expect(http.info().state).toBe('ready');
      // A question slower than its own allowance still times out (and says how long it had).
      const slow = createHttpEmbedder({ url: `http://127.0.0.1:${port}/v1`, model: 'm', timeoutMs: 50, log });
      server.removeAllListeners('request');
      server.on('request', (req: nodeHttp.IncomingMessage) => req.resume());
      expect(await slow.embed(['where is the lift'], 'query')).toBeNull();
      expect(slow.info().detail).toMatch(/no answer in time \(50 ms and 150 ms a text\)/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('questions in flight at once share one request, and a repeated question is not embedded again', async () => {
    const inner = createHttpEmbedder({ url, model: 'e5', timeoutMs: 5000 });
    let requests = 0;
    const counting: Embedder = { ...inner, embed: (t, k) => (requests++, inner.embed(t, k)) };
    const cached = withQueryCache(counting);
    const asks = ['where is the lift', '電梯喺邊', 'where is the lift', 'wifi password'];
    const out = await Promise.all(asks.map((a) => cached.embed([a], 'query')));
    expect(out.every((v) => v?.[0]?.length === 384)).toBe(true);
    expect(requests).toBe(1);
    await cached.embed(['電梯喺邊'], 'query');
    expect(requests).toBe(1);
  });
});

describe('questions queued for the embedder', () => {
  /** An embedder whose requests finish when the test says so, recording what each carried. */
  function held() {
    const requests: string[][] = [];
    const finish: Array<() => void> = [];
    const inner: Embedder = {
      info: () => ({ provider: 'http', model: 'm', state: 'ready', detail: null, dim: 2 }),
      ready: async () => undefined,
      close: async () => undefined,
      embed: (texts) => {
        requests.push([...texts]);
        return new Promise((resolve) => finish.push(() => resolve(texts.map(() => Float32Array.of(1, 0)))));
      },
    };
    return { inner, requests, finish };
  }
  const tick = () => new Promise((r) => setImmediate(r));

  it('sends one request at a time; the questions that come meanwhile go together in the next', async () => {
    const { inner, requests, finish } = held();
    const cached = withQueryCache(inner);
    const first = cached.embed(['lift'], 'query');
    await tick();
    expect(requests).toEqual([['lift']]);
    const later = ['toilets', 'wifi', 'toilets', 'parking'].map((q) => cached.embed([q], 'query'));
    await tick();
    // Still one request out: the others wait for it rather than queue behind the model one by one.
    expect(requests).toHaveLength(1);
    finish.shift()!();
    expect((await first)?.[0]).toEqual(Float32Array.of(1, 0));
    await tick();
    expect(requests[1]).toEqual(['toilets', 'wifi', 'parking']);
    finish.shift()!();
    expect((await Promise.all(later)).every((v) => v?.[0]?.length === 2)).toBe(true);
  });

  it('answers null, not never, when the embedder throws', async () => {
    const cached = withQueryCache({
      info: () => ({ provider: 'http', model: 'm', state: 'ready', detail: null, dim: 2 }),
      ready: async () => undefined,
      close: async () => undefined,
      embed: async () => {
        throw new Error('boom');
      },
    });
    expect(await cached.embed(['lift'], 'query')).toBeNull();
    expect(await cached.embed(['lift'], 'query')).toBeNull();
  });
});

describe('no embedder', () => {
  it('is off, says why, and answers null', async () => {
    const none = createNoEmbedder();
    expect(none.info()).toEqual({
      provider: 'none',
      model: null,
      state: 'off',
      detail: 'EMBEDDINGS=none: answers are lexical only',
      dim: null,
    });
    expect(await none.embed(['x'], 'query')).toBeNull();
  });
});
