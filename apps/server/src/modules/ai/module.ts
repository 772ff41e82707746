import { defineModule, type Core } from '../../core/module.js';
import { AI_CHANGED, AI_PUBLISHED } from '../../bus/channels.js';
import { createListeners } from '../../lib/listeners.js';
import { createMatcherRegistry } from '../../matcher/index.js';
import { createAnswerService } from './answering/answer-service.js';
import { createAnswerData } from './answering/answer-data.js';
import { createConfidenceRepo } from './answering/confidence-repo.js';
import { createConfidenceService } from './answering/confidence.js';
import { createMatcherSource } from './answering/matcher-source.js';
import { createMatcherStatusService } from './answering/matcher-status.js';
import { topicsStep } from './answering/step.js';
import type { AiChangeListener } from './changes.js';
import { createAliasesBulk } from './aliases/bulk.js';
import { createAliasesRepo } from './aliases/repo.js';
import { createAliasesService } from './aliases/service.js';
import { createExchangeService } from './exchange/service.js';
import { createResponsesRepo, responseMediaReferences } from './responses/repo.js';
import { createResponsesService } from './responses/service.js';
import { aiRoutes } from './routes.js';
import { aiSearchSources } from './search-repo.js';
import { createTopicsBulk } from './topics/bulk.js';
import { createTopicsRepo } from './topics/repo.js';
import { createTopicsService } from './topics/service.js';
import { createTransferRepo, transferMediaReferences } from './transfer/repo.js';
import { createTransferService } from './transfer/service.js';
import { createPublishedAnswers } from './versions/published.js';
import { createVersionsRepo, versionMediaReferences } from './versions/repo.js';
import { createVersionsService } from './versions/service.js';

function build({ db, clock, log, bus, vectors, understanding, use }: Core) {
  const topicsRepo = createTopicsRepo(db);
  const responsesRepo = createResponsesRepo(db);
  const aliasesRepo = createAliasesRepo(db);
  const topicsChanged = createListeners<number>((err) =>
    log.error({ err }, 'acting on changed topics failed'),
  );
  // Every instance's matcher hears which topics of a device changed, wherever they changed; the
  // instance that made the change tells this one's listeners (banner links), once.
  const listener: AiChangeListener = {
    changed: (deviceId, topicIds) => {
      bus.publish(AI_CHANGED, { deviceId, topicIds });
      topicsChanged.emit(deviceId);
    },
    settingsChanged: (deviceId) => bus.publish(AI_CHANGED, { deviceId, settings: true }),
  };
  // Built per device on first use, then answers from memory; changes rebuild only what changed, and
  // a rebuild runs beside the matcher in use, which answers until the new one takes over.
  const matcherSource = createMatcherSource({ topics: topicsRepo, entities: aliasesRepo, vectors, log });
  const matcher = createMatcherRegistry({ ...matcherSource, log });
  // What answering reads besides the matcher (topics, responses, sub-topics, settings), in memory.
  const answerData = createAnswerData({ topics: topicsRepo, responses: responsesRepo });
  // What kiosks answer from once a device publishes: its live version, with its own matcher.
  const versionsRepo = createVersionsRepo(db);
  const published = createPublishedAnswers({ repo: versionsRepo, vectors, log });
  bus.subscribe(AI_PUBLISHED, ({ deviceId }) => published.changed(deviceId));
  bus.subscribe(AI_CHANGED, (message) => {
    published.draftChanged(message.deviceId);
    if ('settings' in message) return answerData.settingsChanged(message.deviceId);
    matcher.invalidate(message.deviceId, message.topicIds);
    answerData.invalidate(message.deviceId, message.topicIds);
  });
  use('devices').onRetired((deviceId) => {
    matcher.drop(deviceId);
    answerData.drop(deviceId);
    published.drop(deviceId);
  });
  const answers = createAnswerService({
    matcher,
    topics: answerData.topics,
    responses: answerData.responses,
  });
  return {
    topicsRepo,
    matcher,
    answerData,
    /** Its answering step: the intent matcher's topics (modules/assistant orders the steps). */
    step: topicsStep(answers, published),
    published,
    versionsRepo,
    /** The AI settings kiosks go by: the live version's once the device publishes. */
    kioskSettings: {
      async settings(deviceId: number) {
        const live = await published.settings(deviceId);
        return live === null ? answerData.topics.settings(deviceId) : live;
      },
    },
    onTopicsChanged: topicsChanged.add,
    topics: createTopicsService({
      repo: topicsRepo,
      clock,
      listener,
      // The overlap check reaches the matcher when a keyword is checked.
      nearest: (deviceId, text, limit) => matcher.nearest(deviceId, text, limit),
    }),
    topicsBulk: createTopicsBulk({ db, clock, listener, undo: use('undo').undo, topics: topicsRepo }),
    responses: createResponsesService({ repo: responsesRepo, topics: topicsRepo, clock, listener }),
    aliases: createAliasesService({ repo: aliasesRepo, topics: topicsRepo, clock, listener }),
    aliasesBulk: createAliasesBulk({ db, repo: aliasesRepo, undo: use('undo').undo, listener }),
    transfer: createTransferService({ db, repo: createTransferRepo(db), clock, listener }),
    exchange: createExchangeService({ db, clock, listener }),
    versions: createVersionsService({
      db,
      repo: versionsRepo,
      clock,
      listener,
      published: (deviceId) => bus.publish(AI_PUBLISHED, { deviceId }),
    }),
    confidence: createConfidenceService({
      matcher,
      topics: topicsRepo,
      repo: createConfidenceRepo(db),
      clock,
    }),
    matcherStatus: createMatcherStatusService({ matcher, understanding, embedding: matcherSource.embedding }),
  };
}

declare module '../../core/module.js' {
  interface Modules {
    ai: ReturnType<typeof build>;
  }
}

/** Question topics, responses, aliases, the intent matcher and the A.I. page's tools. */
export const aiModule = defineModule({
  name: 'ai',
  build,
  admin: (scope, own, { media, use }) =>
    aiRoutes(scope, {
      ...own,
      testConsole: use('assistant').testConsole,
      media,
      devices: use('devices').devices,
    }),
  tasks: ({ transfer }) => [{ name: 'prune expired transfer snapshots', run: transfer.prune }],
  mediaReferences: [responseMediaReferences, transferMediaReferences, versionMediaReferences],
  search: (_own, { db }) => aiSearchSources(db),
  // One device at a time, in 20 ms slices: requests are served meanwhile, and a device's first
  // visitor question no longer waits for its build.
  warm: async ({ matcher, published, versionsRepo }, { use, log }) => {
    const started = Date.now();
    const ids = await use('devices').repo.allIds();
    for (const id of ids) await matcher.warm(id);
    // And the matchers of the versions kiosks answer from, where a device publishes.
    const live = await versionsRepo.liveDevices();
    for (const id of live) await published.warm(id);
    log.info(
      { devices: ids.length, published: live.length, ms: Date.now() - started },
      'intent matchers ready',
    );
  },
  close: ({ matcher, published }) => {
    matcher.close();
    published.close();
  },
});
