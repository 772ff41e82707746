import { ANSWER_KINDS, type AnswerKind } from '@ambassador/contracts';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { EmbedderState } from '../../nlu/embedder/index.js';
import type { LoadShedder, Priority } from '../../plugins/load-shed.js';
import { JOB_STATES, type MetricsRepo } from './repo.js';

const PRIORITIES: Priority[] = ['high', 'normal', 'low'];
const EMBEDDER_STATES: EmbedderState[] = ['ready', 'starting', 'down', 'off'];
const MATCHER_STATES = ['ready', 'training', 'failed'] as const;

/** What the gauges read at each scrape, from the core and the modules that own each figure. */
export interface MetricSources {
  repo: MetricsRepo;
  jobKinds: () => string[];
  shedder: Pick<LoadShedder, 'stats' | 'working' | 'queued'> | null;
  sockets: () => { device: number; console: number };
  matchers: () => Record<(typeof MATCHER_STATES)[number], number>;
  embedder: () => { provider: string; state: EmbedderState };
  log: { warn(obj: object, msg: string): void };
}

/** Questions by the kind of answer they got; every kind starts at 0 so a rate is never absent. */
export function askMetrics(registers: Registry[]) {
  const asks = new Counter({
    name: 'ambassador_asks_total',
    help: 'Questions devices asked, by the kind of answer (topic, location, document, small_talk, declined, fallback)',
    labelNames: ['kind'],
    registers,
  });
  for (const kind of ANSWER_KINDS) asks.inc({ kind }, 0);
  return (kind: AnswerKind) => asks.inc({ kind });
}

/** The load shedder's figures: its own counts, read when scraped. */
function loadMetrics(registers: Registry[], shedder: NonNullable<MetricSources['shedder']>) {
  new Counter({
    name: 'ambassador_load_shed_requests_total',
    help: 'Requests refused with 503 because the server was full, by priority',
    labelNames: ['priority'],
    registers,
    collect() {
      this.reset();
      for (const priority of PRIORITIES) this.inc({ priority }, shedder.stats.shed[priority]);
    },
  });
  new Gauge({
    name: 'ambassador_load_working_requests',
    help: 'Requests holding an admission slot now',
    registers,
    collect() {
      this.set(shedder.working);
    },
  });
  new Gauge({
    name: 'ambassador_load_queued_requests',
    help: 'Requests waiting for an admission slot now, by priority',
    labelNames: ['priority'],
    registers,
    collect() {
      const queued = shedder.queued();
      for (const priority of PRIORITIES) this.set({ priority }, queued[priority]);
    },
  });
}

/** Jobs by kind and state, read from the database at each scrape; a failed read leaves them out. */
function jobMetrics(registers: Registry[], { repo, jobKinds, log }: MetricSources) {
  new Gauge({
    name: 'ambassador_jobs',
    help: 'Background jobs by kind and state (installation-wide: the same on every instance); failed: kept 30 days',
    labelNames: ['kind', 'status'],
    registers,
    async collect() {
      this.reset();
      try {
        const rows = await repo.jobCounts();
        for (const kind of jobKinds()) for (const status of JOB_STATES) this.set({ kind, status }, 0);
        for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.count);
      } catch (err) {
        // The rest of the scrape still answers: a database outage is when it is read most.
        log.warn({ err }, 'metrics: reading the job counts failed');
      }
    },
  });
}

/** Everything read from memory when scraped: sockets, matchers, the sentence encoder, load. */
export function stateMetrics(registers: Registry[], sources: MetricSources) {
  new Gauge({
    name: 'ambassador_sockets_connected',
    help: 'Realtime sockets connected to this instance, kiosks (device) and consoles',
    labelNames: ['kind'],
    registers,
    collect() {
      const sockets = sources.sockets();
      this.set({ kind: 'device' }, sockets.device);
      this.set({ kind: 'console' }, sockets.console);
    },
  });
  new Gauge({
    name: 'ambassador_matchers',
    help: "Devices' intent matchers this instance holds, by state (failed: retrying after a failed rebuild)",
    labelNames: ['state'],
    registers,
    collect() {
      const counts = sources.matchers();
      for (const state of MATCHER_STATES) this.set({ state }, counts[state]);
    },
  });
  new Gauge({
    name: 'ambassador_embedder_state',
    help: 'The sentence encoder: 1 for its current state (ready, starting, down, off), 0 for the others',
    labelNames: ['provider', 'state'],
    registers,
    collect() {
      this.reset();
      const { provider, state } = sources.embedder();
      for (const s of EMBEDDER_STATES) this.set({ provider, state: s }, s === state ? 1 : 0);
    },
  });
  if (sources.shedder) loadMetrics(registers, sources.shedder);
  jobMetrics(registers, sources);
}
