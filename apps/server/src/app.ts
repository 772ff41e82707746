import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { DEVICE_API_PREFIX, PAGES, SOCKET, isErrorCode } from '@ambassador/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { failure } from './lib/contract.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.js';
import { useContracts } from './lib/contract.js';
import { registerApiReference } from './plugins/api-reference.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerDeviceAuth } from './plugins/device-auth.js';
import { registerGuard } from './plugins/guard.js';
import { registerThrottles } from './plugins/throttle.js';
import { recordRoutes } from './plugins/route-table.js';
import { registerInputChecks } from './plugins/input-checks.js';
import { registerApiCompression } from './plugins/compress.js';
import { looksLikeFile, STATIC_OPTIONS } from './plugins/static-delivery.js';
import {
  createLoadShedder,
  PGLITE_LIMITS,
  POSTGRES_LIMITS,
  registerLoadShedding,
  type ShedLimits,
} from './plugins/load-shed.js';
import { MEDIA_SWEEP, startHousekeeping, type HousekeepingTask } from './jobs/housekeeping.js';
import { createJobQueue, JOBS_PRUNE } from './jobs/queue.js';
import { createEventBus } from './events/bus.js';
import {
  AI_CHANGED,
  DEVICE_CHANGED,
  LOCATIONS_CHANGED,
  MRC_CHANGED,
  SESSION_ENDED,
} from './events/channels.js';
import { derivedRedisPrefix } from './events/namespace.js';
import { installationIdentity } from './db/installation.js';
import { createRealtime } from './realtime/server.js';
import { createMediaStore, mediaLimitsOf } from './media/store.js';
import { createVideoTools } from './media/video.js';
import { mediaRoutes } from './media/routes.js';
import { createResumableUploads, UPLOADS_IN_FLIGHT } from './media/tus.js';
import { resumableUploadRoutes } from './media/tus-routes.js';
import { createMatcherRegistry } from './matcher/index.js';
import { createEmbedder } from './nlu/embedder/index.js';
import { createVectorService } from './nlu/vectors.js';
import { createVectorsRepo } from './nlu/vectors-repo.js';
import {
  synthesize,
  aiRoutes,
  createAnswerData,
  createAnswerService,
  topicsStep,
  createConfidenceRepo,
  createConfidenceService,
  createEntitiesRepo,
  createEntitiesService,
  createExchangeService,
  createMatcherSource,
  createMatcherStatusService,
  createResponsesRepo,
  createResponsesService,
  createTopicsRepo,
  createTopicsService,
  createTransferRepo,
  createTransferService,
  responseMediaReferences,
  transferMediaReferences,
  type AiChangeListener,
} from './modules/ai/index.js';
import {
  createConversationsRepo,
  conversationsRoutes,
  createConversationsService,
} from './modules/conversations/index.js';
import { createDashboardRepo, dashboardRoutes, createDashboardService } from './modules/dashboard/index.js';
import {
  createCallsRepo,
  callsDeviceRoutes,
  callsRoutes,
  createCallsService,
} from './modules/calls/index.js';
import { createChatRepo, chatDeviceRoutes, chatRoutes, createChatService } from './modules/chat/index.js';
import { createPushRepo, pushMediaReferences, pushRoutes, createPushService } from './modules/push/index.js';
import {
  carouselMediaReferences,
  idleScreenMediaReferences,
  carouselRoutes,
  createCarouselRepo,
  createCarouselService,
  createIdleScreenRepo,
  createIdleScreenService,
  createInterfaceRepo,
  createInterfaceService,
  idleScreenRoutes,
  interfaceRoutes,
} from './modules/interface/index.js';
import {
  createDirectoryRepo,
  directoryMediaReferences,
  createDirectoryService,
  directoryDeviceRoutes,
  directoryRoutes,
} from './modules/directory/index.js';
import {
  createLocationsRepo,
  createLocationsService,
  locationsStep,
  namedLocationStep,
  locationsDeviceRoutes,
  locationsMediaReferences,
  locationsRoutes,
} from './modules/locations/index.js';
import {
  createEventRepo,
  createEventService,
  createKioskEvents,
  createQuizRepo,
  createQuizService,
  createResultsRepo,
  createResultsService,
  createRunRepo,
  createRunService,
  eventMediaReferences,
  eventRoutes,
  quizMediaReferences,
  quizRoutes,
  resultsRoutes,
  runDeviceRoutes,
  runRoutes,
} from './modules/events/index.js';
import { createAuthRepo, authRoutes, createAuthService } from './modules/auth/index.js';
import {
  createDevicesRepo,
  devicesRoutes,
  devicesStaffRoutes,
  createDevicesService,
} from './modules/devices/index.js';
import { createDeviceApiRepo, deviceApiRoutes, createDeviceApiService } from './modules/device-api/index.js';
import {
  createSmallTalkRepo,
  createSmallTalkService,
  smallTalkRoutes,
  smallTalkSteps,
} from './modules/small-talk/index.js';
import { createAnswerChain, testConsoleResult } from './modules/assistant/index.js';
import { HEALTH_PATHS, healthRoutes } from './modules/health/index.js';
import { createRetentionRepo, retentionRoutes, createRetentionService } from './modules/retention/index.js';
import { createUsersRepo, usersRoutes, createUsersService } from './modules/users/index.js';
import {
  createGenerate,
  createIndexRegistry,
  createRetrievalRepo,
  createRetrievalService,
  retrievalRoutes,
  createMrcRepo,
  createMrcService,
  documentsStep,
  detectLanguage,
  extractDocument,
  mrcMediaReferences,
  mrcRoutes,
  toPassages,
} from './modules/mrc/index.js';
import {
  avatarDeviceRoutes,
  avatarMediaReferences,
  avatarPlayerRoutes,
  avatarRoutes,
  createAvatarsRepo,
  createAvatarsService,
  createFaceDetector,
} from './modules/avatars/index.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** A logger made already (the server's, shared with start-up); wins over `logger`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Periodic housekeeping (the server turns it on; tests call the tasks themselves). */
  housekeeping?: boolean;
  /** Build every device's intent matcher after start-up, in the background (the server does). */
  warmMatchers?: boolean;
  /** Shared with server.ts, which marks it draining on SIGTERM. */
  lifecycle?: Lifecycle;
  /** Admission limits when shedding load (tests make them small). */
  shedLimits?: ShedLimits;
}

/** The console's own addresses (its router's pages): only these load its index.html. */
const consolePage = (url: string) =>
  url === '/' || url === '/login' || PAGES.some((page) => url === page || url.startsWith(`${page}/`));

/** API prefixes that never fall back to the console's index.html. */
const API_PREFIXES = [
  '/admin_panel',
  '/device_api',
  '/media',
  '/realtime',
  ...HEALTH_PATHS,
  '/avatar-player/api',
];
const isApi = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`)) && !path.startsWith('/media/');
};
const HSTS = 'max-age=31536000; includeSubDomains';
/** This server's version (its package's), shown in the API reference; the same from src and dist. */
const SERVER_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

function frameworkMessage(code: string) {
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return 'A value in the address is too long.';
  return 'The address is not valid.';
}

/** Builds the whole app without listening: the composition root. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logger = false,
  loggerInstance,
  housekeeping = false,
  warmMatchers = false,
  lifecycle = createLifecycle(),
  shedLimits,
}: BuildOptions) {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger }),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // While closing, a request on a kept-alive connection is still served (with Connection:
    // close), never answered 503: the client sent it before it could know.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A path Fastify's router refuses (a parameter over 100 characters, broken %-escapes) still
    // answers in the envelope every client reads.
    frameworkErrors: (error, _req, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const code = isErrorCode(error.code) ? error.code : 'bad_request';
      void (reply as FastifyReply).status(status).send(failure(frameworkMessage(error.code), code));
    },
  });
  registerErrorHandler(app);
  useContracts(app);
  recordRoutes(app);
  if (config.LOAD_SHEDDING) {
    const limits = shedLimits ?? (database.kind === 'pglite' ? PGLITE_LIMITS : POSTGRES_LIMITS);
    registerLoadShedding(app, createLoadShedder(limits));
  }
  // Redis keys and channels under this installation's own namespace, read before anything uses
  // Redis: another installation sharing the Redis never hears its live events (issue 38).
  const redisPrefix = config.REDIS_PREFIX ?? derivedRedisPrefix(await installationIdentity(database.db));
  app.decorate('redisPrefix', redisPrefix);
  await registerThrottles(app, {
    limits: {
      signInPerIp: config.SIGNIN_PER_IP_PER_MINUTE,
      asksPerDevice: config.ASKS_PER_DEVICE_PER_MINUTE,
    },
    redisUrl: config.REDIS_URL,
    redisPrefix,
  });
  registerInputChecks(app);
  registerApiCompression(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // MUI (emotion) injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Responses may show images from an operator's own web site as well as uploads.
        'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        // Audio previews play from object URLs.
        'media-src': ["'self'", 'blob:'],
        // Sites run on plain HTTP inside a venue's network: never force https sub-requests.
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    // HSTS tells a browser to use HTTPS for a year: only said over HTTPS (below), never over the
    // plain HTTP that sites run on inside a venue network.
    hsts: false,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Draining: every answer ends its connection, so clients reconnect to an instance that stays.
    if (lifecycle.draining) reply.header('connection', 'close');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers are per caller and often secret (tokens, keys): never kept by a browser or proxy.
    if (isApi(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const { db } = database;
  // Durable background jobs (jobs/queue.ts): modules register their kinds while the app is built;
  // the server starts claiming once every module is registered (onReady, below).
  const jobQueue = createJobQueue({ db, clock, log: app.log });
  app.decorate('jobs', jobQueue);
  // Before anything closes: running jobs are aborted (queued again, for after the restart) while
  // the services they use still work.
  app.addHook('preClose', async () => jobQueue.stop());
  const auth = createAuthService({
    // `realtime` is created below, from these services; revocations only happen after start-up.
    onRevoked: (ids) => realtime.disconnectSessions(ids),
    repo: createAuthRepo(db),
    clock,
    log: app.log,
    sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: config.SESSION_MAX_HOURS * 3_600_000,
  });
  const devicesRepo = createDevicesRepo(db);
  const devices = createDevicesService({
    repo: devicesRepo,
    clock,
    onKeysRevoked: (id) => realtime.disconnectDevice(id),
    // Created below; a device is only retired by a request, after start-up.
    onRetired: (id) => {
      matcher.drop(id);
      answerData.drop(id);
    },
    onDeviceChanged: (deviceId) => bus.publish(DEVICE_CHANGED, { deviceId }),
  });
  const users = createUsersService({
    repo: createUsersRepo(db),
    clock,
    revokeSessions: auth.revokeUserSessions,
  });

  fs.mkdirSync(config.mediaDir, { recursive: true });
  const media = createMediaStore({
    dir: config.mediaDir,
    db,
    clock,
    limits: mediaLimitsOf(config),
    video: createVideoTools({ ffprobe: config.FFPROBE_PATH, ffmpeg: config.FFMPEG_PATH }),
  });
  // Every area that keeps media ids or addresses says so: the sweep keeps what they name.
  media.addReferences(
    responseMediaReferences,
    transferMediaReferences,
    pushMediaReferences,
    carouselMediaReferences,
    idleScreenMediaReferences,
    directoryMediaReferences,
    eventMediaReferences,
    quizMediaReferences,
    mrcMediaReferences,
    avatarMediaReferences,
    ...locationsMediaReferences,
  );
  // Without ffprobe/ffmpeg the server runs, and says once that videos will be refused.
  void media.video.status().then(
    (missing) => {
      if (missing)
        app.log.warn({ missing }, 'video uploads are refused: install ffmpeg (apt-get install ffmpeg)');
    },
    (err: unknown) => app.log.error({ err }, 'checking for ffmpeg failed'),
  );
  // Resumable (tus) uploads: partial files under DATA_DIR/media/.tus survive a restart.
  const uploads = createResumableUploads({
    dir: path.join(config.mediaDir, '.tus'),
    media,
    devices,
    log: app.log,
    limits: {
      ...UPLOADS_IN_FLIGHT,
      perUser: config.UPLOADS_IN_FLIGHT_USER_MB * 1024 * 1024,
      perProject: config.UPLOADS_IN_FLIGHT_PROJECT_MB * 1024 * 1024,
    },
  });
  const bus = createEventBus({ redisUrl: config.REDIS_URL, prefix: redisPrefix, log: app.log });
  app.addHook('onClose', async () => bus.close());
  bus.subscribe(DEVICE_CHANGED, ({ deviceId }) => devices.forgetDevice(deviceId));
  // socket.io on this app's HTTP server, at /realtime (Redis adapter with REDIS_URL, under the prefix).
  const realtime = createRealtime({
    httpServer: app.server,
    auth,
    devices,
    redisUrl: config.REDIS_URL,
    redisPrefix,
    log: app.log,
  });
  app.addHook('preClose', async () => realtime.close());
  const { notifier, hooks } = realtime;
  // Every instance's intent matcher hears which topics of a device changed, wherever they changed.
  const aiChanges: AiChangeListener = {
    changed: (deviceId, topicIds) => {
      bus.publish(AI_CHANGED, { deviceId, topicIds });
      // Here, not in the bus handler: the instance that made the change tells the kiosks, once.
      bannerLinksChanged(deviceId);
    },
    settingsChanged: (deviceId) => bus.publish(AI_CHANGED, { deviceId, settings: true }),
  };
  const topicsRepo = createTopicsRepo(db);
  // The matcher is made below; the overlap check reaches it when a keyword is checked.
  const topics = createTopicsService({
    repo: topicsRepo,
    clock,
    listener: aiChanges,
    nearest: (deviceId, text, limit) => matcher.nearest(deviceId, text, limit),
  });
  const responsesRepo = createResponsesRepo(db);
  const responses = createResponsesService({
    repo: responsesRepo,
    topics: topicsRepo,
    clock,
    listener: aiChanges,
  });
  const entitiesRepo = createEntitiesRepo(db);
  // The sentence encoder (nlu/embedder: local, http or none) and the vectors stored of each device's texts.
  const embedder = createEmbedder(config, app.log);
  app.addHook('onClose', async () => embedder.close());
  const vectors = createVectorService({ repo: createVectorsRepo(db), embedder });
  app.decorate('embedder', embedder);
  // Built per device on first use, then answers from memory; changes rebuild only what changed, and
  // a rebuild runs beside the matcher in use, which answers until the new one takes over.
  const matcherSource = createMatcherSource({
    topics: topicsRepo,
    entities: entitiesRepo,
    vectors,
    log: app.log,
  });
  const matcher = createMatcherRegistry({ ...matcherSource, log: app.log });
  app.addHook('onClose', async () => matcher.close());
  const understanding = () => {
    const { provider, model, state, detail } = embedder.info();
    return { provider, model, state, detail };
  };
  const matcherStatus = createMatcherStatusService({
    matcher,
    understanding,
    embedding: matcherSource.embedding,
  });
  // What answering reads besides the matcher (topics, responses, sub-topics, settings), in memory.
  const answerData = createAnswerData({ topics: topicsRepo, responses: responsesRepo });
  bus.subscribe(AI_CHANGED, (message) => {
    if ('settings' in message) {
      answerData.settingsChanged(message.deviceId);
      return;
    }
    matcher.invalidate(message.deviceId, message.topicIds);
    answerData.invalidate(message.deviceId, message.topicIds);
  });
  if (warmMatchers) {
    // One device at a time, in 20 ms slices: requests are served meanwhile, and a device's first
    // visitor question no longer waits for its build.
    app.addHook('onReady', async () => {
      setImmediate(() => {
        void (async () => {
          const started = Date.now();
          const ids = await devicesRepo.allIds();
          for (const id of ids) await matcher.warm(id);
          app.log.info({ devices: ids.length, ms: Date.now() - started }, 'intent matchers ready');
        })().catch((err: unknown) => app.log.error({ err }, 'warming the intent matchers failed'));
      });
    });
  }
  // Document answers (modules/mrc/retrieval): a BM25 index per device in memory, rebuilt beside the
  // one in use when its documents change (`documentsChanged`, heard by every instance, or a check
  // of the documents at most once a second), and the passages' stored vectors beside it.
  const retrieval = createRetrievalService({
    indexes: createIndexRegistry({ repo: createRetrievalRepo(db), now: clock.now, log: app.log, vectors }),
    embed: (text) => vectors.query(text),
    generate: config.LLM_BASE_URL
      ? createGenerate(
          {
            baseUrl: config.LLM_BASE_URL,
            apiKey: config.LLM_API_KEY,
            model: config.LLM_MODEL,
            timeoutMs: config.LLM_TIMEOUT_MS,
          },
          app.log,
        )
      : undefined,
  });
  /** The scan side calls this when a device's documents become Ready, are removed or re-scanned. */
  const documentsChanged = (deviceId: number) => bus.publish(MRC_CHANGED, { deviceId });
  bus.subscribe(MRC_CHANGED, ({ deviceId }) => retrieval.invalidate(deviceId));
  app.decorate('documentsChanged', documentsChanged);
  app.decorate('documentAnswerer', retrieval.answerer);
  const answers = createAnswerService({
    matcher,
    topics: answerData.topics,
    responses: answerData.responses,
  });
  // Small talk (modules/small-talk): its entries, and the topic filter.
  const smallTalk = createSmallTalkService({ repo: createSmallTalkRepo(db), clock, vectors });
  // Locations and maps (modules/locations): "where is …" answered with a map, after topics.
  const callSettingsRepo = createCallsRepo(db);
  const locations = createLocationsService({
    repo: createLocationsRepo(db),
    media,
    notifier,
    clock,
    timeZoneOf: async (deviceId) => (await callSettingsRepo.settings(deviceId))?.timeZone ?? 'UTC',
    onChanged: (deviceId) => bus.publish(LOCATIONS_CHANGED, { deviceId }),
  });
  // Every instance forgets a device's folded locations when they change, and when the device
  // changes or is deleted (what it held is then of no use).
  for (const channel of [LOCATIONS_CHANGED, DEVICE_CHANGED]) {
    bus.subscribe(channel, ({ deviceId }) => locations.forget(deviceId));
  }
  // The chain a device answers with (modules/assistant), each step owned by its area, in order.
  const talkSteps = smallTalkSteps(
    (deviceId, language) => smallTalk.answering(deviceId, language),
    (text) => vectors.query(text),
  );
  const answerChain = createAnswerChain([
    talkSteps.topicFilter,
    namedLocationStep(locations),
    topicsStep(answers),
    locationsStep(locations),
    documentsStep(retrieval.answerer),
    talkSteps.smallTalk,
  ]);
  const confidence = createConfidenceService({
    matcher,
    topics: topicsRepo,
    repo: createConfidenceRepo(db),
    clock,
  });
  // Interface sections (modules/interface): saved per device, sent to its kiosks when changed.
  const sections = createInterfaceService({ repo: createInterfaceRepo(db), notifier, clock });
  // Carousel banners (modules/interface): images in the media store, sent to kiosks when changed.
  const carousel = createCarouselService({ repo: createCarouselRepo(db), media, notifier, clock });
  // Idle screen (modules/interface): images and videos in the media store, sent to kiosks when changed.
  const idle = createIdleScreenService({ repo: createIdleScreenRepo(db), media, notifier, clock });
  // Directory units (modules/directory): logos in the media store; kiosks re-read it when changed.
  /** Kiosks showing a banner linked to a topic or unit get its new label (or lose a deleted link). */
  function bannerLinksChanged(deviceId: number) {
    carousel
      .linkTargetsChanged(deviceId)
      .catch((err: unknown) => app.log.error({ err, deviceId }, 'refreshing banner links failed'));
  }
  const directory = createDirectoryService({
    repo: createDirectoryRepo(db),
    media,
    notifier,
    clock,
    onChange: bannerLinksChanged,
  });
  // Event Manager (modules/events): quizzes and events; the current event, resolved, goes to kiosks.
  const eventsRepo = createEventRepo(db);
  const quizzesRepo = createQuizRepo(db);
  const kioskEvents = createKioskEvents({
    events: eventsRepo,
    quizzes: quizzesRepo,
    notifier,
    webAddresses: media.webAddresses,
  });
  const quizzes = createQuizService({ repo: quizzesRepo, live: kioskEvents, clock });
  const events = createEventService({
    repo: eventsRepo,
    quizzes: quizzesRepo,
    live: kioskEvents,
    media,
    clock,
  });
  // ---- Virtual avatars (modules/avatars): portraits checked by the face model, produced by the `avatar-produce` job ----
  const faceDetector = createFaceDetector();
  app.addHook('onClose', async () => faceDetector.close());
  const avatars = createAvatarsService({
    repo: createAvatarsRepo(db),
    media,
    jobs: jobQueue,
    detector: faceDetector,
    notifier,
    clock,
    speak: synthesize,
  });
  avatars.registerJobs();
  // ---- end avatars ----
  const deviceApi = createDeviceApiService({
    repo: createDeviceApiRepo(db),
    answers: answerChain,
    topics: answerData.topics,
    sections: (deviceId) => sections.kioskSections(deviceId),
    carousel: (deviceId) => carousel.kioskBanners(deviceId),
    idleScreen: (deviceId) => idle.kioskIdleScreen(deviceId),
    event: (deviceId) => kioskEvents.kioskEvent(deviceId),
    avatar: (deviceId) => avatars.kioskAvatar(deviceId),
    clock,
    log: app.log,
    // The staff chats linked to a visitor session end with it (`chat` is built below).
    sessionEnded: (device, sessionId) => chat.visitorSessionEnded(device, sessionId),
    announceSessionEnded: (sessionId) => bus.publish(SESSION_ENDED, { sessionId }),
  });
  bus.subscribe(SESSION_ENDED, ({ sessionId }) => deviceApi.forgetSession(sessionId));
  app.addHook('onClose', async () => deviceApi.close());
  const entities = createEntitiesService({
    repo: entitiesRepo,
    topics: topicsRepo,
    clock,
    listener: aiChanges,
  });

  const transfer = createTransferService({ db, repo: createTransferRepo(db), clock, listener: aiChanges });
  const exchange = createExchangeService({ db, clock, listener: aiChanges });
  const conversations = createConversationsService({
    repo: createConversationsRepo(db),
    topics,
    vectors,
    clock,
    log: app.log,
  });
  const dashboard = createDashboardService({ repo: createDashboardRepo(db) });
  const retention = createRetentionService({ repo: createRetentionRepo(db), clock });

  // ---- Live chat and push messages (modules/chat, modules/push) ----
  const chat = createChatService({
    repo: createChatRepo(db),
    notifier,
    clock,
    // A visitor's chat asked for from a directory unit is tagged with it.
    unitTag: (deviceId, unitId, language) => directory.chatTag(deviceId, unitId, language),
  });
  const push = createPushService({ repo: createPushRepo(db), notifier, clock });
  // A kiosk confirms a push is on screen; a kiosk that (re)connects gets what it missed.
  hooks.onDeviceMessage(SOCKET.pushAck, (device, payload) => push.ack(device, payload));
  hooks.onDeviceConnect((device) => push.deviceConnected(device));
  // ---- end chat/push ----

  // ---- Video calls (modules/calls) ----
  const calls = createCallsService({
    repo: callSettingsRepo,
    notifier,
    clock,
    log: app.log,
    iceServers: config.ICE_SERVERS,
    deviceInProject: devices.belongsToProject,
  });
  app.addHook('onClose', async () => calls.close());
  hooks.onAdminMessage(SOCKET.callSignal, (admin, payload) => calls.signalFromAdmin(admin, payload));
  hooks.onDeviceMessage(SOCKET.callSignal, (device, payload) => calls.signalFromDevice(device, payload));
  hooks.onDeviceDisconnect((device) => calls.deviceGone(device));
  hooks.onAdminConnect((admin) => calls.adminConnected(admin));
  // ---- end calls ----

  // ---- Event runs and results (modules/events) ----
  const runRepo = createRunRepo(db);
  const runs = createRunService({ repo: runRepo, notifier, clock });
  const eventResults = createResultsService({ repo: createResultsRepo(db), runs: runRepo, clock });
  // ---- end event runs ----

  // ---- Document scanning (modules/mrc): uploads in the media store, scanned by the `mrc-scan` job ----
  const mrc = createMrcService({
    repo: createMrcRepo(db),
    media,
    jobs: jobQueue,
    extract: extractDocument,
    toPassages,
    detectLanguage,
    notifier,
    clock,
    // A document Ready, Failed or Removed: every instance's index of that device rebuilds.
    changed: documentsChanged,
  });
  mrc.registerJobs();
  // ---- end document scanning ----

  // Hourly; listed on the app so tests run them with their own clock.
  const hourly: HousekeepingTask[] = [
    { name: 'prune sessions and sign-in attempts', run: auth.prune },
    { name: 'prune expired transfer snapshots', run: transfer.prune },
    // After the prunes: media only an expired snapshot named go in the same hour.
    { name: MEDIA_SWEEP, run: media.sweep },
    { name: 'delete abandoned resumable uploads', run: uploads.expire },
    { name: 'end event runs their kiosk stopped reporting on', run: () => runs.closeAbandoned() },
    { name: JOBS_PRUNE, run: jobQueue.prune },
    { name: 'delete expired avatar player tokens', run: avatars.pruneTokens },
  ];
  app.decorate('housekeepingTasks', hourly);
  if (housekeeping) {
    // After every module's `jobs.register` (they all run while buildApp does).
    app.addHook('onReady', async () => jobQueue.start());
    const stop = startHousekeeping(hourly, app.log);
    app.addHook('onClose', async () => stop());
    // Once a day: conversations past each project's retention period.
    const stopDaily = startHousekeeping(
      [{ name: 'delete conversations past their retention', run: retention.purge }],
      app.log,
      86_400_000,
    );
    app.addHook('onClose', async () => stopDaily());
    // Every 5 minutes: chats whose visitor went silent (CHAT_IDLE_MS), so they end close to it.
    const stopChats = startHousekeeping([{ name: 'end idle chats', run: chat.endIdle }], app.log, 300_000);
    app.addHook('onClose', async () => stopChats());
    // Calls ringing on an instance that stopped still become missed, within 15 s of their time.
    const sweep = setInterval(() => {
      calls.expire().catch((err: unknown) => app.log.error({ err }, 'marking missed calls failed'));
    }, 15_000).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }

  // Before any route: the reference collects routes as they are added.
  await registerApiReference(app, { version: SERVER_VERSION });
  // Redis is degraded when the bus or the realtime adapter cannot reach it.
  const redisHealth = () => {
    const states = [bus.redis(), realtime.redis()];
    return states.every((s) => s === 'off') ? 'off' : states.includes('down') ? 'degraded' : 'ok';
  };
  healthRoutes(app, { database, lifecycle, embedder: understanding, redis: redisHealth });
  await mediaRoutes(app, { media });
  // Uploads are read as streams by the routes that take them, each with its own size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, parts: 11 } });
  await app.register(
    async (admin) => {
      registerGuard(admin, { auth, devices });
      authRoutes(admin, { auth });
      devicesRoutes(admin, { devices });
      usersRoutes(admin, { users });
      aiRoutes(admin, {
        topics,
        responses,
        entities,
        testConsole: async (device, language, text) =>
          testConsoleResult(await answerChain.ask(device, language, text)),
        confidence,
        exchange,
        transfer,
        media,
        devices,
        matcherStatus,
      });
      retrievalRoutes(admin, { retrieval });
      conversationsRoutes(admin, { conversations });
      dashboardRoutes(admin, { dashboard });
      retentionRoutes(admin, { retention });
      smallTalkRoutes(admin, { smallTalk, devices });
      // ---- admin routes: chat/push ----
      chatRoutes(admin, { chat });
      pushRoutes(admin, { push, media });
      // ---- admin routes: calls ----
      callsRoutes(admin, { calls });
      // ---- admin routes: interface ----
      interfaceRoutes(admin, { sections });
      carouselRoutes(admin, { carousel });
      // ---- admin routes: resumable media uploads ----
      await admin.register(resumableUploadRoutes, { uploads });
      idleScreenRoutes(admin, { idle });
      directoryRoutes(admin, { directory });
      // ---- admin routes: locations and maps ----
      locationsRoutes(admin, { locations, media });
      // ---- admin routes: events ----
      eventRoutes(admin, { events });
      quizRoutes(admin, { quizzes });
      runRoutes(admin, { runs });
      resultsRoutes(admin, { results: eventResults });
      // ---- admin routes: document scanning ----
      mrcRoutes(admin, { mrc, devices });
      // ---- admin routes: virtual avatars ----
      avatarRoutes(admin, {
        avatars,
        topicMotion: async (deviceId, intentId) => (await topics.motion(deviceId, intentId)).motion,
      });
    },
    { prefix: '/admin_panel' },
  );
  await app.register(
    async (device) => {
      registerDeviceAuth(device, { devices });
      deviceApiRoutes(device, { deviceApi });
      devicesStaffRoutes(device, { devices });
      // ---- device routes: chat/push ----
      chatDeviceRoutes(device, { chat });
      directoryDeviceRoutes(device, { directory });
      locationsDeviceRoutes(device, { locations });
      // ---- device routes: calls ----
      callsDeviceRoutes(device, { calls });
      // ---- device routes: event runs ----
      runDeviceRoutes(device, { runs });
      // ---- device routes: avatar ----
      avatarDeviceRoutes(device, { avatars });
    },
    { prefix: DEVICE_API_PREFIX },
  );

  // The avatar player (built with the kiosk app): its calls, then its page and motion files.
  avatarPlayerRoutes(app, { avatars });

  const indexHtml = path.join(config.consoleDir, 'index.html');
  const hasConsole = fs.existsSync(indexHtml);
  if (hasConsole) {
    await app.register(fastifyStatic, { root: config.consoleDir, ...STATIC_OPTIONS, index: false });
  }
  // The kiosk app: what a device's browser shows, its own SPA under /kiosk/.
  const hasKiosk = fs.existsSync(path.join(config.kioskDir, 'index.html'));
  if (hasKiosk) {
    await app.register(fastifyStatic, {
      root: config.kioskDir,
      prefix: '/kiosk/',
      ...STATIC_OPTIONS,
      index: false,
      decorateReply: false,
    });
  }
  // The avatar player page and its motion files, built with the kiosk (apps/kiosk/avatar-player).
  const playerDir = path.join(config.kioskDir, 'avatar-player');
  if (fs.existsSync(path.join(playerDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: playerDir,
      prefix: '/avatar-player/',
      ...STATIC_OPTIONS,
      index: ['index.html'],
      decorateReply: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const api = API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    if (req.method === 'GET' && !api && looksLikeFile(url)) {
      // A missing script or image must fail as one, not load the app's HTML in its place.
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (req.method === 'GET' && (url === '/kiosk' || url.startsWith('/kiosk/'))) {
      if (hasKiosk) {
        // Through the static plugin (the console's sendFile, rooted in the kiosk): precompressed.
        if (hasConsole) return reply.sendFile('index.html', config.kioskDir);
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html')
          .send(fs.createReadStream(path.join(config.kioskDir, 'index.html')));
      }
      return reply.status(404).type('text/plain').send('The kiosk is not built. Run `npm run build`.');
    }
    if (req.method === 'GET' && !api && !consolePage(url)) {
      // Not one of the console's pages either. A person's browser goes to the dashboard (an unknown
      // address of the console does); anything else (/metrics for a scraper, a probe) learns there
      // is nothing here instead of getting the console's HTML with 200.
      if (/\btext\/html\b/.test(req.headers.accept ?? '')) return reply.redirect('/dashboard');
      return reply.status(404).send(failure(`No such page or call: GET ${url}`, 'not_found'));
    }
    if (req.method === 'GET' && !api) {
      // Client-side routes (/dashboard, /setting/users, ...) all load the console.
      if (hasConsole) return reply.sendFile('index.html');
      return reply.status(404).type('text/plain').send('The console is not built. Run `npm run build`.');
    }
    return reply.status(404).send(failure(`No such call: ${req.method} ${url}`, 'not_found'));
  });

  return app;
}
