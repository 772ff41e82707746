import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event loop lag, GC, handles), under their standard names
 * so stock Node.js dashboards read them. One set per process, whatever number of apps it runs
 * (tests start many): each collection starts observers that no app's close would stop.
 */
export function processRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
