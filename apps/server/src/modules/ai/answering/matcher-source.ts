import type { Language } from '@ambassador/contracts';
import type { DeviceAiSnapshot, MatcherTopic } from '../../../matcher/index.js';
import type { AliasesRepo } from '../aliases/repo.js';
import type { VectorService } from '../../../nlu/vectors.js';
import type { KeywordRow, TopicRow, TopicsRepo } from '../topics/repo.js';

/** Keywords read per query when a whole device loads (see `keywordsPage`). */
const KEYWORD_PAGE = 500;
/**
 * New phrases a whole build embeds before it answers (about 5 s on the local model). Beyond this
 * (an import of a thousand topics: 10,000 phrases took 96 s) the device answers by words at once,
 * its phrases are embedded in the background, and it is built again when they are stored.
 */
export const EMBED_BEFORE_BUILD_MAX = 500;

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
  embedBeforeBuildMax = EMBED_BEFORE_BUILD_MAX,
  prune = true,
  log,
}: {
  topics: Pick<TopicsRepo, 'allTopics' | 'keywordsPage' | 'topicsById' | 'allKeywords'>;
  entities: Pick<AliasesRepo, 'all'>;
  /** Stored sentence embeddings; none: lexical only. */
  vectors?: VectorService;
  embedBeforeBuildMax?: number;
  /**
   * A whole build drops the stored vectors of phrases no longer taught. Off for a published
   * version's matcher: the draft's phrases are what is taught, and its build prunes.
   */
  prune?: boolean;
  log?: { warn(obj: object, msg: string): void };
}) {
  /** Devices whose phrases are being embedded in the background: the fill, settling when stored. */
  const filling = new Map<number, Promise<boolean>>();
  /** How far each background fill has come: phrases with a vector of all the device's. */
  const progress = new Map<number, { done: number; total: number }>();

  /** The device's phrase vectors for a whole build: stored ones, and new ones embedded now or in the background. */
  async function wholeVectors(deviceId: number, texts: string[]) {
    if (!vectors) return { found: undefined, pending: undefined };
    const running = filling.get(deviceId);
    // A whole build prunes the vectors of phrases no longer taught (when every phrase has one).
    const stored = await vectors.lookup(deviceId, 'topics', 'query', texts, { embed: false, prune });
    if (!stored || stored.complete) return { found: stored, pending: undefined };
    if (!running && stored.missing <= embedBeforeBuildMax) {
      // A few new phrases: embedded now (stored as they go), the rest read already.
      const fresh = await vectors.lookup(
        deviceId,
        'topics',
        'query',
        texts.filter((t) => !stored.vectors.has(t)),
      );
      if (!fresh) return { found: stored, pending: undefined };
      return {
        found: { ...fresh, vectors: new Map([...stored.vectors, ...fresh.vectors]) },
        pending: undefined,
      };
    }
    const fill =
      running ??
      vectors
        .lookup(deviceId, 'topics', 'query', texts, {
          onProgress: (done, total) => progress.set(deviceId, { done, total }),
        })
        .then((out) => out?.complete ?? false)
        .catch((err: unknown) => {
          log?.warn({ err, deviceId }, 'embedding a device’s phrases failed; answering by words');
          return false;
        })
        .finally(() => {
          filling.delete(deviceId);
          progress.delete(deviceId);
        });
    if (!running) {
      filling.set(deviceId, fill);
      progress.set(deviceId, { done: stored.vectors.size, total: new Set(texts).size });
    }
    return { found: stored, pending: fill };
  }

  return {
    embed: vectors ? (text: string) => vectors.query(text) : undefined,

    /** A background fill's progress (the matcher status shows it); null when none runs. */
    embedding: (deviceId: number) => progress.get(deviceId) ?? null,

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
      const { found, pending } = await wholeVectors(deviceId, exampleTexts(list));
      const background = found ? await vectors?.background() : null;
      return {
        topics: list,
        entities: aliases.map((e) => ({ keyword: e.keyword, aliases: e.aliases })),
        vectors: found?.vectors,
        vectorsComplete: (found?.complete ?? true) && (!found || !!background),
        ...(pending && { vectorsPending: pending }),
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
