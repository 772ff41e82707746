import { ZEmbedderStatus, ZFailure, ZOk, type EmbedderStatus } from '@ambassador/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { contractApp, failure, ok } from '../../lib/contract.js';
import type { Lifecycle } from '../../lib/lifecycle.js';

const ZHealth = z.object({
  database: z.enum(['pglite', 'postgres']),
  embedder: ZEmbedderStatus.describe('The sentence encoder: answers are lexical while it is down or off'),
});

/** Liveness and readiness for a load balancer: the database must answer, and the server not be stopping. */
export function healthRoutes(
  parent: FastifyInstance,
  {
    database,
    lifecycle,
    embedder,
  }: { database: Database; lifecycle: Lifecycle; embedder: () => EmbedderStatus },
) {
  const app = contractApp(parent);
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['Health'],
        summary: 'Ready to serve?',
        description:
          '503 while the database does not answer (`unavailable`) or the server drains (`draining`).',
        response: { 200: ZOk(ZHealth), 503: ZFailure },
      },
    },
    async (_req, reply) => {
      if (lifecycle.draining) {
        // Still serving, but on its way out: a balancer sends the next requests elsewhere.
        return reply.status(503).send(failure('Shutting down', 'draining'));
      }
      try {
        await database.db.execute(sql`select 1`);
        // The embedder being down is no reason to take the instance out: it answers lexically.
        return ok({ database: database.kind, embedder: embedder() });
      } catch {
        return reply.status(503).send(failure('Database unavailable', 'unavailable'));
      }
    },
  );
}
