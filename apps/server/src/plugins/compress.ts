import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers go as they are: compressing them saves less than a packet and costs time. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to answer in: brotli or gzip when the request accepts it (q=0 refuses), else none. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const isJson = (reply: FastifyReply) =>
  /^application\/(?:[\w.+-]+\+)?json\b/.test(String(reply.getHeader('content-type') ?? ''));

/**
 * Compresses the API's JSON answers of COMPRESS_MIN_BYTES or more (a topic list, a dashboard) in
 * the encoding the request accepts: brotli at a fast level, else gzip. It runs in libuv's thread
 * pool, never on the event loop. Static files are compressed at build time instead
 * (scripts/precompress.mjs); streams (downloads, media) pass untouched.
 */
export function registerApiCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !isJson(reply)) return payload;
    const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (bytes.length < COMPRESS_MIN_BYTES) return payload;
    // Whether it is compressed or not depends on the request's Accept-Encoding: caches must know.
    reply.header('vary', varyWith(reply.getHeader('vary')));
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          })
        : await gzip(bytes, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function varyWith(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (value.trim() === '') return 'accept-encoding';
  if (value.split(',').some((v) => ['*', 'accept-encoding'].includes(v.trim().toLowerCase()))) return value;
  return `${value}, accept-encoding`;
}
