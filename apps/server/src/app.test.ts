import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { suiteApp } from './test/harness.js';

describe('serving the console', () => {
  // A stand-in build of the console, made before the app starts.
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-console-'));
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app.js'), 'console.log(1)');
  const t = suiteApp('pglite', { CONSOLE_DIR: consoleDir });
  afterAll(() => fs.rmSync(consoleDir, { recursive: true, force: true }));

  it.each(['/', '/login', '/setting/users', '/ai/keyword/question/12'])(
    'answers %s with the console',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves assets with their type and never guesses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends security headers: a CSP that allows only this origin, and no forced https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('keeps API paths out of the fallback: an unknown call is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin_panel/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });

  it('reports health with the database kind and the sentence encoder (lexical only, said so)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({
      success: true,
      message: 'OK',
      data: {
        database: 'pglite',
        redis: 'off',
        embedder: {
          provider: 'none',
          model: null,
          state: 'off',
          detail: 'EMBEDDINGS=none: answers are lexical only',
        },
      },
    });
  });
});
