import { defineModule, type Core } from '../../core/module.js';
import { MRC_CHANGED } from '../../bus/channels.js';
import { detectLanguage, extractDocument, toPassages } from './extract/index.js';
import { createMrcRepo, mrcMediaReferences, mrcSearchSources } from './repo.js';
import {
  createGenerate,
  createIndexRegistry,
  createRetrievalRepo,
  createRetrievalService,
  retrievalRoutes,
} from './retrieval/index.js';
import { createMrcBulk } from './bulk.js';
import { mrcBulkRoutes, mrcRoutes } from './routes.js';
import { createMrcService } from './service.js';
import { documentsStep } from './step.js';

function build({ app, db, media, jobs, notifier, clock, log, bus, vectors, config, use }: Core) {
  // Document answers: a BM25 index per device in memory, rebuilt beside the one in use when its
  // documents change (`documentsChanged`, heard by every instance, or a check of the documents at
  // most once a second), and the passages' stored vectors beside it.
  const retrieval = createRetrievalService({
    indexes: createIndexRegistry({ repo: createRetrievalRepo(db), now: clock.now, log, vectors }),
    embed: (text) => vectors.query(text),
    generate: config.LLM_BASE_URL
      ? createGenerate(
          {
            baseUrl: config.LLM_BASE_URL,
            apiKey: config.LLM_API_KEY,
            model: config.LLM_MODEL,
            timeoutMs: config.LLM_TIMEOUT_MS,
          },
          log,
        )
      : undefined,
  });
  const documentsChanged = (deviceId: number) => bus.publish(MRC_CHANGED, { deviceId });
  bus.subscribe(MRC_CHANGED, ({ deviceId }) => retrieval.invalidate(deviceId));
  app.decorate('documentsChanged', documentsChanged);
  app.decorate('documentAnswerer', retrieval.answerer);
  // Uploads in the media store, scanned by the `mrc-scan` job.
  const repo = createMrcRepo(db);
  const mrc = createMrcService({
    repo,
    media,
    jobs,
    extract: extractDocument,
    toPassages,
    detectLanguage,
    notifier,
    clock,
    // A document Ready, Failed or Removed: every instance's index of that device rebuilds.
    changed: documentsChanged,
  });
  mrc.registerJobs();
  const bulk = createMrcBulk({
    db,
    repo,
    undo: use('undo').undo,
    announce: mrc.announce,
    requeue: mrc.requeue,
  });
  /** Its answering step: documents, after topics and locations. */
  return { retrieval, mrc, bulk, step: documentsStep(retrieval.answerer) };
}

declare module '../../core/module.js' {
  interface Modules {
    mrc: ReturnType<typeof build>;
  }
}

/** Documents: uploads scanned into passages, and answers read from them. */
export const mrcModule = defineModule({
  name: 'mrc',
  build,
  admin: (scope, { retrieval, mrc, bulk }, { use }) => {
    retrievalRoutes(scope, { retrieval });
    mrcRoutes(scope, { mrc, devices: use('devices').devices });
    mrcBulkRoutes(scope, bulk);
  },
  mediaReferences: [mrcMediaReferences],
  search: (_own, { db }) => mrcSearchSources(db),
});
