/** What other parts of the server may use of the users module; everything else is its own. */
export { createUsersRepo } from './repo.js';
export { usersRoutes } from './routes.js';
export { createUsersService } from './service.js';
export { usersModule } from './module.js';
