import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server.js';

const entry = path.resolve(import.meta.dirname, '../../apps/server/dist/server.js');
const resetPassword = path.resolve(import.meta.dirname, '../../apps/server/dist/cli/reset-password-main.js');

describe('the server process', () => {
  it('stops on a bad setting and names the variable', () => {
    const run = spawnSync(process.execPath, [entry], {
      env: { ...process.env, PORT: 'eighty', ADMIN_PASSWORD: 'weak' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT:');
    expect(run.stderr).toContain('ADMIN_PASSWORD:');
  });

  it('finishes in-flight requests on SIGTERM, exits 0, and a restart keeps the data without re-seeding', async () => {
    const first = await startServer();
    const password = first.adminPassword!;
    // The server builds its devices' intent matchers in the background once it is up.
    await expect.poll(() => first.logs.some((l) => l.includes('intent matchers ready'))).toBe(true);
    // A request whose body is still arriving when SIGTERM comes: it must be answered, not cut.
    const req = http.request(`${first.url}/admin_panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    req.write('{"username":"admin",');
    await expect
      .poll(() => first.logs.some((l) => l.includes('incoming request') && l.includes('/admin_panel/login')))
      .toBe(true);
    const stopped = first.stop({ remove: false });
    await expect.poll(() => first.logs.some((l) => l.includes('shutting down'))).toBe(true);
    req.end(`"password":${JSON.stringify(password)}}`);
    const res = await response;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.username).toBe('admin');
    expect(await stopped).toBe(0);
    expect(first.logs.some((l) => l.includes('"msg":"stopped"'))).toBe(true);

    const second = await startServer({ dataDir: first.dataDir });
    try {
      expect(second.adminPassword).toBeUndefined(); // not seeded again
      const again = await fetch(`${second.url}/admin_panel/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(again.status).toBe(200);
      const health = await fetch(`${second.url}/healthz`);
      expect(await health.json()).toMatchObject({ success: true, data: { database: 'pglite' } });
    } finally {
      await second.stop();
    }
  });

  it('holds its embedded database: a second server and reset-password are refused while it runs', async () => {
    const server = await startServer();
    const password = server.adminPassword!;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, EMBEDDINGS: 'none' };
    delete env.DATABASE_URL;
    try {
      const reset = spawnSync(process.execPath, [resetPassword, 'admin'], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(reset.status).toBe(1);
      expect(reset.stderr).toContain('is in use by the server');
      expect(reset.stdout).not.toContain('Temporary password');
      const twin = spawnSync(process.execPath, [entry], {
        env: { ...env, PORT: '0', ADMIN_PASSWORD: 'Another-Long-Password-1' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(twin.status).toBe(1);
      expect(twin.stderr).toContain('is in use by the server');
      // Nothing changed: the password still signs in.
      const login = await fetch(`${server.url}/admin_panel/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stop({ remove: false });
    }
    // Stopped: the folder is free, and the reset is made.
    const reset = spawnSync(process.execPath, [resetPassword, 'admin'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(reset.stderr).toBe('');
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain('Temporary password for "admin"');
    await fs.rm(server.dataDir, { recursive: true, force: true });
  });
});
