import {
  ZAetResponse,
  ZConversationCountResponse,
  ZDashboardGraphResponse,
  ZDashboardQuery,
  ZFaqResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { validate } from '../../lib/validate.js';
import type { DashboardService } from './service.js';

const board = { access: { page: '/dashboard' } } as const;

/** SPEC §7 Dashboard: the guard has checked that device_id is the caller's. */
export function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  app.get('/dashboard/graph', { config: board }, async (req) =>
    ok(ZDashboardGraphResponse, await dashboard.graph(validate(ZDashboardQuery, req.query))),
  );
  app.get('/dashboard/conversation_count', { config: board }, async (req) =>
    ok(ZConversationCountResponse, await dashboard.conversationCount(validate(ZDashboardQuery, req.query))),
  );
  app.get('/dashboard/aet', { config: board }, async (req) =>
    ok(ZAetResponse, await dashboard.aet(validate(ZDashboardQuery, req.query))),
  );
  app.get('/dashboard/faq', { config: board }, async (req) =>
    ok(ZFaqResponse, await dashboard.faq(validate(ZDashboardQuery, req.query))),
  );
}
