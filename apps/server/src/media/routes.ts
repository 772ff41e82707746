import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ByteRange } from './blob-store.js';
import type { MediaStore } from './store.js';

/**
 * One range of `bytes=` (`a-b`, `a-`, `-n`) within `size` bytes; null to send the whole file
 * (no range, several ranges, or a form not understood), 'unsatisfiable' for a range past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * GET /media/<name>: uploads with the type their bytes were checked to be, never sniffed by the
 * browser, never run as a page. Names never change what they name (content-addressed blobs, or
 * random names from before), so they are cached for a year as immutable. Byte ranges let a video
 * seek.
 */
export async function mediaRoutes(app: FastifyInstance, { media }: { media: MediaStore }) {
  app.get(
    '/media/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(200) }) } },
    async (req, reply) => {
      const { name } = req.params as { name: string };
      const file = await media.find(name);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      if (!file) return reply.status(404).type('text/plain').send('Not found');
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', file.etag)
        .header('accept-ranges', 'bytes')
        .type(file.mime);
      if (req.headers['if-none-match'] === file.etag) return reply.status(304).send();
      const ifRange = req.headers['if-range'];
      const range = ifRange && ifRange !== file.etag ? null : parseRange(req.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      }
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(await file.open(range));
      }
      return reply.header('content-length', file.size).send(await file.open());
    },
  );
}
