/** What other parts of the server may use of the events module; everything else is its own. */
export { createEventRepo, eventMediaReferences, type EventRepo } from './event-repo.js';
export { eventRoutes } from './event-routes.js';
export { createEventService, type EventService } from './event-service.js';
export { createKioskEvents, type KioskEvents } from './kiosk-event.js';
export { createQuizRepo, quizMediaReferences, type QuizRepo } from './quiz-repo.js';
export { quizRoutes } from './quiz-routes.js';
export { createQuizService, type QuizService } from './quiz-service.js';
export { createResultsRepo } from './results-repo.js';
export { resultsRoutes } from './results-routes.js';
export { createResultsService } from './results-service.js';
export { createRunRepo } from './run-repo.js';
export { runDeviceRoutes, runRoutes } from './run-routes.js';
export { createRunService } from './run-service.js';
export { eventsModule } from './module.js';
