import {
  ZAddAliasRequest,
  ZAliasFinderQuery,
  ZAliasFinderResponse,
  ZDeleteEntityRequest,
  ZEntitiesQuery,
  ZEntitiesResponse,
  ZEntity,
  ZUpdateEntityRequest,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty } from '../../../lib/envelope.js';
import { validate } from '../../../lib/validate.js';
import { deviceIdOf, scoped } from '../../../plugins/guard.js';
import { AI_PAGE } from '../access.js';
import type { EntitiesService } from './service.js';

/** Aliases: other words visitors use for a keyword, and the finder that adds them. */
export function entitiesRoutes(app: FastifyInstance, { entities }: { entities: EntitiesService }) {
  // ------------------------------------------------------------ aliases (entities)
  app.get('/ai_config/entities', { config: AI_PAGE }, async (req) => {
    const { entities: rows, total } = await entities.list(scoped(req, ZEntitiesQuery, req.query));
    return ok(ZEntitiesResponse, rows, { total });
  });
  app.put('/ai_config/entities', { config: AI_PAGE }, async (req) => {
    const b = validate(ZUpdateEntityRequest, req.body);
    return ok(ZEntity, await entities.update(deviceIdOf(req), b.entity_id, b.aliases), {
      message: 'Aliases saved.',
    });
  });
  app.delete('/ai_config/entities', { config: AI_PAGE }, async (req) => {
    const b = validate(ZDeleteEntityRequest, req.body ?? req.query);
    await entities.remove(deviceIdOf(req), b.entity_id);
    return okEmpty('Aliases deleted.');
  });
  app.get('/ai_config/alias_finder', { config: AI_PAGE }, async (req) => {
    const q = validate(ZAliasFinderQuery, req.query);
    return ok(ZAliasFinderResponse, await entities.finder(deviceIdOf(req), q));
  });
  app.post('/ai_config/alias_finder', { config: AI_PAGE }, async (req) => {
    const b = validate(ZAddAliasRequest, req.body);
    return ok(ZEntity, await entities.addAlias(deviceIdOf(req), b.keyword, b.alias), {
      message: 'Alias added.',
    });
  });
}
