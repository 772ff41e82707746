import { ZOk, ZSearchQuery, ZSearchResult } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf } from '../../plugins/guard.js';
import type { SearchService } from './service.js';

export function searchRoutes(parent: FastifyInstance, { search }: { search: SearchService }) {
  const app = contractApp(parent);
  app.get(
    '/search',
    {
      // Any signed-in operator: the service leaves out what their pages do not open.
      config: { access: {} },
      schema: {
        tags: ['Search'],
        summary:
          'Search a device’s topics, phrases, responses, locations, units, documents, events and users',
        description:
          'The best few of each kind, closest first. Kinds whose page the caller cannot open are listed in `hidden`.',
        querystring: ZSearchQuery,
        response: { 200: ZOk(ZSearchResult) },
      },
    },
    async (req) => ok(await search.search(authOf(req), req.query.device_id, req.query.q)),
  );
}
