import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from './test/harness.js';

/**
 * How the built apps and the API travel (issue 20), over real HTTP: precompressed brotli/gzip
 * files made by the build's own script, cache headers, robots.txt, compressed JSON.
 */

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
/** A script as large as a real chunk, so it is worth compressing. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const INDEX = `<!doctype html><html><head><title>Console</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

function stageBuild(dir: string, index: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), index);
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
}

const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-delivery-console-'));
const kioskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-delivery-kiosk-'));
stageBuild(consoleDir, INDEX);
stageBuild(kioskDir, INDEX.replace('Console', 'Kiosk'));
fs.copyFileSync(path.join(repoRoot, 'apps/console/public/robots.txt'), path.join(consoleDir, 'robots.txt'));
// What `npm run build` runs after Vite: the .br and .gz files beside each file.
execFileSync(process.execPath, [path.join(repoRoot, 'scripts/precompress.mjs'), consoleDir, kioskDir]);

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('delivery: compression and caching over HTTP', () => {
  const t = suiteApp('pglite', { CONSOLE_DIR: consoleDir, KIOSK_DIR: kioskDir });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => {
    fs.rmSync(consoleDir, { recursive: true, force: true });
    fs.rmSync(kioskDir, { recursive: true, force: true });
  });

  /** A GET as a browser sends it, the body as the bytes on the wire (never decoded). */
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<Raw>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
  const decoded = (r: Raw) => {
    const encoding = r.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(r.body).toString();
    if (encoding === 'gzip') return zlib.gunzipSync(r.body).toString();
    return r.body.toString();
  };

  it('serves a hashed script as brotli to a browser that accepts it, kept for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the file itself, as the request allows', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(SCRIPT);
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/login', '/dashboard'])(
    'answers %s with the console page, compressed and never cached stale',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toBe(INDEX);
    },
  );

  it('serves the kiosk the same way: its page no-cache, its assets immutable, both compressed', async () => {
    const page = await get('/kiosk/', { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page)).toContain('<title>Kiosk</title>');
    const script = await get('/kiosk/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('loads the console on its pages only; elsewhere a browser goes to the dashboard, others get 404', async () => {
    for (const page of ['/', '/login', '/dashboard', '/setting/users', '/ai/keyword/question/7']) {
      const res = await get(page);
      expect(res.status, page).toBe(200);
      expect(decoded(res), page).toContain('<html');
    }
    for (const other of ['/server-status', '/wp-admin', '/dashboards', '/api/v1/users']) {
      const res = await get(other);
      expect(res.status, other).toBe(404);
      expect(decoded(res), other).not.toContain('<html');
      expect(JSON.parse(decoded(res)), other).toMatchObject({ success: false, error: 'not_found' });
      const browser = await get(other, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect(browser.status, other).toBe(302);
      expect(browser.headers.location, other).toBe('/dashboard');
    }
  });

  it('answers /robots.txt with rules, not with the app page', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body.toString()).toMatch(/^User-agent: \*$/m);
    expect(res.body.toString()).toMatch(/^Disallow: \/admin_panel\/$/m);
    expect(res.body.toString()).not.toContain('<html');
  });

  it('compresses a large JSON answer in the encoding the request accepts', async () => {
    const plain = await get('/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(plain.body.toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    for (const [accept, encoding] of [
      ['br;q=1.0, gzip;q=0.8', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await get('/openapi.json', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Number(res.headers['content-length'] ?? res.body.length)).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(decoded(res))).toEqual(document);
    }
  });

  it('leaves a small JSON answer as it is', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ success: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps API answers uncached when they are compressed', async () => {
    const res = await get('/admin_panel/nothing', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(JSON.parse(decoded(res))).toMatchObject({ success: false, error: 'not_found' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
