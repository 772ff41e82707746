import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from '../lib/contract.js';
import { consolePage, underApi } from './addresses.js';
import { looksLikeFile, STATIC_OPTIONS } from './static-delivery.js';

/**
 * The built apps: the console at /, the kiosk under /kiosk/, the avatar player under
 * /avatar-player/; and what an unknown address gets (registered last: the not-found handler).
 */
export async function registerApps(
  app: FastifyInstance,
  { consoleDir, kioskDir }: { consoleDir: string; kioskDir: string },
) {
  const hasConsole = fs.existsSync(path.join(consoleDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: consoleDir, ...STATIC_OPTIONS, index: false });
  // The kiosk app: what a device's browser shows, its own SPA under /kiosk/.
  const hasKiosk = fs.existsSync(path.join(kioskDir, 'index.html'));
  if (hasKiosk) {
    await app.register(fastifyStatic, {
      root: kioskDir,
      prefix: '/kiosk/',
      ...STATIC_OPTIONS,
      index: false,
      decorateReply: false,
    });
  }
  // The avatar player page and its motion files, built with the kiosk (apps/kiosk/avatar-player).
  const playerDir = path.join(kioskDir, 'avatar-player');
  if (fs.existsSync(path.join(playerDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: playerDir,
      prefix: '/avatar-player/',
      ...STATIC_OPTIONS,
      index: ['index.html'],
      decorateReply: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const api = underApi(url);
    if (req.method === 'GET' && !api && looksLikeFile(url)) {
      // A missing script or image must fail as one, not load the app's HTML in its place.
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (req.method === 'GET' && (url === '/kiosk' || url.startsWith('/kiosk/'))) {
      if (hasKiosk) {
        // Through the static plugin (the console's sendFile, rooted in the kiosk): precompressed.
        if (hasConsole) return reply.sendFile('index.html', kioskDir);
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html')
          .send(fs.createReadStream(path.join(kioskDir, 'index.html')));
      }
      return reply.status(404).type('text/plain').send('The kiosk is not built. Run `npm run build`.');
    }
    if (req.method === 'GET' && !api && !consolePage(url)) {
      // Not one of the console's pages either. A person's browser goes to the dashboard (an unknown
      // address of the console does); anything else (/metrics for a scraper, a probe) learns there
      // is nothing here instead of getting the console's HTML with 200.
      if (/\btext\/html\b/.test(req.headers.accept ?? '')) return reply.redirect('/dashboard');
      return reply.status(404).send(failure(`No such page or call: GET ${url}`, 'not_found'));
    }
    if (req.method === 'GET' && !api) {
      // Client-side routes (/dashboard, /setting/users, ...) all load the console.
      if (hasConsole) return reply.sendFile('index.html');
      return reply.status(404).type('text/plain').send('The console is not built. Run `npm run build`.');
    }
    return reply.status(404).send(failure(`No such call: ${req.method} ${url}`, 'not_found'));
  });
}
