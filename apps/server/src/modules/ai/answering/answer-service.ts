import type { DeviceKind, Language } from '@ambassador/contracts';
import type { TopicAnswer } from '../../assistant/index.js';
import type { MatcherRegistry } from '../../../matcher/index.js';
import type { ResponsesRepo } from '../responses/repo.js';
import { toResponse } from '../responses/service.js';
import type { TopicsRepo } from '../topics/repo.js';
import { relatedTopics } from './related.js';
import { toAvatarMotion } from '@ambassador/contracts';

/**
 * Answers a question as a device would: the matcher picks the topic (from memory), then the
 * topic's responses for the device's kind and the asked language, and related topics when both
 * the topic and the device enable them: in the asked language, once each, and none that the
 * answer's own buttons already offer (see `related.ts`). The test console and (later) the device API share this.
 */
export function createAnswerService({
  matcher,
  topics,
  responses,
}: {
  matcher: MatcherRegistry;
  /** The repos' calls; the app passes the in-memory answer data (`answer-data.ts`), which has them. */
  topics: Pick<TopicsRepo, 'topicsById' | 'settings' | 'children' | 'allKeywords'>;
  responses: Pick<ResponsesRepo, 'list'>;
}) {
  return {
    async ask(
      deviceId: number,
      deviceKind: DeviceKind,
      language: Language,
      text: string,
    ): Promise<TopicAnswer> {
      // The device's own answer confidence, else the matcher's default.
      const settings = await topics.settings(deviceId);
      const threshold = settings?.answerConfidence ?? undefined;
      const result = await matcher.match(deviceId, language, text, { limit: 5, threshold });
      const ids = result.candidates.map((c) => c.topicId);
      const names = new Map((await topics.topicsById(deviceId, ids)).map((t) => [t.id, t]));
      const candidates = result.candidates
        .filter((c) => names.has(c.topicId))
        .map((c) => ({ intent_id: c.topicId, intent_name: names.get(c.topicId)!.name, score: c.score }));
      const best = result.best && names.get(result.best.topicId);
      if (!best || result.fallback) {
        return {
          fallback: true,
          threshold: result.threshold,
          best: null,
          candidates,
          responses: [],
          related: [],
          avatar_motion: null,
        };
      }
      const [answer, children] = await Promise.all([
        responses.list(deviceId, [best.id], { language, deviceType: deviceKind }),
        topics.children(deviceId, best.id),
      ]);
      const relatedOn = best.isEnabledRelatedIntents && (settings?.isEnabledRelatedIntents ?? true);
      const shown = answer.map(toResponse);
      const keywords =
        relatedOn && children.length > 0
          ? await topics.allKeywords(
              deviceId,
              children.map((c) => c.id),
            )
          : [];
      return {
        fallback: false,
        threshold: result.threshold,
        best: { intent_id: best.id, intent_name: best.name, score: result.best!.score },
        candidates,
        responses: shown,
        related: relatedOn ? relatedTopics(children, keywords, language, shown) : [],
        avatar_motion: toAvatarMotion(best.avatarMotion),
      };
    },
  };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
