import type { ChainStep } from '../../assistant/index.js';
import type { AnswerService } from './answer-service.js';

/** The topics' step of the answering chain: the matched topic answers with its responses. */
export function topicsStep(answers: Pick<AnswerService, 'ask'>): ChainStep {
  return {
    name: 'topics',
    async run({ device, language, text }) {
      const topic = await answers.ask(device.id, device.kind, language, text);
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
