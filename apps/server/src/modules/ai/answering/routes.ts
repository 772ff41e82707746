import {
  CONFIDENCE_PREVIEW_DAYS,
  CONFIDENCE_PREVIEW_MAX_QUESTIONS,
  ZConfidencePreview,
  ZConfidencePreviewQuery,
  ZOk,
  ZTestConsoleRequest,
  ZTestConsoleResponse,
  type DeviceKind,
  type Language,
  type TestConsoleResult,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../../lib/contract.js';
import { authOf, deviceIdOf } from '../../../plugins/guard.js';
import type { DevicesService } from '../../devices/index.js';
import { AI_PAGE, AI_TAGS } from '../access.js';
import type { ConfidenceService } from './confidence.js';

/** A question answered as the device would, by the whole answering chain (modules/assistant). */
export type TestConsole = (
  device: { id: number; kind: DeviceKind; languages: readonly Language[] },
  language: Language,
  text: string,
  /** True: the draft (the tables); false: the live version when the device publishes. */
  draft?: boolean,
) => Promise<TestConsoleResult>;

/** The test console (a question answered as the device would), and the answer-confidence preview. */
export function answeringRoutes(
  parent: FastifyInstance,
  {
    testConsole,
    devices,
    confidence,
  }: { testConsole: TestConsole; devices: DevicesService; confidence: ConfidenceService },
) {
  const app = contractApp(parent);
  app.post(
    '/ai_config/test_console',
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary:
          'Ask as a visitor would: what answered, the matched topic and its score, and each step of the chain',
        description:
          'The whole chain a device runs: topic filter (when on), named location, topics, locations, documents, small talk (when on), fallback. ' +
          '`fallback` says no topic matched; `answered_by` what answered in the end, `answer_text` its text when not a topic, ' +
          '`steps` what each step found. `version` draft (default) asks the topics as edited; live asks the published version ' +
          'the kiosks answer from (the same as draft while the device has none). Nothing is logged: the conversation log holds only what visitors asked.',
        body: ZTestConsoleRequest,
        response: { 200: ZOk(ZTestConsoleResponse) },
      },
    },
    async (req) => {
      const device = await devices.get(authOf(req), deviceIdOf(req));
      return ok(await testConsole(device, req.body.language, req.body.text, req.body.version === 'draft'));
    },
  );

  app.get(
    '/ai_config/answer_confidence/preview',
    {
      // Up to a couple of thousand matches: waits first when the server is busy.
      config: { ...AI_PAGE, priority: 'low' },
      schema: {
        tags: AI_TAGS,
        summary: 'What a different answer confidence would have done to recent questions',
        description:
          `The device's questions of the last ${CONFIDENCE_PREVIEW_DAYS} days (the newest ` +
          `${CONFIDENCE_PREVIEW_MAX_QUESTIONS} at most) asked again of its matcher as it is now: how many ` +
          'answer and fall back at the current setting and at `answer_confidence`, and a page of the ' +
          'questions whose outcome changes, most asked first. Nothing is saved.',
        querystring: ZConfidencePreviewQuery,
        response: { 200: ZOk(ZConfidencePreview) },
      },
    },
    async (req, reply) => {
      // A slider sends a newer value and drops this request: stop matching for nobody.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const q = req.query;
      const preview = await confidence.preview(
        deviceIdOf(req),
        q.answer_confidence,
        { limit: q.limit, offset: q.offset },
        gone.signal,
      );
      return ok(preview, { total: preview.changes_total });
    },
  );
}
