import {
  BULK_MAX,
  ZAddAliasRequest,
  ZAliasesBulkRequest,
  ZBulkResult,
  ZAliasFinderQuery,
  ZAliasFinderResponse,
  ZDeleteEntityRequest,
  ZEntitiesQuery,
  ZEntitiesResponse,
  ZEntity,
  ZOk,
  ZUndoTicket,
  ZUpdateEntityRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyOrQuery, contractApp, ok } from '../../../lib/contract.js';
import { authOf, deviceIdOf, pinned } from '../../../plugins/guard.js';
import { AI_PAGE, AI_TAGS } from '../access.js';
import type { AliasesBulk } from './bulk.js';
import type { AliasesService } from './service.js';

const tags = AI_TAGS;

const byEntity = bodyOrQuery(ZDeleteEntityRequest);

/** Aliases: other words visitors use for a keyword, and the finder that adds them. */
export function aliasesRoutes(
  parent: FastifyInstance,
  { aliases, aliasesBulk }: { aliases: AliasesService; aliasesBulk: AliasesBulk },
) {
  const app = contractApp(parent);
  app.get(
    '/ai_config/entities',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Keywords with their aliases',
        description:
          'Every keyword of the device’s topics (not training phrases), once per folded form, with its aliases; `entity_id` is null until the keyword has an alias.',
        querystring: ZEntitiesQuery,
        response: { 200: ZOk(ZEntitiesResponse) },
      },
    },
    async (req) => {
      const { entities: rows, total } = await aliases.list(pinned(req, req.query));
      return ok(rows, { total });
    },
  );
  app.put(
    '/ai_config/entities',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Replace a keyword’s aliases',
        body: ZUpdateEntityRequest,
        response: { 200: ZOk(ZEntity) },
      },
    },
    async (req) =>
      ok(await aliases.update(deviceIdOf(req), req.body.entity_id, req.body.aliases), {
        message: 'Aliases saved.',
      }),
  );
  app.delete(
    '/ai_config/entities',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Delete a keyword’s aliases',
        description:
          'The ids come in the body, or in the query for clients that send no DELETE body. The answer is ' +
          'the undo ticket (`POST /undo`), which puts them back.',
        ...byEntity.schema,
        response: { 200: ZOk(ZUndoTicket) },
      },
    },
    async (req) =>
      ok(await aliasesBulk.removeOne(authOf(req), deviceIdOf(req), byEntity.read(req).entity_id), {
        message: 'Aliases deleted.',
      }),
  );
  app.post(
    '/ai_config/entities/bulk',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Delete the aliases of many keywords at once',
        description:
          '`selection` is `{ ids }` (entity ids) or `{ all: true, filter }` (the list’s search); keywords ' +
          `without aliases have none to delete. At most ${BULK_MAX}, in one transaction; the answer’s ` +
          '`undo` ticket puts them all back (`POST /undo`).',
        body: ZAliasesBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await aliasesBulk.run(authOf(req), pinned(req, req.body));
      return ok(result, { message: `Aliases of ${result.count} keywords deleted.` });
    },
  );
  app.get(
    '/ai_config/alias_finder',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Find topics and keywords to add an alias to',
        querystring: ZAliasFinderQuery,
        response: { 200: ZOk(ZAliasFinderResponse) },
      },
    },
    async (req) => ok(await aliases.finder(deviceIdOf(req), req.query)),
  );
  app.post(
    '/ai_config/alias_finder',
    {
      config: AI_PAGE,
      schema: {
        tags,
        summary: 'Add an alias to a keyword',
        description: '400 `alias_same_as_keyword` when the alias is the keyword itself.',
        body: ZAddAliasRequest,
        response: { 200: ZOk(ZEntity) },
      },
    },
    async (req) =>
      ok(await aliases.addAlias(deviceIdOf(req), req.body.keyword, req.body.alias), {
        message: 'Alias added.',
      }),
  );
}
