import { Counter, Histogram, Registry } from 'prom-client';
import { admit, type Scraper } from './access.js';
import { askMetrics, stateMetrics, type MetricSources } from './gauges.js';
import { processRegistry } from './process-metrics.js';

/** Seconds: from a health check's millisecond to a slow export's ten seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What one answered request tells the HTTP metrics. */
export interface Answered {
  /** The route's pattern (`/admin_panel/…/:id`), never the address asked: one series per route. */
  route: string | undefined;
  method: string;
  status: number;
  seconds: number;
}

/**
 * The app's metrics, in a registry of its own (tests run many apps in one process, and the
 * default registry would share or refuse their metrics), merged with the process's at scrape.
 */
export function createMetricsService({ token, ...sources }: MetricSources & { token: string | undefined }) {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'ambassador_http_requests_total',
    help: 'HTTP requests answered, by route pattern (not_found: no route), method and status',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'ambassador_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const asked = askMetrics(registers);
  stateMetrics(registers, sources);
  const merged = Registry.merge([processRegistry(), registry]);

  return {
    observe({ route = 'not_found', method, status, seconds }: Answered) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
    },
    asked,
    admit: (scraper: Scraper) => admit(scraper, token),
    contentType: merged.contentType,
    scrape: () => merged.metrics(),
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
