import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A port free on 127.0.0.1 right now (also the Lighthouse bench's debugging port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A migrated, empty PGlite directory that new data directories start from (see setup.ts). */
let dataTemplate: string | undefined;

/** New data directories start as a copy of `dir` (the e2e run's; benches start from nothing). */
export function useDataTemplate(dir: string): void {
  dataTemplate = dir;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The process id (a job queue's worker id holds it). */
  pid: number;
  /** The admin password the server generated and logged on first start (absent on a restart). */
  adminPassword: string | undefined;
  logs: string[];
  /** SIGTERM, then the exit code; the data directory is kept unless `remove` is set. */
  stop(opts?: { remove?: boolean }): Promise<number | null>;
  /** `kill -9`: the process gets no chance to finish anything; the data directory is kept. */
  kill(): Promise<void>;
  /** Resolves with the first log message matching `pattern` (logged already, or when it is). */
  logged(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * Starts the built server the way `npm start` does (node apps/server/dist/server.js) on the
 * embedded default, in a fresh data directory, with no ADMIN_PASSWORD: it must generate one.
 */
export async function startServer(
  opts: {
    dataDir?: string;
    env?: Record<string, string>;
    readyTimeoutMs?: number;
    /** The port to listen on (a restart keeps its address, as the open pages know it); else a free one. */
    port?: number;
  } = {},
): Promise<RunningServer> {
  const entry = path.join(root, 'apps/server/dist/server.js');
  await fs.access(entry).catch(() => {
    throw new Error('apps/server/dist is missing: run `npm run build` first (npm test does).');
  });
  let dataDir = opts.dataDir;
  if (!dataDir) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-e2e-'));
    if (dataTemplate && !opts.env?.DATABASE_URL)
      await fs.cp(dataTemplate, path.join(dataDir, 'pglite'), { recursive: true });
  }
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // Suites build their own data; the one about demo data turns it back on.
    DEMO_DATA: 'false',
    // Lexical unless a suite is about understanding (it passes EMBEDDINGS=local).
    EMBEDDINGS: 'none',
    // One server serves several suites' sign-ins from 127.0.0.1 within a minute.
    SIGNIN_PER_IP_PER_MINUTE: '600',
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  // A suite that is not about first sign-in may fix the admin password.
  Object.assign(env, opts.env);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const listeners = new Set<(line: string) => void>();
  let password: string | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${logs.join('\n')}`)),
      opts.readyTimeoutMs ?? 60_000,
    );
    const onLine = (line: string) => {
      logs.push(line);
      for (const listener of listeners) listener(line);
      try {
        const entry = JSON.parse(line) as { generatedAdminPassword?: string; msg?: string };
        if (entry.generatedAdminPassword) password = entry.generatedAdminPassword;
        if (entry.msg?.startsWith('Ready: open http')) {
          clearTimeout(timer);
          resolve();
        }
      } catch {
        /* not JSON: keep it in the logs */
      }
    };
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      lines.forEach(onLine);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: child.pid!,
    get adminPassword() {
      return password;
    },
    logs,
    stop: async ({ remove = true } = {}) => {
      let code = child.exitCode;
      if (code === null && child.signalCode === null) {
        child.removeAllListeners('exit'); // the start-up watcher; then wait for the exit code
        const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
        child.kill('SIGTERM');
        code = await exited;
      }
      if (remove) await fs.rm(dataDir, { recursive: true, force: true });
      return code;
    },
    logged: (pattern, timeoutMs = 120_000) =>
      new Promise<string>((resolve, reject) => {
        const message = (line: string) => {
          try {
            const msg = (JSON.parse(line) as { msg?: string }).msg;
            return msg !== undefined && pattern.test(msg) ? msg : null;
          } catch {
            return null;
          }
        };
        const seen = logs.map(message).find((m) => m !== null);
        if (seen) return resolve(seen);
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no log line matched ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        const listener = (line: string) => {
          const m = message(line);
          if (m === null) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(m);
        };
        listeners.add(listener);
      }),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.removeAllListeners('exit');
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
