import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RESUMABLE_UPLOAD_EXPIRY_HOURS } from '@ambassador/contracts';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createEventBus } from '../bus/bus.js';
import { MEDIA_SWEEP } from '../jobs/housekeeping.js';
import { createJobQueue, JOBS_PRUNE } from '../jobs/queue.js';
import type { Clock } from '../lib/clock.js';
import { createMediaStore, mediaLimitsOf } from '../media/store.js';
import { createS3BlobStore } from '../media/s3-blob-store.js';
import { createResumableUploads, UPLOADS_IN_FLIGHT } from '../media/tus.js';
import { localTusBackend, s3TusBackend } from '../media/tus-backends.js';
import { createPostgresLocker } from '../media/tus-locker.js';
import { createVideoTools } from '../media/video.js';
import { createEmbedder } from '../nlu/embedder/index.js';
import { createVectorService } from '../nlu/vectors.js';
import { createVectorsRepo } from '../nlu/vectors-repo.js';
import type { LoadShedder } from '../plugins/load-shed.js';
import { createRealtime } from '../realtime/server.js';
import type { Core, KioskPart, ModuleName, Modules, ScheduledTask, SearchSource } from './module.js';

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
    shedder,
  }: { config: Config; database: Database; clock: Clock; redisPrefix: string; shedder: LoadShedder | null },
) {
  const { db } = database;
  const log = app.log;
  const built = new Map<ModuleName, unknown>();
  const parts: KioskPart[] = [];
  const searches: SearchSource[] = [];
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
  // Media blobs in the shared bucket with S3_BUCKET, else under DATA_DIR/media (work files are
  // local either way, under DATA_DIR/media/.incoming).
  const blobs = config.s3 ? createS3BlobStore(config.s3) : undefined;
  if (blobs) app.addHook('onClose', async () => blobs.client.destroy());
  const media = createMediaStore({
    dir: config.mediaDir,
    db,
    clock,
    log,
    ...(blobs ? { blobs } : {}),
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
  // Resumable (tus) uploads: partial files under DATA_DIR/media/.tus, or in the bucket with S3, so
  // they survive a restart; on PostgreSQL (several instances) each upload's lock is the database's.
  const tusDir = path.join(config.mediaDir, '.tus');
  const expiryMs = RESUMABLE_UPLOAD_EXPIRY_HOURS * 3_600_000;
  const backend = config.s3
    ? s3TusBackend(config.s3, media, expiryMs)
    : localTusBackend(tusDir, media, expiryMs);
  const locker =
    database.kind === 'postgres' && config.DATABASE_URL
      ? createPostgresLocker(config.DATABASE_URL)
      : undefined;
  app.addHook('onClose', async () => {
    backend.close();
    await locker?.close();
  });
  const uploads = createResumableUploads({
    dir: tusDir,
    backend,
    expiryMs,
    ...(locker ? { locker } : {}),
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
    shedder,
    understanding: () => {
      const { provider, model, state, detail } = embedder.info();
      return { provider, model, state, detail };
    },
    kioskParts: async (deviceId) =>
      Object.fromEntries(await Promise.all(parts.map(async (part) => [part.key, await part.read(deviceId)]))),
    searchSources: () => searches,
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
    /** Records what a module built, the kiosk parts it owns and what of it search finds. */
    building: (name: string | null) => {
      building = name;
    },
    built,
    parts,
    searches,
  };
}
export type BuiltCore = ReturnType<typeof createCore>;
