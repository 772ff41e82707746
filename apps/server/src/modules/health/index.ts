/** What other parts of the server may use of the health module; everything else is its own. */
export { healthRoutes } from './routes.js';
