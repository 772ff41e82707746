import { ZEmbedderStatus, ZFailure, ZOk, type EmbedderStatus } from '@ambassador/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { contractApp, failure, ok } from '../../lib/contract.js';
import type { Lifecycle } from '../../lib/lifecycle.js';

/** Redis between instances: not configured, reachable, or down (this instance goes on alone). */
export type RedisHealth = 'off' | 'ok' | 'degraded';

const ZReady = z.object({
  database: z.enum(['pglite', 'postgres']),
  redis: z
    .enum(['off', 'ok', 'degraded'])
    .describe(
      '`degraded`: Redis does not answer, so calls, chats and AI changes reach only this instance ' +
        '(it keeps serving; each instance reports it)',
    ),
  embedder: ZEmbedderStatus.describe('The sentence encoder: answers are lexical while it is down or off'),
});

const ZLive = z.object({ alive: z.literal(true) });

/** Readiness, under its name and the one the first releases used. */
const READINESS_PATHS = ['/readyz', '/healthz'] as const;
/** Every health address: answered first under load, never the console's page. */
export const HEALTH_PATHS: readonly string[] = ['/livez', ...READINESS_PATHS];

/**
 * Liveness and readiness for a load balancer or an orchestrator. `/livez`: the process serves HTTP
 * (restart it only when this fails). `/readyz` (and `/healthz`, the name the first releases used):
 * send it traffic — the database answers and the server is not stopping. Redis down does not take an
 * instance out (every instance would go at once); it is reported as `degraded`.
 */
export function healthRoutes(
  parent: FastifyInstance,
  {
    database,
    lifecycle,
    embedder,
    redis,
  }: {
    database: Database;
    lifecycle: Lifecycle;
    embedder: () => EmbedderStatus;
    redis: () => RedisHealth;
  },
) {
  const app = contractApp(parent);
  app.get(
    '/livez',
    {
      schema: {
        tags: ['Health'],
        summary: 'Alive?',
        description:
          'Answers while the process serves requests, draining included: a failure means restart it.',
        response: { 200: ZOk(ZLive) },
      },
    },
    async () => ok({ alive: true as const }),
  );
  const ready = async (reply: FastifyReply) => {
    if (lifecycle.draining) {
      // Still serving, but on its way out: a balancer sends the next requests elsewhere.
      return reply.status(503).send(failure('Shutting down', 'draining'));
    }
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      return reply.status(503).send(failure('Database unavailable', 'unavailable'));
    }
    // The embedder being down is no reason to take the instance out: it answers lexically.
    return ok({ database: database.kind, redis: redis(), embedder: embedder() });
  };
  for (const url of READINESS_PATHS) {
    app.get(
      url,
      {
        schema: {
          tags: ['Health'],
          summary: url === '/readyz' ? 'Ready to serve?' : 'Ready to serve? (the same as /readyz)',
          description:
            '503 while the database does not answer (`unavailable`) or the server drains (`draining`). ' +
            'Redis and the sentence encoder are reported, never a reason for 503.',
          response: { 200: ZOk(ZReady), 503: ZFailure },
        },
      },
      async (_req, reply) => ready(reply),
    );
  }
}
