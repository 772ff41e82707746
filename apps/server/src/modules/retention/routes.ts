import { ZRetentionSettings } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import { authOf } from '../../plugins/guard.js';
import type { RetentionService } from './service.js';

const settings = { access: { page: '/setting' } } as const;
const PATH = '/admin_settings/retention';

/** Admin Settings → Data retention: how long visitor conversations are kept. */
export function retentionRoutes(app: FastifyInstance, { retention }: { retention: RetentionService }) {
  app.get(PATH, { config: settings }, async (req) =>
    ok(ZRetentionSettings, await retention.get(authOf(req))),
  );
  app.put(PATH, { config: settings }, async (req) =>
    ok(ZRetentionSettings, await retention.set(authOf(req), validate(ZRetentionSettings, req.body)), {
      message: 'Retention saved.',
    }),
  );
}
