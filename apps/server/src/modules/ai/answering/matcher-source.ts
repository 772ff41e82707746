import type { Language } from '@ambassador/contracts';
import type { DeviceAiSnapshot, MatcherTopic } from '../../../matcher/index.js';
import type { EntitiesRepo } from '../entities/repo.js';
import type { VectorService } from '../../../nlu/vectors.js';
import type { KeywordRow, TopicRow, TopicsRepo } from '../topics/repo.js';

/** Keywords read per query when a whole device loads (see `keywordsPage`). */
const KEYWORD_PAGE = 500;

function toMatcherTopics(
  topics: TopicRow[],
  keywords: Array<Pick<KeywordRow, 'topicId' | 'language' | 'text' | 'kind'>>,
): MatcherTopic[] {
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

const exampleTexts = (list: MatcherTopic[]) =>
  list.filter((t) => t.active).flatMap((t) => t.examples.map((e) => e.text));

/** What the matcher registry reads from the database: only when a device's data changed. */
export function createMatcherSource({
  topics,
  entities,
  vectors,
}: {
  topics: TopicsRepo;
  entities: EntitiesRepo;
  /** Stored sentence embeddings; none: lexical only. */
  vectors?: VectorService;
}) {
  return {
    embed: vectors ? (text: string) => vectors.query(text) : undefined,

    /** The changed topics' example vectors (stored ones read, new phrases embedded). */
    async loadVectors(deviceId: number, changed: MatcherTopic[]) {
      return (await vectors?.lookup(deviceId, 'topics', 'query', exampleTexts(changed)))?.vectors;
    },

    async load(deviceId: number): Promise<DeviceAiSnapshot> {
      const [rows, aliases] = await Promise.all([topics.allTopics(deviceId), entities.all(deviceId)]);
      const keywords: Array<Awaited<ReturnType<TopicsRepo['keywordsPage']>>[number]> = [];
      for (let after = 0; ;) {
        const page = await topics.keywordsPage(deviceId, after, KEYWORD_PAGE);
        keywords.push(...page);
        if (page.length < KEYWORD_PAGE) break;
        after = page[page.length - 1]!.id;
      }
      const list = toMatcherTopics(rows, keywords);
      // A whole build prunes the vectors of phrases no longer taught.
      const found = await vectors?.lookup(deviceId, 'topics', 'query', exampleTexts(list), { prune: true });
      const background = found ? await vectors?.background() : null;
      return {
        topics: list,
        entities: aliases.map((e) => ({ keyword: e.keyword, aliases: e.aliases })),
        vectors: found?.vectors,
        vectorsComplete: (found?.complete ?? true) && (!found || !!background),
        background: background ?? undefined,
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
