import type { ChainStep, Question } from '../assistant/index.js';
import type { SmallTalkAnswering } from './service.js';

/**
 * Small talk's two steps of the answering chain: the topic filter first (a filtered topic is
 * declined whatever else would answer) and small talk near the end. Both read the device's
 * small talk once per question (held in memory: service.ts).
 */
export function smallTalkSteps(
  answering: (deviceId: number, language: Question['language']) => Promise<SmallTalkAnswering>,
  /** The question's sentence embedding (the matcher's, cached); none or null: by words only. */
  embed?: (text: string) => Promise<Float32Array | null>,
) {
  const loaded = new WeakMap<Question, Promise<SmallTalkAnswering>>();
  const talkOf = (q: Question) => {
    let talk = loaded.get(q);
    if (!talk) loaded.set(q, (talk = answering(q.device.id, q.language)));
    return talk;
  };

  const topicFilter: ChainStep = {
    name: 'topic_filter',
    async run(q) {
      const talk = await talkOf(q);
      if (!talk.filterOn) return { result: 'off' };
      const declined = talk.declines(q.text);
      if (!declined) return { result: 'no_match' };
      return {
        result: 'declined',
        detail: declined.topic,
        answer: { kind: 'declined', text: declined.text, speech: declined.speech },
      };
    },
  };

  const smallTalk: ChainStep = {
    name: 'small_talk',
    async run(q) {
      const talk = await talkOf(q);
      if (!talk.smallTalkOn) return { result: 'off' };
      const { match, threshold } = talk.reply(q.text, embed ? await embed(q.text) : null);
      const found = { score: match?.score ?? null, threshold, detail: match?.question ?? null };
      if (!match) return { result: 'off', ...found };
      if (match.score < threshold) return { result: 'no_match', ...found };
      return {
        result: 'answered',
        ...found,
        answer: { kind: 'small_talk', text: match.answer, speech: match.speech },
      };
    },
  };

  return { topicFilter, smallTalk };
}
