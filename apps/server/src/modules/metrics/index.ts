/** What other parts of the server may use of the metrics module; everything else is its own. */
export { METRICS_PATH } from './routes.js';
export { metricsModule } from './module.js';
