import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from '../lib/lifecycle.js';
import { isApi } from './addresses.js';

const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries: content security, request id, draining, caching of API answers. */
export async function registerSecurityHeaders(app: FastifyInstance, lifecycle: Lifecycle) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // MUI (emotion) injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Responses may show images from an operator's own web site as well as uploads.
        'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        // Audio previews play from object URLs.
        'media-src': ["'self'", 'blob:'],
        // Sites run on plain HTTP inside a venue's network: never force https sub-requests.
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS tells a browser to use HTTPS for a year: only said over HTTPS (below), never over the
    // plain HTTP that sites run on inside a venue network.
    hsts: false,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Draining: every answer ends its connection, so clients reconnect to an instance that stays.
    if (lifecycle.draining) reply.header('connection', 'close');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers are per caller and often secret (tokens, keys): never kept by a browser or proxy.
    if (isApi(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
