import {
  BULK_MAX,
  ZBulkResult,
  ZCreateUserRequest,
  ZDeleteUserRequest,
  ZOk,
  ZOkEmpty,
  ZUpdateUserRequest,
  ZUser,
  ZUsersQuery,
  ZUsersBulkRequest,
  ZUsersResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyOrQuery, contractApp, done, ok } from '../../lib/contract.js';
import { authOf } from '../../plugins/guard.js';
import { noteAudit } from '../audit/index.js';
import type { UsersBulk } from './bulk.js';
import type { UsersService } from './service.js';

const PATH = '/admin_settings/users';
const manage = { access: { page: '/setting' } } as const;
const tags = ['Users'];

const byUser = bodyOrQuery(ZDeleteUserRequest);

export function usersRoutes(
  parent: FastifyInstance,
  { users, bulk }: { users: UsersService; bulk: UsersBulk },
) {
  const app = contractApp(parent);
  app.get(
    PATH,
    {
      config: manage,
      schema: {
        tags,
        summary: 'List the project’s users',
        querystring: ZUsersQuery,
        response: { 200: ZOk(ZUsersResponse) },
      },
    },
    async (req) => {
      const { users: rows, total } = await users.list(authOf(req), req.query.limit, req.query.offset);
      return ok(rows, { total });
    },
  );

  app.post(
    PATH,
    {
      config: manage,
      schema: { tags, summary: 'Add a user', body: ZCreateUserRequest, response: { 200: ZOk(ZUser) } },
    },
    async (req) =>
      ok(await users.create(authOf(req), req.body, (n) => noteAudit(req, n)), { message: 'User added.' }),
  );

  // Self-service password changes come through here too, so the service checks the page itself.
  app.put(
    PATH,
    {
      config: { access: { page: '/setting', pageCheckedByService: true, allowExpired: true } },
      schema: {
        tags,
        summary: 'Change a user, or your own password',
        description:
          'Anyone may change their own password (even an expired one); other changes need Admin Settings.',
        body: ZUpdateUserRequest,
        response: { 200: ZOk(ZUser) },
      },
    },
    async (req) =>
      ok(await users.update(authOf(req), req.body, (n) => noteAudit(req, n)), { message: 'User updated.' }),
  );

  app.delete(
    PATH,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a user',
        description:
          'The id comes in the body; clients that cannot send a body with DELETE may use `?user_id=`.',
        ...byUser.schema,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      const { user_id } = byUser.read(req);
      await users.remove(authOf(req), user_id, (n) => noteAudit(req, n));
      return done('User deleted.');
    },
  );
  app.post(
    `${PATH}/bulk`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete many users at once',
        description:
          '`selection` is `{ ids }` or `{ all: true, filter: {} }` (every user of the project). ' +
          `At most ${BULK_MAX}. Never the caller nor the project’s last admin: those stay, counted as ` +
          '`skipped`. The others are signed out at once; the answer’s `undo` ticket (`POST /undo`) puts ' +
          'them back with their roles and passwords, but not their sessions: they sign in again.',
        body: ZUsersBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await bulk.run(authOf(req), req.body);
      return ok(result, { message: `${result.count} users deleted.` });
    },
  );
}
