import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createEventBus } from '../bus/bus.js';
import { MEDIA_SWEEP } from '../jobs/housekeeping.js';
import { createJobQueue, JOBS_PRUNE } from '../jobs/queue.js';
import type { Clock } from '../lib/clock.js';
import { createMediaStore, mediaLimitsOf } from '../media/store.js';
import { createResumableUploads, UPLOADS_IN_FLIGHT } from '../media/tus.js';
import { createVideoTools } from '../media/video.js';
import { createEmbedder } from '../nlu/embedder/index.js';
import { createVectorService } from '../nlu/vectors.js';
import { createVectorsRepo } from '../nlu/vectors-repo.js';
import { createRealtime } from '../realtime/server.js';
import type { Core, KioskPart, ModuleName, Modules, ScheduledTask } from './module.js';

/**
 * The server's shared parts, made before any module: the job queue, the media store and its
 * resumable uploads, the event bus, the realtime server, the sentence encoder and its vectors.
 * Modules fill `built` and `kioskParts` as the registry is built (core/assemble.ts).
 */
export function createCore(
  app: FastifyInstance,
  {
    config,
    database,
    clock,
    redisPrefix,
  }: { config: Config; database: Database; clock: Clock; redisPrefix: string },
) {
  const { db } = database;
  const log = app.log;
  const built = new Map<ModuleName, unknown>();
  const parts: KioskPart[] = [];
  let building: string | null = null;
  const use = <N extends ModuleName>(name: N): Modules[N] => {
    if (!built.has(name)) {
      throw new Error(
        `module ${building ?? '?'} uses ${name}, which is built after it: move ${name} above it in modules/registry.ts`,
      );
    }
    return built.get(name) as Modules[N];
  };

  // Durable background jobs: modules register their kinds while the app is built; the server
  // starts claiming once every module is registered. Before anything closes, running jobs are
  // aborted (queued again, for after the restart) while the services they use still work.
  const jobs = createJobQueue({ db, clock, log });
  app.decorate('jobs', jobs);
  app.addHook('preClose', async () => jobs.stop());

  fs.mkdirSync(config.mediaDir, { recursive: true });
  const media = createMediaStore({
    dir: config.mediaDir,
    db,
    clock,
    limits: mediaLimitsOf(config),
    video: createVideoTools({ ffprobe: config.FFPROBE_PATH, ffmpeg: config.FFMPEG_PATH }),
  });
  // Without ffprobe/ffmpeg the server runs, and says once that videos will be refused.
  void media.video.status().then(
    (missing) => {
      if (missing)
        log.warn({ missing }, 'video uploads are refused: install ffmpeg (apt-get install ffmpeg)');
    },
    (err: unknown) => log.error({ err }, 'checking for ffmpeg failed'),
  );
  // Resumable (tus) uploads: partial files under DATA_DIR/media/.tus survive a restart.
  const uploads = createResumableUploads({
    dir: path.join(config.mediaDir, '.tus'),
    media,
    devices: { checkScope: (...args) => use('devices').devices.checkScope(...args) },
    log,
    limits: {
      ...UPLOADS_IN_FLIGHT,
      perUser: config.UPLOADS_IN_FLIGHT_USER_MB * 1024 * 1024,
      perProject: config.UPLOADS_IN_FLIGHT_PROJECT_MB * 1024 * 1024,
    },
  });

  const bus = createEventBus({ redisUrl: config.REDIS_URL, prefix: redisPrefix, log });
  app.addHook('onClose', async () => bus.close());
  // socket.io on this app's HTTP server, at /realtime (Redis adapter with REDIS_URL, under the
  // prefix). Sockets are only accepted after start-up, when the auth and devices modules exist.
  const realtime = createRealtime({
    httpServer: app.server,
    auth: { authenticate: (...args) => use('auth').auth.authenticate(...args) },
    devices: { authenticate: (...args) => use('devices').devices.authenticate(...args) },
    redisUrl: config.REDIS_URL,
    redisPrefix,
    log,
  });
  app.addHook('preClose', async () => realtime.close());

  // The sentence encoder (nlu/embedder: local, http or none) and the vectors stored of each device's texts.
  const embedder = createEmbedder(config, log);
  app.addHook('onClose', async () => embedder.close());
  app.decorate('embedder', embedder);
  const vectors = createVectorService({ repo: createVectorsRepo(db), embedder });

  const core: Core = {
    app,
    config,
    database,
    db,
    clock,
    log,
    bus,
    realtime,
    notifier: realtime.notifier,
    hooks: realtime.hooks,
    media,
    jobs,
    embedder,
    vectors,
    understanding: () => {
      const { provider, model, state, detail } = embedder.info();
      return { provider, model, state, detail };
    },
    kioskParts: async (deviceId) =>
      Object.fromEntries(await Promise.all(parts.map(async (part) => [part.key, await part.read(deviceId)]))),
    use,
  };
  /** The core's own housekeeping, after the modules' (media only an expired row named go the same hour). */
  const tasks: ScheduledTask[] = [
    { name: MEDIA_SWEEP, run: media.sweep },
    { name: 'delete abandoned resumable uploads', run: uploads.expire },
    { name: JOBS_PRUNE, run: jobs.prune },
  ];
  return {
    core,
    uploads,
    tasks,
    /** Records what a module built, and the kiosk parts it owns. */
    building: (name: string | null) => {
      building = name;
    },
    built,
    parts,
  };
}
export type BuiltCore = ReturnType<typeof createCore>;
