import type { FastifyInstance } from 'fastify';
import type { MediaStore } from '../../media/store.js';
import type { DevicesService } from '../devices/index.js';
import type { ConfidenceService } from './answering/confidence.js';
import { answeringRoutes, type TestConsole } from './answering/routes.js';
import { matcherStatusRoutes, type MatcherStatusService } from './answering/matcher-status.js';
import type { AliasesBulk } from './aliases/bulk.js';
import type { AliasesService } from './aliases/service.js';
import { aliasesRoutes } from './aliases/routes.js';
import { exchangeRoutes } from './exchange/routes.js';
import type { ExchangeService } from './exchange/service.js';
import type { ResponsesService } from './responses/service.js';
import { responsesRoutes } from './responses/routes.js';
import { topicsRoutes } from './topics/routes.js';
import type { TopicsBulk } from './topics/bulk.js';
import type { TopicsService } from './topics/service.js';
import { transferRoutes } from './transfer/routes.js';
import type { TransferService } from './transfer/service.js';
import { contractApp } from '../../lib/contract.js';
import { versionsRoutes } from './versions/routes.js';
import type { VersionsService } from './versions/service.js';

/** The admin API of the A.I. page, each sub-area registering its own routes. Thin: parse, call, answer. */
export function aiRoutes(
  app: FastifyInstance,
  deps: {
    topics: TopicsService;
    topicsBulk: TopicsBulk;
    responses: ResponsesService;
    aliases: AliasesService;
    aliasesBulk: AliasesBulk;
    /** The test console: the answering chain (modules/assistant), as the app composes it. */
    testConsole: TestConsole;
    confidence: ConfidenceService;
    exchange: ExchangeService;
    transfer: TransferService;
    media: MediaStore;
    devices: DevicesService;
    matcherStatus: MatcherStatusService;
    versions: VersionsService;
  },
) {
  topicsRoutes(app, deps);
  responsesRoutes(app, deps);
  answeringRoutes(app, deps);
  matcherStatusRoutes(app, deps);
  aliasesRoutes(app, deps);
  exchangeRoutes(app, deps);
  transferRoutes(app, deps);
  versionsRoutes(contractApp(app), deps.versions);
}
