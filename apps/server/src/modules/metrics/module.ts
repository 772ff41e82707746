import { defineModule, type Core } from '../../core/module.js';
import { createMetricsRepo } from './repo.js';
import { metricsRoutes } from './routes.js';
import { createMetricsService } from './service.js';

function build({ db, config, log, realtime, jobs, shedder, understanding, use }: Core) {
  const { matcher } = use('ai');
  const metrics = createMetricsService({
    token: config.METRICS_TOKEN,
    repo: createMetricsRepo(db),
    jobKinds: () => jobs.kinds(),
    shedder,
    sockets: () => realtime.connected(),
    matchers: () => matcher.counts(),
    embedder: understanding,
    log,
  });
  use('device-api').onAsked(metrics.asked);
  return { metrics };
}

declare module '../../core/module.js' {
  interface Modules {
    metrics: ReturnType<typeof build>;
  }
}

/** Prometheus metrics at /metrics: every answer is counted as it goes out, the rest read when scraped. */
export const metricsModule = defineModule({
  name: 'metrics',
  build,
  hooks: (app, { metrics }) => {
    app.addHook('onResponse', async (req, reply) => {
      metrics.observe({
        route: req.routeOptions.url,
        method: req.method,
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });
  },
  root: (app, { metrics }) => metricsRoutes(app, { metrics }),
});
