import { ZOk, ZTestConsoleRequest, ZTestConsoleResponse } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../../lib/contract.js';
import { authOf, deviceIdOf } from '../../../plugins/guard.js';
import type { DevicesService } from '../../devices/index.js';
import { AI_PAGE, AI_TAGS } from '../access.js';
import type { AnswerService } from './answer-service.js';

/** The test console: a question answered as the device would answer it. */
export function answeringRoutes(
  parent: FastifyInstance,
  { answers, devices }: { answers: AnswerService; devices: DevicesService },
) {
  const app = contractApp(parent);
  app.post(
    '/ai_config/test_console',
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary: 'Ask as a visitor would: the answer, the matched topic and its score',
        description: 'Nothing is logged: the conversation log holds only what visitors asked.',
        body: ZTestConsoleRequest,
        response: { 200: ZOk(ZTestConsoleResponse) },
      },
    },
    async (req) => {
      const device = await devices.get(authOf(req), deviceIdOf(req));
      return ok(await answers.ask(device.id, device.kind, req.body.language, req.body.text));
    },
  );
}
