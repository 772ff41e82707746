import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { failure } from '../../lib/envelope.js';
import type { Lifecycle } from '../../lib/lifecycle.js';

/** Liveness and readiness for a load balancer: the database must answer, and the server not be stopping. */
export function healthRoutes(
  app: FastifyInstance,
  { database, lifecycle }: { database: Database; lifecycle: Lifecycle },
) {
  app.get('/healthz', async (_req, reply) => {
    if (lifecycle.draining) {
      // Still serving, but on its way out: a balancer sends the next requests elsewhere.
      return reply.status(503).send(failure('Shutting down', 'draining'));
    }
    try {
      await database.db.execute(sql`select 1`);
      return { success: true, message: 'OK', data: { database: database.kind } };
    } catch {
      return reply.status(503).send(failure('Database unavailable', 'unavailable'));
    }
  });
}
