import type {
  AiSettings,
  Category,
  ColumnFinder,
  FinderNode,
  Keyword,
  Language,
  Topic,
  TopicNav,
  ZCreateCategoryRequest,
  ZCreateKeywordRequest,
  ZTrainRequest,
  ZCreateTopicRequest,
  ZTopicsQuery,
  ZUpdateTopicRequest,
  AvatarMotion,
} from '@ambassador/contracts';
import { AVATAR_GESTURES, AVATAR_IDLE_MOTIONS, toAvatarMotion } from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../../lib/clock.js';
import { DEFAULT_THRESHOLD } from '../../../matcher/index.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { AiChangeListener } from '../changes.js';
import { fold } from '../fold.js';
import type { CategoryRow, KeywordRow, TopicsRepo, TopicWithNames } from './repo.js';

export function toTopic(r: TopicWithNames): Topic {
  const t = r.topic;
  return {
    id: t.id,
    intent_id: t.id,
    intent_name: t.name,
    category_id: t.categoryId,
    category_name: r.categoryName,
    parent_id: t.parentId,
    parent_name: r.parentName,
    remarks: t.remarks,
    is_activated: t.isActivated,
    is_enabled_related_intents: t.isEnabledRelatedIntents,
    avatar_motion: toAvatarMotion(t.avatarMotion),
    keyword_count: r.keywordCount,
    response_count: r.responseCount,
    sub_topic_count: r.subTopicCount,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

function toSettings(
  row: { isEnabledRelatedIntents: boolean; answerConfidence: number | null } | undefined,
): AiSettings {
  return {
    is_enabled_related_intents: row?.isEnabledRelatedIntents ?? true,
    answer_confidence: row?.answerConfidence ?? null,
    default_answer_confidence: DEFAULT_THRESHOLD,
  };
}

const toCategory = (r: { category: CategoryRow; hasChild: boolean; topicCount: number }): Category => ({
  category_id: r.category.id,
  category_name: r.category.name,
  parent_id: r.category.parentId,
  has_child: Boolean(r.hasChild),
  topic_count: r.topicCount,
});

const categoryTaken = () => conflict('A category with this name already exists here.', 'category_name_taken');
const topicTaken = () => conflict('A question topic with this name already exists.', 'topic_name_taken');
const topicMissing = () => notFound('Question topic not found.');
const categoryMissing = () => notFound('Category not found.');

async function unique<T>(run: () => Promise<T>, onTaken: () => Error): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e)) throw onTaken();
    throw e;
  }
}

/**
 * Another topic's nearest phrase must be at least this close (cosine of the sentence model) to
 * count as an overlap: below it the two are merely both about the same place.
 */
const OVERLAP_MIN = 0.88;

export function createTopicsService({
  repo,
  clock,
  listener,
  nearest,
}: {
  repo: TopicsRepo;
  clock: Clock;
  listener: AiChangeListener;
  /** The device's topics nearest in meaning to a text (the matcher's); null: words only. */
  nearest?: (
    deviceId: number,
    text: string,
    limit: number,
  ) => Promise<Array<{ topicId: number; similarity: number }> | null>;
}) {
  /** The other topic the text is nearer to than to its own, if it is near enough to matter. */
  async function closerTo(
    deviceId: number,
    topicId: number,
    near: Array<{ topicId: number; similarity: number }> | null,
  ) {
    const other = near?.find((n) => n.topicId !== topicId);
    const own = near?.find((n) => n.topicId === topicId)?.similarity ?? 0;
    if (!other || other.similarity < OVERLAP_MIN || other.similarity <= own) return null;
    const [row] = await repo.topicsById(deviceId, [other.topicId]);
    if (!row) return null;
    return { intent_id: row.id, intent_name: row.name, similarity: Math.round(other.similarity * 100) / 100 };
  }

  async function mustTopic(deviceId: number, id: number) {
    const row = await repo.topic(deviceId, id);
    if (!row) throw topicMissing();
    return row;
  }

  async function mustCategory(deviceId: number, id: number) {
    const row = await repo.category(deviceId, id);
    if (!row) throw categoryMissing();
    return row;
  }

  async function withConflicts(deviceId: number, rows: KeywordRow[]): Promise<Keyword[]> {
    const byLanguage = new Map<string, string[]>();
    for (const r of rows) byLanguage.set(r.language, [...(byLanguage.get(r.language) ?? []), r.norm]);
    const found = new Map<string, { intent_id: number; intent_name: string }[]>();
    for (const [language, norms] of byLanguage) {
      const topicId = rows[0]!.topicId;
      for (const c of await repo.conflicts(deviceId, language, norms, topicId)) {
        const key = `${language}\u0000${c.norm}`;
        found.set(key, [...(found.get(key) ?? []), { intent_id: c.intentId, intent_name: c.intentName }]);
      }
    }
    return rows.map((r) => ({
      id: r.id,
      intent_id: r.topicId,
      language: r.language as Language,
      text: r.text,
      kind: r.kind,
      conflicts: found.get(`${r.language}\u0000${r.norm}`) ?? [],
      created_at: r.createdAt.toISOString(),
    }));
  }

  async function addKeyword(
    deviceId: number,
    input: { intent_id: number; language: Language; text: string },
    kind: 'keyword' | 'phrase',
  ) {
    await mustTopic(deviceId, input.intent_id);
    const row = await unique(
      () =>
        repo.insertKeyword({
          topicId: input.intent_id,
          deviceId,
          language: input.language,
          kind,
          text: input.text,
          norm: fold(input.text),
          createdAt: clock.now(),
        }),
      () =>
        conflict(
          kind === 'keyword'
            ? 'This topic already has this keyword in this language.'
            : 'This topic already knows this phrase.',
          'keyword_exists',
        ),
    );
    listener.changed(deviceId, [input.intent_id]);
    const [keyword] = await withConflicts(deviceId, [row]);
    return keyword!;
  }

  return {
    // ------------------------------------------------------------ categories
    async categories(deviceId: number, parentId?: number) {
      const rows = (await repo.categories(deviceId)).map(toCategory);
      return parentId === undefined ? rows : rows.filter((c) => c.parent_id === parentId);
    },

    async createCategory(input: z.output<typeof ZCreateCategoryRequest>) {
      const parentId = input.parent_id ?? null;
      if (parentId !== null) await mustCategory(input.device_id, parentId);
      const row = await unique(
        () =>
          repo.insertCategory({
            deviceId: input.device_id,
            parentId,
            name: input.name,
            createdAt: clock.now(),
          }),
        categoryTaken,
      );
      return toCategory({ category: row, hasChild: false, topicCount: 0 });
    },

    async renameCategory(deviceId: number, id: number, name: string) {
      const row = await unique(() => repo.renameCategory(deviceId, id, name), categoryTaken);
      if (!row) throw categoryMissing();
      return (await repo.categories(deviceId)).map(toCategory).find((c) => c.category_id === id)!;
    },

    /** Refused while any topic is filed under it or below it; empty sub-categories go with it. */
    async deleteCategory(deviceId: number, id: number) {
      const tree = await repo.subtree(deviceId, id);
      if (tree.length === 0) throw categoryMissing();
      const inUse = await repo.topicsIn(tree);
      if (inUse > 0) {
        throw conflict(
          `This category still holds ${inUse} question topic${inUse === 1 ? '' : 's'}. Move or delete them first.`,
          'category_in_use',
        );
      }
      try {
        if (!(await repo.deleteCategory(deviceId, id))) throw categoryMissing();
      } catch (e) {
        // A topic filed into it meanwhile: the foreign key refuses, and so do we.
        if (isForeignKeyViolation(e)) {
          throw conflict(
            'This category still holds question topics. Move or delete them first.',
            'category_in_use',
          );
        }
        throw e;
      }
    },

    // ------------------------------------------------------------ settings
    async settings(deviceId: number): Promise<AiSettings> {
      return toSettings(await repo.settings(deviceId));
    },

    async setRelatedIntents(deviceId: number, on: boolean): Promise<AiSettings> {
      const row = await repo.saveSettings(deviceId, { isEnabledRelatedIntents: on }, clock.now());
      listener.settingsChanged?.(deviceId);
      return toSettings(row);
    },

    /** null goes back to the default. The range is the contract's; the database checks it too. */
    async setAnswerConfidence(deviceId: number, value: number | null): Promise<AiSettings> {
      const row = await repo.saveSettings(deviceId, { answerConfidence: value }, clock.now());
      // Not an AI change for the matchers (the threshold is read per question, not built in), but
      // the answer data held in memory must read the new value.
      listener.settingsChanged?.(deviceId);
      return toSettings(row);
    },

    // ------------------------------------------------------------ topics
    async topic(deviceId: number, id: number) {
      return toTopic(await mustTopic(deviceId, id));
    },

    async topics(q: z.output<typeof ZTopicsQuery>) {
      const { rows, total } = await repo.topicPage(q.device_id, {
        categoryId: q.category_id,
        parentId: q.parent_id,
        search: q.search,
        sortBy: q.sort_by,
        order: q.order,
        limit: q.limit,
        offset: q.offset,
      });
      return { topics: rows.map(toTopic), total };
    },

    async createTopic(input: z.output<typeof ZCreateTopicRequest>) {
      const deviceId = input.device_id;
      let categoryId: number;
      let parentId: number | null = null;
      if (input.parent_id != null) {
        const parentTopic = await mustTopic(deviceId, input.parent_id);
        parentId = parentTopic.topic.id;
        categoryId = parentTopic.topic.categoryId;
      } else {
        categoryId = (await mustCategory(deviceId, input.category_id!)).id;
      }
      const now = clock.now();
      const row = await unique(
        () =>
          repo.insertTopic({
            deviceId,
            categoryId,
            parentId,
            name: input.name,
            remarks: input.remarks,
            createdAt: now,
            updatedAt: now,
          }),
        topicTaken,
      );
      listener.changed(deviceId, [row.id]);
      return toTopic((await repo.topic(deviceId, row.id))!);
    },

    async updateTopic(input: z.output<typeof ZUpdateTopicRequest>) {
      const deviceId = input.device_id;
      const current = await mustTopic(deviceId, input.id);
      const values: Parameters<TopicsRepo['updateTopic']>[2] = { updatedAt: clock.now() };
      if (input.name !== undefined) values.name = input.name;
      if (input.remarks !== undefined) values.remarks = input.remarks;
      if (input.is_activated !== undefined) values.isActivated = input.is_activated;
      if (input.is_enabled_related_intents !== undefined)
        values.isEnabledRelatedIntents = input.is_enabled_related_intents;
      if (input.category_id !== undefined && input.category_id !== current.topic.categoryId) {
        if (current.topic.parentId !== null) {
          throw badRequest('A sub-topic takes its category from its parent topic.', 'subtopic_category');
        }
        values.categoryId = (await mustCategory(deviceId, input.category_id)).id;
      }
      const row = await unique(() => repo.updateTopic(deviceId, input.id, values), topicTaken);
      if (!row) throw topicMissing();
      if (values.categoryId !== undefined) await repo.moveSubTopics(deviceId, row.id, values.categoryId);
      listener.changed(deviceId, [row.id]);
      return toTopic((await repo.topic(deviceId, row.id))!);
    },

    async setMotion(deviceId: number, id: number, motion: AvatarMotion | null) {
      const row = await repo.updateTopic(deviceId, id, { avatarMotion: motion, updatedAt: clock.now() });
      if (!row) throw topicMissing();
      listener.changed(deviceId, [id]);
      return this.motion(deviceId, id);
    },

    async motion(deviceId: number, id: number) {
      const row = await mustTopic(deviceId, id);
      return {
        intent_id: id,
        motion: toAvatarMotion(row.topic.avatarMotion),
        gestures: [...AVATAR_GESTURES],
        idle_motions: [...AVATAR_IDLE_MOTIONS],
      };
    },

    /** Breadcrumb: category path from the root, topic path from the root topic, sub-topics. */
    async nav(deviceId: number, id: number): Promise<TopicNav> {
      const start = await mustTopic(deviceId, id);
      const all = await repo.allTopics(deviceId);
      const byId = new Map(all.map((t) => [t.id, t]));
      const topics: { id: number; name: string }[] = [];
      const seen = new Set<number>();
      for (let t = byId.get(id); t && !seen.has(t.id); t = t.parentId ? byId.get(t.parentId) : undefined) {
        seen.add(t.id);
        topics.unshift({ id: t.id, name: t.name });
      }
      const cats = new Map((await repo.categories(deviceId)).map((c) => [c.category.id, c.category]));
      const categories: TopicNav['categories'] = [];
      const seenCats = new Set<number>();
      for (
        let c = cats.get(start.topic.categoryId);
        c && !seenCats.has(c.id);
        c = c.parentId ? cats.get(c.parentId) : undefined
      ) {
        seenCats.add(c.id);
        categories.unshift({ category_id: c.id, category_name: c.name });
      }
      return { categories, topics, children: await repo.children(deviceId, id) };
    },

    async autoComplete(deviceId: number, text: string) {
      const rows = await repo.autoComplete(deviceId, text);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        category_name: r.categoryName,
        parent_id: r.parentId,
      }));
    },

    async columnFinder(deviceId: number, categoryId?: number): Promise<ColumnFinder> {
      if (categoryId !== undefined) await mustCategory(deviceId, categoryId);
      const all = (await repo.categories(deviceId)).map(toCategory);
      const intents = await repo.rootTopicsOf(deviceId, categoryId ?? null);
      return {
        categories: all.filter((c) => c.parent_id === (categoryId ?? null)),
        intents: intents.map((t) => ({
          id: t.id,
          name: t.name,
          is_activated: t.isActivated,
          sub_topic_count: t.subTopicCount,
        })),
      };
    },

    /** The whole tree for the diagram: categories → sub-categories and topics → sub-topics. */
    async finder(deviceId: number): Promise<{ intents: FinderNode[] }> {
      const cats = (await repo.categories(deviceId)).map((c) => c.category);
      const topics = await repo.allTopics(deviceId);
      const topicNode = (id: number, name: string, active: boolean): FinderNode => ({
        type: 'topic',
        id,
        name,
        is_activated: active,
        children: topics.filter((t) => t.parentId === id).map((t) => topicNode(t.id, t.name, t.isActivated)),
      });
      const categoryNode = (c: (typeof cats)[number]): FinderNode => ({
        type: 'category',
        id: c.id,
        name: c.name,
        children: [
          ...cats.filter((s) => s.parentId === c.id).map(categoryNode),
          ...topics
            .filter((t) => t.categoryId === c.id && t.parentId === null)
            .map((t) => topicNode(t.id, t.name, t.isActivated)),
        ],
      });
      return { intents: cats.filter((c) => c.parentId === null).map(categoryNode) };
    },

    async buttonPayloads(deviceId: number, language: Language) {
      const [topics, firsts] = await Promise.all([
        repo.allTopics(deviceId),
        repo.firstKeywords(deviceId, language),
      ]);
      const keywordOf = new Map(firsts.map((k) => [k.topicId, k.text]));
      return topics.map((t) => ({
        intent_id: t.id,
        intent_name: t.name,
        payload: keywordOf.get(t.id) ?? t.name,
      }));
    },

    // ------------------------------------------------------------ keywords and training phrases
    async keywords(deviceId: number, topicId: number, language?: Language) {
      await mustTopic(deviceId, topicId);
      const rows = await repo.keywords(deviceId, topicId, language);
      return rows.length === 0 ? [] : withConflicts(deviceId, rows);
    },

    async checkKeyword(deviceId: number, topicId: number, language: Language, text: string) {
      const norm = fold(text);
      const [own, conflicts, near] = await Promise.all([
        repo.keywords(deviceId, topicId, language),
        repo.conflicts(deviceId, language, [norm], topicId),
        nearest?.(deviceId, text, 5) ?? null,
      ]);
      return {
        duplicate: own.some((k) => k.norm === norm),
        conflicts: conflicts.map((c) => ({ intent_id: c.intentId, intent_name: c.intentName })),
        closer_to: await closerTo(deviceId, topicId, near),
      };
    },

    addKeyword: (input: z.output<typeof ZCreateKeywordRequest>) =>
      addKeyword(input.device_id, input, input.kind),

    /** Train: an utterance becomes a training phrase of the topic. */
    train: (input: z.output<typeof ZTrainRequest>) => addKeyword(input.device_id, input, 'phrase'),

    async updateKeyword(deviceId: number, id: number, text: string) {
      const row = await unique(
        () => repo.updateKeyword(deviceId, id, { text, norm: fold(text) }),
        () => conflict('This topic already has this keyword in this language.', 'keyword_exists'),
      );
      if (!row) throw notFound('Keyword not found.');
      listener.changed(deviceId, [row.topicId]);
      const [keyword] = await withConflicts(deviceId, [row]);
      return keyword!;
    },
  };
}

export type TopicsService = ReturnType<typeof createTopicsService>;
