import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/** Liveness and readiness for a load balancer: the database must answer. */
export function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/healthz', async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { success: true, message: 'OK', data: { database: database.kind } };
    } catch {
      return reply
        .status(503)
        .send({ success: false, message: 'Database unavailable', data: null, error: 'unavailable' });
    }
  });
}
