import {
  ZAetResponse,
  ZConversationCountResponse,
  ZDashboardGraphResponse,
  ZDashboardQuery,
  ZDashboardTrendsResponse,
  ZFaqResponse,
  ZOk,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import { pinned } from '../../plugins/guard.js';
import type { DashboardService } from './service.js';

/** Aggregates over the whole log: the first to wait when the server is busy. */
const board = { access: { page: '/dashboard' }, priority: 'low' } as const;
const tags = ['Dashboard'];

/** The dashboard: each call is about the device the guard resolved and checked. */
export function dashboardRoutes(parent: FastifyInstance, { dashboard }: { dashboard: DashboardService }) {
  const app = contractApp(parent);
  app.get(
    '/dashboard/graph',
    {
      config: board,
      schema: {
        tags,
        summary: 'Conversations per day, by answer kind',
        querystring: ZDashboardQuery,
        response: { 200: ZOk(ZDashboardGraphResponse) },
      },
    },
    async (req) => ok(await dashboard.graph(pinned(req, req.query))),
  );
  app.get(
    '/dashboard/trends',
    {
      config: board,
      schema: {
        tags,
        summary: 'Containment (answered without staff) and satisfaction per day',
        description:
          'Containment: of the visitor sessions that asked something, the share with no live chat, no call while it lasted, and a last question that was not a fallback. Satisfaction: of the ratings, the share positive (thumbs up on an answer, 4–5 of 5 on a live chat).',
        querystring: ZDashboardQuery,
        response: { 200: ZOk(ZDashboardTrendsResponse) },
      },
    },
    async (req) => ok(await dashboard.trends(pinned(req, req.query))),
  );
  app.get(
    '/dashboard/conversation_count',
    {
      config: board,
      schema: {
        tags,
        summary: 'Conversation and visitor totals',
        querystring: ZDashboardQuery,
        response: { 200: ZOk(ZConversationCountResponse) },
      },
    },
    async (req) => ok(await dashboard.conversationCount(pinned(req, req.query))),
  );
  app.get(
    '/dashboard/aet',
    {
      config: board,
      schema: {
        tags,
        summary: 'Average engagement time',
        querystring: ZDashboardQuery,
        response: { 200: ZOk(ZAetResponse) },
      },
    },
    async (req) => ok(await dashboard.aet(pinned(req, req.query))),
  );
  app.get(
    '/dashboard/faq',
    {
      config: board,
      schema: {
        tags,
        summary: 'The most asked topics',
        querystring: ZDashboardQuery,
        response: { 200: ZOk(ZFaqResponse) },
      },
    },
    async (req) => ok(await dashboard.faq(pinned(req, req.query))),
  );
}
