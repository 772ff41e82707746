/** What other parts of the server may use of the health module; everything else is its own. */
export { HEALTH_PATHS, healthRoutes } from './routes.js';
