import {
  ZDeviceQuery,
  ZMatcherStatus,
  ZOk,
  type EmbedderStatus,
  type MatcherStatus,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok } from '../../../lib/contract.js';
import type { MatcherRegistry } from '../../../matcher/index.js';
import { deviceIdOf } from '../../../plugins/guard.js';
import { AI_PAGE, AI_TAGS } from '../access.js';

/** Whether a device's matcher has learnt its latest changes, as this instance holds it. */
export function createMatcherStatusService({
  matcher,
  understanding,
  embedding = () => null,
}: {
  matcher: Pick<MatcherRegistry, 'status'>;
  /** The sentence encoder's state (nlu/embedder). */
  understanding: () => EmbedderStatus;
  /** How far a background embedding of the device's phrases has come (matcher-source.ts). */
  embedding?: (deviceId: number) => { done: number; total: number } | null;
}) {
  return {
    status(deviceId: number): MatcherStatus {
      const s = matcher.status(deviceId);
      return {
        device_id: deviceId,
        understanding: understanding(),
        dense: s.dense,
        state: s.state,
        since: s.since.toISOString(),
        topics: s.topics,
        embedding: embedding(deviceId),
      };
    },
  };
}

export type MatcherStatusService = ReturnType<typeof createMatcherStatusService>;

export function matcherStatusRoutes(
  parent: FastifyInstance,
  { matcherStatus }: { matcherStatus: MatcherStatusService },
) {
  const app = contractApp(parent);
  app.get(
    '/ai_config/matcher_status',
    {
      config: AI_PAGE,
      schema: {
        tags: AI_TAGS,
        summary: 'Whether the device’s matcher has learnt its latest changes (Training… / Ready)',
        description:
          'After an import, a transfer or an alias change the matcher rebuilds beside the one in use, which ' +
          'answers meanwhile: `training` until the new one takes over, then `ready`. Each server instance ' +
          'builds its own; this is the answering instance’s. A device not built yet starts building.',
        querystring: ZDeviceQuery,
        response: { 200: ZOk(ZMatcherStatus) },
      },
    },
    async (req) => ok(matcherStatus.status(deviceIdOf(req))),
  );
}
