import { Readable } from 'node:stream';
import { ROLE, ZAuditFilters, ZAuditQuery, ZAuditResponse, ZOk } from '@ambassador/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contractApp, file, ok } from '../../lib/contract.js';
import { attachment, CSV_TYPE } from '../../lib/downloads.js';
import { forbidden } from '../../lib/errors.js';
import { authOf } from '../../plugins/guard.js';
import type { AuditService } from './service.js';

/** Admin Settings' page, and a device filter that may name an archived device. */
const adminOnly = { access: { page: '/setting' }, devices: { archived: true } } as const;
const tags = ['Audit trail'];

/** The trail is an admin's: Admin Settings access is not enough for a narrowed role. */
function adminOf(req: FastifyRequest) {
  const auth = authOf(req);
  if (auth.roleId !== ROLE.admin) throw forbidden('Only an admin may read the audit trail.');
  return auth;
}

/** Admin Settings → Audit trail: who changed what and when, filtered, paged and exported. */
export function auditRoutes(parent: FastifyInstance, { audit }: { audit: AuditService }) {
  const app = contractApp(parent);
  app.get(
    '/audit',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'The project’s audit trail, newest first',
        description:
          'Admins only (403 otherwise). Every successful change made through this API, sign-ins (failed ones ' +
          'with the name tried), sign-outs, key rotations and role changes. Filters: `device_id` (blank for ' +
          'every device), `actor` (a username), `action` (a code or its group: `topic` finds `topic.update`), ' +
          '`from` / `to` (ISO instants, `to` exclusive), `q` (words anywhere). Paged by `limit` / `offset`; ' +
          '`total` counts every match.',
        querystring: ZAuditQuery,
        response: { 200: ZOk(ZAuditResponse) },
      },
    },
    async (req) => {
      const { limit, offset, ...filters } = req.query;
      const { events, total } = await audit.list(adminOf(req), filters, limit, offset);
      return ok(events, { total });
    },
  );

  app.get(
    '/audit/actors',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'The usernames in the project’s audit trail (for the "who" filter)',
        querystring: z.object({ device_id: z.unknown().optional() }),
        response: { 200: ZOk(z.array(z.string())) },
      },
    },
    async (req) => ok(await audit.actors(adminOf(req))),
  );

  app.get(
    '/audit/export',
    {
      config: { ...adminOnly, priority: 'low' },
      schema: {
        tags,
        summary: 'The audit trail as CSV (the list’s filters), newest first',
        description:
          'UTF-8 with a BOM (Excel reads Chinese), comma-separated, CRLF; at most 50,000 rows, streamed. ' +
          'Times are UTC (ISO 8601); details are JSON.',
        querystring: ZAuditFilters,
        response: { 200: file('The matching events as CSV', CSV_TYPE.split(';')[0]!) },
      },
    },
    async (req, reply) => {
      const rows = audit.exportCsv(adminOf(req), req.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment(`audit-trail-${day}.csv`))
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  );
}
