import { ZFailure, ZOk } from '@ambassador/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { contractApp, failure, ok } from '../../lib/contract.js';
import type { Lifecycle } from '../../lib/lifecycle.js';

const ZHealth = z.object({ database: z.enum(['pglite', 'postgres']) });

/** Liveness and readiness for a load balancer: the database must answer, and the server not be stopping. */
export function healthRoutes(
  parent: FastifyInstance,
  { database, lifecycle }: { database: Database; lifecycle: Lifecycle },
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
        return ok({ database: database.kind });
      } catch {
        return reply.status(503).send(failure('Database unavailable', 'unavailable'));
      }
    },
  );
}
