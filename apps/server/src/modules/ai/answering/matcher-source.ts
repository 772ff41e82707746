import type { Language } from '@ambassador/contracts';
import type { DeviceAiSnapshot, MatcherTopic } from '../../../matcher/index.js';
import type { EntitiesRepo } from '../entities/repo.js';
import type { KeywordRow, TopicRow, TopicsRepo } from '../topics/repo.js';

function toMatcherTopics(topics: TopicRow[], keywords: KeywordRow[]): MatcherTopic[] {
  const examples = new Map<number, MatcherTopic['examples']>();
  for (const k of keywords) {
    const list = examples.get(k.topicId) ?? [];
    list.push({ language: k.language as Language, text: k.text, kind: k.kind });
    examples.set(k.topicId, list);
  }
  return topics.map((t) => ({
    id: t.id,
    name: t.name,
    active: t.isActivated,
    examples: examples.get(t.id) ?? [],
  }));
}

/** What the matcher registry reads from the database: only when a device's data changed. */
export function createMatcherSource({ topics, entities }: { topics: TopicsRepo; entities: EntitiesRepo }) {
  return {
    async load(deviceId: number): Promise<DeviceAiSnapshot> {
      const [rows, keywords, aliases] = await Promise.all([
        topics.allTopics(deviceId),
        topics.allKeywords(deviceId),
        entities.all(deviceId),
      ]);
      return {
        topics: toMatcherTopics(rows, keywords),
        entities: aliases.map((e) => ({ keyword: e.keyword, aliases: e.aliases })),
      };
    },

    async loadTopics(deviceId: number, topicIds: number[]): Promise<MatcherTopic[]> {
      const [rows, keywords] = await Promise.all([
        topics.topicsById(deviceId, topicIds),
        topics.allKeywords(deviceId, topicIds),
      ]);
      return toMatcherTopics(rows, keywords);
    },
  };
}
