import { ZTestConsoleRequest, ZTestConsoleResponse } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { validate } from '../../../lib/validate.js';
import { authOf, deviceIdOf } from '../../../plugins/guard.js';
import type { DevicesService } from '../../devices/index.js';
import { AI_PAGE } from '../access.js';
import type { AnswerService } from './answer-service.js';

/** The test console: a question answered as the device would answer it. */
export function answeringRoutes(
  app: FastifyInstance,
  { answers, devices }: { answers: AnswerService; devices: DevicesService },
) {
  app.post('/ai_config/test_console', { config: AI_PAGE }, async (req) => {
    const b = validate(ZTestConsoleRequest, req.body);
    const device = await devices.get(authOf(req), deviceIdOf(req));
    return ok(ZTestConsoleResponse, await answers.ask(device.id, device.kind, b.language, b.text));
  });
}
