import { ZKioskNotice, ZNoticeQuery, ZOk, ZSetNotice } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../lib/contract.js';
import type { NoticeService } from './service.js';

const config = { access: { page: '/interface' } } as const;
const tags = ['Notice'];

export function noticeRoutes(parent: FastifyInstance, { notice }: { notice: NoticeService }) {
  const app = contractApp(parent);
  app.get(
    '/notice',
    {
      config,
      schema: {
        tags,
        summary: "A device's notice",
        querystring: ZNoticeQuery,
        response: { 200: ZOk(ZKioskNotice.nullable()) },
      },
    },
    async (req) => ok(notice.get(req.query.device_id)),
  );
  app.put(
    '/notice',
    {
      config,
      schema: {
        tags,
        summary: "Set a device's notice",
        body: ZSetNotice,
        response: { 200: ZOk(ZKioskNotice.nullable()) },
      },
    },
    async (req) => ok(notice.set(req.body.device_id, req.body.text)),
  );
}
