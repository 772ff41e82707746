import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { KioskPartKey, KioskParts, PagePath, SearchHit, SearchKind } from '@ambassador/contracts';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { EventBus } from '../bus/bus.js';
import type { HousekeepingTask } from '../jobs/housekeeping.js';
import type { JobQueue } from '../jobs/types.js';
import type { Clock } from '../lib/clock.js';
import type { MediaReferenceSource, MediaStore } from '../media/store.js';
import type { LoadShedder } from '../plugins/load-shed.js';
import type { Embedder } from '../nlu/embedder/index.js';
import type { VectorService } from '../nlu/vectors.js';
import type { Realtime } from '../realtime/server.js';
import type { Notifier, RealtimeHooks } from '../realtime/types.js';

/**
 * What each area's module builds, by its name. Each `modules/<area>/module.ts` adds its own line
 * (`declare module '../../core/module.js' { interface Modules { area: … } }`), so `use('area')` is
 * typed everywhere without a central list of types to edit.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Modules {}
export type ModuleName = keyof Modules;

/** What every module is built from: the server's shared parts, made before any module. */
export interface Core {
  /** For decorations tests read (`app.documentsChanged`); routes come through admin/device/root. */
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Database['db'];
  clock: Clock;
  log: FastifyBaseLogger;
  bus: EventBus;
  realtime: Realtime;
  notifier: Notifier;
  hooks: RealtimeHooks;
  media: MediaStore;
  jobs: JobQueue;
  embedder: Embedder;
  vectors: VectorService;
  /** The admission control of plugins/load-shed.ts; null with LOAD_SHEDDING=off. */
  shedder: LoadShedder | null;
  /** The sentence encoder's state, as health and the AI Configuration page show it. */
  understanding(): Pick<ReturnType<Embedder['info']>, 'provider' | 'model' | 'state' | 'detail'>;
  /** The live parts of a device's configuration, each read from the module that owns it. */
  kioskParts(deviceId: number): Promise<Partial<KioskParts>>;
  /** What the console's search looks through, each kind from the module that keeps it. */
  searchSources(): readonly SearchSource[];
  /**
   * A module built before this one (the registry's order). While modules are built it throws for
   * one not built yet, naming the order to fix; from routes and handlers every module is there.
   */
  use<N extends ModuleName>(name: N): Modules[N];
}

/** One live part of a device's configuration: its key, and how its owner reads it for a device. */
export type KioskPart = {
  [K in KioskPartKey]: { key: K; read(deviceId: number): Promise<KioskParts[K]> };
}[KioskPartKey];

/** One kind of thing the console's search (Ctrl+K) finds, in one device's data. */
export interface SearchSource {
  kind: SearchKind;
  /** The page the caller needs access to for these hits (the page they open on). */
  page: PagePath;
  /** The best `limit` of the device's things that hold `text`, closest first. */
  find(scope: { deviceId: number; projectId: number }, text: string, limit: number): Promise<SearchHit[]>;
}

/** Housekeeping a module asks for: hourly unless it says how often. */
export interface ScheduledTask extends HousekeepingTask {
  everyMs?: number;
}

type Scope = FastifyInstance;
type Step = void | Promise<void>;

/**
 * One area of the server: what it builds and everything it adds to the app. `app.ts` builds the
 * core, then the registry's modules in order, then their routes; an area never edits another's files.
 */
export interface ModuleDefinition<N extends ModuleName> {
  name: N;
  build(core: Core): Modules[N] | Promise<Modules[N]>;
  /** Hooks on the whole app (every route, 404s included), added as soon as it is built. */
  hooks?(app: Scope, own: Modules[N], core: Core): Step;
  /** Its admin API routes, under /admin_panel with the session guard. */
  admin?(scope: Scope, own: Modules[N], core: Core): Step;
  /** Its device API routes, under /device_api/v1 with the device key check. */
  device?(scope: Scope, own: Modules[N], core: Core): Step;
  /** Routes of its own outside both (the avatar player's). */
  root?(app: Scope, own: Modules[N], core: Core): Step;
  tasks?(own: Modules[N]): ScheduledTask[];
  /** Where it keeps media ids or addresses: the media sweep keeps what they name. */
  mediaReferences?: MediaReferenceSource[];
  /** The parts of a kiosk's configuration it owns (it sends their changes to the kiosks itself). */
  kiosk?(own: Modules[N]): KioskPart[];
  /** What of its data the console's search finds. */
  search?(own: Modules[N], core: Core): SearchSource[];
  /** Run once the server is ready, in the background, when the server warms up (tests do not). */
  warm?(own: Modules[N], core: Core): Promise<void>;
  /** On close, after requests have stopped (timers, child processes, sockets of its own). */
  close?(own: Modules[N]): Step;
}

/** Any module of the registry, whatever it builds. */
export type AnyModule = { [N in ModuleName]: ModuleDefinition<N> }[ModuleName];

export const defineModule = <N extends ModuleName>(definition: ModuleDefinition<N>) => definition;
