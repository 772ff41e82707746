import type { ChainStep } from '../../assistant/index.js';
import type { PublishedAnswers } from '../versions/published.js';
import type { AnswerService } from './answer-service.js';

/**
 * The topics' step of the answering chain: the matched topic answers with its responses. Kiosks
 * ask the device's live version when it publishes; the test console asks the draft unless told.
 */
export function topicsStep(
  answers: Pick<AnswerService, 'ask'>,
  published: Pick<PublishedAnswers, 'ask'>,
): ChainStep {
  return {
    name: 'topics',
    async run({ device, language, text, draft }) {
      const topic =
        (!draft && (await published.ask(device.id, device.kind, language, text))) ||
        (await answers.ask(device.id, device.kind, language, text));
      const top = topic.best ?? topic.candidates[0] ?? null;
      const found = {
        score: top?.score ?? null,
        threshold: topic.threshold,
        detail: top?.intent_name ?? null,
        topic,
      };
      return !topic.fallback && topic.best
        ? { result: 'answered', ...found, answer: { kind: 'topic' } }
        : { result: 'no_match', ...found };
    },
  };
}
