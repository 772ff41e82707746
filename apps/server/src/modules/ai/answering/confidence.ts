import {
  CONFIDENCE_PREVIEW_DAYS,
  CONFIDENCE_PREVIEW_MAX_QUESTIONS,
  type ConfidenceChange,
  type ConfidencePreview,
  type Language,
} from '@ambassador/contracts';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { DEFAULT_THRESHOLD, type MatcherRegistry } from '../../../matcher/index.js';
import type { TopicsRepo } from '../topics/repo.js';
import type { ConfidenceRepo } from './confidence-repo.js';

/** Questions matched between two turns of the event loop: kiosks' questions are not kept waiting. */
const MATCHES_PER_TURN = 64;
const DAY_MS = 86_400_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Change = Omit<ConfidenceChange, 'topic'> & { topicId: number };

/**
 * "What if": the device's recent questions asked again of its matcher as it is now, at the
 * device's answer confidence and at a proposed one. Each distinct question is matched once: a
 * question falls back exactly when its best score is below the threshold (MatchResult), so one
 * score answers for both settings.
 */
export function createConfidenceService({
  matcher,
  topics,
  repo,
  clock,
}: {
  matcher: MatcherRegistry;
  topics: Pick<TopicsRepo, 'settings' | 'topicsById'>;
  repo: ConfidenceRepo;
  clock: Clock;
}) {
  return {
    async preview(
      deviceId: number,
      proposed: number,
      page: { limit: number; offset: number },
      /** Aborted when the caller has gone (a slider moved on): the work stops there. */
      signal?: AbortSignal,
    ): Promise<ConfidencePreview> {
      const since = new Date(clock.now().getTime() - CONFIDENCE_PREVIEW_DAYS * DAY_MS);
      const [settings, asked, limited] = await Promise.all([
        topics.settings(deviceId),
        repo.recentQuestions(deviceId, since, CONFIDENCE_PREVIEW_MAX_QUESTIONS),
        repo.moreThan(deviceId, since, CONFIDENCE_PREVIEW_MAX_QUESTIONS),
      ]);
      const current = settings?.answerConfidence ?? DEFAULT_THRESHOLD;
      const atCurrent = { answered: 0, fallback: 0 };
      const atProposed = { answered: 0, fallback: 0 };
      const changes: Change[] = [];
      let questions = 0;
      for (const [i, q] of asked.entries()) {
        if (i > 0 && i % MATCHES_PER_TURN === 0) {
          await nextTurn();
          if (signal?.aborted) throw new AppError(499, 'client_closed', 'The client went away.');
        }
        const result = await matcher.match(deviceId, q.language as Language, q.text, {
          limit: 1,
          threshold: proposed,
        });
        const top = result.candidates[0];
        const answersNow = top !== undefined && top.score >= current;
        const wouldAnswer = !result.fallback;
        questions += q.times;
        if (answersNow) atCurrent.answered += q.times;
        else atCurrent.fallback += q.times;
        if (wouldAnswer) atProposed.answered += q.times;
        else atProposed.fallback += q.times;
        if (top && answersNow !== wouldAnswer) {
          changes.push({
            text: q.text,
            language: q.language as Language,
            times: q.times,
            topicId: top.topicId,
            score: top.score,
            change: wouldAnswer ? 'answers' : 'falls_back',
          });
        }
      }
      // Most asked first: they are what the setting changes most for visitors.
      changes.sort((a, b) => b.times - a.times || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
      const shown = changes.slice(page.offset, page.offset + page.limit);
      const names = new Map(
        (await topics.topicsById(deviceId, [...new Set(shown.map((c) => c.topicId))])).map((t) => [
          t.id,
          t.name,
        ]),
      );
      return {
        current,
        proposed,
        since: since.toISOString(),
        questions,
        limited,
        at_current: atCurrent,
        at_proposed: atProposed,
        changes: shown.map(({ topicId, ...c }) => ({
          ...c,
          // A topic deleted since the matcher last heard of it: still say which one.
          topic: { id: topicId, name: names.get(topicId) ?? `#${topicId}` },
        })),
        changes_total: changes.length,
      };
    },
  };
}

export type ConfidenceService = ReturnType<typeof createConfidenceService>;
