import { defineModule, type Core } from '../../core/module.js';
import { createEventManagerBulk } from './bulk.js';
import { createEventRepo, eventMediaReferences, eventSearchSources } from './event-repo.js';
import { eventRoutes } from './event-routes.js';
import { createEventService } from './event-service.js';
import { createKioskEvents } from './kiosk-event.js';
import { createQuizRepo, quizMediaReferences } from './quiz-repo.js';
import { quizRoutes } from './quiz-routes.js';
import { createQuizService } from './quiz-service.js';
import { createResultsRepo } from './results-repo.js';
import { resultsRoutes } from './results-routes.js';
import { createResultsService } from './results-service.js';
import { createRunRepo } from './run-repo.js';
import { runDeviceRoutes, runRoutes } from './run-routes.js';
import { createRunService } from './run-service.js';

function build({ db, media, notifier, clock, log, use }: Core) {
  const eventsRepo = createEventRepo(db);
  const quizzesRepo = createQuizRepo(db);
  const runRepo = createRunRepo(db);
  // The current event, resolved, goes to the device's kiosks after any change to it or its quizzes.
  const kioskEvents = createKioskEvents({
    events: eventsRepo,
    quizzes: quizzesRepo,
    notifier,
    webAddresses: media.webAddresses,
  });
  const bulk = createEventManagerBulk({
    db,
    events: eventsRepo,
    quizzes: quizzesRepo,
    undo: use('undo').undo,
    announce: (deviceId) =>
      void kioskEvents
        .announce(deviceId)
        .catch((err: unknown) => log.error({ err, deviceId }, 'telling kiosks of their event failed')),
  });
  return {
    kioskEvents,
    bulk,
    quizzes: createQuizService({ repo: quizzesRepo, live: kioskEvents, clock }),
    events: createEventService({ repo: eventsRepo, quizzes: quizzesRepo, live: kioskEvents, media, clock }),
    runs: createRunService({ repo: runRepo, notifier, clock }),
    results: createResultsService({ repo: createResultsRepo(db), runs: runRepo, clock }),
  };
}

declare module '../../core/module.js' {
  interface Modules {
    events: ReturnType<typeof build>;
  }
}

/** The Event Manager: events and quizzes, their runs on kiosks, and the results. */
export const eventsModule = defineModule({
  name: 'events',
  build,
  admin: (scope, { events, quizzes, runs, results, bulk }) => {
    eventRoutes(scope, { events, bulk });
    quizRoutes(scope, { quizzes, bulk });
    runRoutes(scope, { runs });
    resultsRoutes(scope, { results });
  },
  device: (scope, { runs }) => runDeviceRoutes(scope, { runs }),
  tasks: ({ runs }) => [
    { name: 'end event runs their kiosk stopped reporting on', run: () => runs.closeAbandoned() },
  ],
  mediaReferences: [eventMediaReferences, quizMediaReferences],
  search: (_own, { db }) => eventSearchSources(db),
  kiosk: ({ kioskEvents }) => [{ key: 'event', read: (deviceId) => kioskEvents.kioskEvent(deviceId) }],
});
