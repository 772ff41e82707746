import {
  ZAetResponse,
  ZConversationCountResponse,
  ZDashboardGraphResponse,
  ZDashboardQuery,
  ZFaqResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { scoped } from '../../plugins/guard.js';
import type { DashboardService } from './service.js';

/** Aggregates over the whole log: the first to wait when the server is busy. */
const board = { access: { page: '/dashboard' }, priority: 'low' } as const;

/** SPEC §7 Dashboard: each call is about the device the guard resolved and checked. */
export function dashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  app.get('/dashboard/graph', { config: board }, async (req) =>
    ok(ZDashboardGraphResponse, await dashboard.graph(scoped(req, ZDashboardQuery, req.query))),
  );
  app.get('/dashboard/conversation_count', { config: board }, async (req) =>
    ok(
      ZConversationCountResponse,
      await dashboard.conversationCount(scoped(req, ZDashboardQuery, req.query)),
    ),
  );
  app.get('/dashboard/aet', { config: board }, async (req) =>
    ok(ZAetResponse, await dashboard.aet(scoped(req, ZDashboardQuery, req.query))),
  );
  app.get('/dashboard/faq', { config: board }, async (req) =>
    ok(ZFaqResponse, await dashboard.faq(scoped(req, ZDashboardQuery, req.query))),
  );
}
