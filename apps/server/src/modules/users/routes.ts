import {
  ZCreateUserRequest,
  ZDeleteUserRequest,
  ZUpdateUserRequest,
  ZUser,
  ZUsersQuery,
  ZUsersResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { authOf } from '../../plugins/guard.js';
import type { UsersService } from './service.js';

const PATH = '/admin_settings/users';
const manage = { access: { page: '/setting' } } as const;

export function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  app.get(PATH, { config: manage }, async (req) => {
    const { limit, offset } = validate(ZUsersQuery, req.query);
    const { users: rows, total } = await users.list(authOf(req), limit, offset);
    return ok(ZUsersResponse, rows, { total });
  });

  app.post(PATH, { config: manage }, async (req) => {
    const user = await users.create(authOf(req), validate(ZCreateUserRequest, req.body));
    return ok(ZUser, user, { message: 'User added.' });
  });

  // Self-service password changes come through here too, so the service checks the page itself.
  app.put(
    PATH,
    { config: { access: { page: '/setting', pageCheckedByService: true, allowExpired: true } } },
    async (req) => {
      const user = await users.update(authOf(req), validate(ZUpdateUserRequest, req.body));
      return ok(ZUser, user, { message: 'User updated.' });
    },
  );

  app.delete(PATH, { config: manage }, async (req) => {
    // The body carries the ids (SPEC §7); a query string works too for clients that cannot send one.
    const { user_id } = validate(ZDeleteUserRequest, req.body ?? req.query);
    await users.remove(authOf(req), user_id);
    return okEmpty('User deleted.');
  });
}
