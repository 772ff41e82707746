import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * GET /media/<name>: uploads with the type their bytes were checked to be, never sniffed by the
 * browser. Names are random and never reused, so they may be cached for long.
 */
export async function mediaRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}
