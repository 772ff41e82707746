/** What other parts of the server may use of the conversations module; everything else is its own. */
export { dayRange, daysOf, inRange, rethrowUnknownZone, type DayRange } from './range.js';
export { createConversationsRepo } from './repo.js';
export { conversationsRoutes } from './routes.js';
export { createConversationsService } from './service.js';
