import { ZOk, ZRetentionSettings } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { authOf } from '../../plugins/guard.js';
import type { RetentionService } from './service.js';

const settings = { access: { page: '/setting' } } as const;
const PATH = '/admin_settings/retention';
const tags = ['Admin settings'];

/** Admin Settings → Data retention: how long visitor conversations are kept. */
export function retentionRoutes(parent: FastifyInstance, { retention }: { retention: RetentionService }) {
  const app = contractApp(parent);
  app.get(
    PATH,
    {
      config: settings,
      schema: {
        tags,
        summary: 'How long conversations are kept',
        response: { 200: ZOk(ZRetentionSettings) },
      },
    },
    async (req) => ok(await retention.get(authOf(req))),
  );
  app.put(
    PATH,
    {
      config: settings,
      schema: {
        tags,
        summary: 'Set how long conversations are kept',
        description: 'Conversations older than the period are deleted once a day.',
        body: ZRetentionSettings,
        response: { 200: ZOk(ZRetentionSettings) },
      },
    },
    async (req) => ok(await retention.set(authOf(req), req.body), { message: 'Retention saved.' }),
  );
}
