import { ZFailure } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, failure, file } from '../../lib/contract.js';
import { FORWARDING_HEADERS } from './access.js';
import type { MetricsService } from './service.js';

export const METRICS_PATH = '/metrics';

/** Prometheus's scrape address: the text exposition format, behind METRICS_TOKEN or loopback. */
export function metricsRoutes(parent: FastifyInstance, { metrics }: { metrics: MetricsService }) {
  const app = contractApp(parent);
  app.get(
    METRICS_PATH,
    {
      schema: {
        tags: ['Health'],
        summary: 'Metrics for Prometheus',
        description:
          'The Prometheus text format: requests by route, latency, load shedding, background jobs, sockets, ' +
          'questions by answer kind, matchers and the sentence encoder, and the process. With `METRICS_TOKEN` ' +
          'set it needs `Authorization: Bearer <token>` (401 otherwise); without it only a direct request ' +
          'from this host is answered (403 from elsewhere or through a proxy). docs/operations.md lists the metrics.',
        response: {
          200: file('Prometheus text exposition format 0.0.4', 'text/plain'),
          401: ZFailure,
          403: ZFailure,
        },
      },
    },
    async (req, reply) => {
      const admission = metrics.admit({
        authorization: req.headers.authorization,
        peer: req.socket.remoteAddress,
        proxied: FORWARDING_HEADERS.some((header) => req.headers[header] !== undefined),
      });
      if (admission === 'unauthorized') {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(failure('A valid metrics token is required.', 'unauthorized'));
      }
      if (admission === 'forbidden') {
        return reply
          .status(403)
          .send(
            failure(
              'Metrics are served to this host only; set METRICS_TOKEN to scrape from elsewhere.',
              'forbidden',
            ),
          );
      }
      return reply.type(metrics.contentType).send(await metrics.scrape());
    },
  );
}
