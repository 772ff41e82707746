import type { ResponseRow, ResponsesRepo } from '../responses/repo.js';
import type { KeywordRow, TopicRow, TopicsRepo } from '../topics/repo.js';

type SettingsRow = Awaited<ReturnType<TopicsRepo['settings']>>;

/** What answering a question reads, for one device, held in memory. */
interface DeviceData {
  topics: Map<number, TopicRow>;
  /** Parent id → its sub-topics, in the repo's order (name, case aside). */
  children: Map<number, TopicRow[]>;
  /** Topic id → every response of the topic (all languages and kinds), oldest first. */
  responses: Map<number, ResponseRow[]>;
  /** Sub-topic id → its keywords and phrases (what related-topic chips are made of). */
  keywords: Map<number, KeywordRow[]>;
  settings: SettingsRow;
}

interface Entry {
  data: DeviceData | null;
  /**
   * What `data` was before the last whole reload (an import, a transfer). The matcher in use may
   * still be the previous model, which answers with the previous topics' ids until the new one
   * is built: those are looked up here. Dropped at the next change of single topics.
   */
  previous: DeviceData | null;
  /** Everything must be read again (an import, a transfer, an alias change). */
  stale: boolean;
  /** Topics whose rows, responses or keywords changed since `data` was read. */
  dirty: Set<number>;
  settingsDirty: boolean;
  refreshing: Promise<void> | null;
}

/** Topics by name, case aside, then id: the topics repo's order. */
export const byName = (a: Pick<TopicRow, 'name' | 'id'>, b: Pick<TopicRow, 'name' | 'id'>) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

function childrenOf(topics: Map<number, TopicRow>) {
  const children = new Map<number, TopicRow[]>();
  for (const t of topics.values()) {
    if (t.parentId === null) continue;
    const list = children.get(t.parentId) ?? [];
    list.push(t);
    children.set(t.parentId, list);
  }
  for (const list of children.values()) list.sort(byName);
  return children;
}

function groupBy<T extends { topicId: number }>(rows: T[], into = new Map<number, T[]>()) {
  for (const row of rows) {
    const list = into.get(row.topicId) ?? [];
    list.push(row);
    into.set(row.topicId, list);
  }
  return into;
}

/** Responses oldest first, then by id: the responses repo's order. */
export const byCreated = (a: ResponseRow, b: ResponseRow) =>
  new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id;

/**
 * The answer data of each device (topic rows, responses, sub-topics and their keywords, settings)
 * held in memory, so a question reads nothing from the database. It offers the repos' own calls
 * with the same answers, so the answer service reads it as it read the repos. Every change is told
 * through `invalidate` (topics) and `settingsChanged`, on every instance over the event bus; the
 * next question reads what changed before it is answered, so an edit is never answered stale.
 */
export function createAnswerData({
  topics,
  responses,
}: {
  topics: Pick<TopicsRepo, 'allTopics' | 'topicsById' | 'allKeywords' | 'settings' | 'children'>;
  responses: Pick<ResponsesRepo, 'allOf' | 'list'>;
}) {
  const entries = new Map<number, Entry>();

  async function loadAll(deviceId: number): Promise<DeviceData> {
    const [rows, answers, settings] = await Promise.all([
      topics.allTopics(deviceId),
      responses.allOf(deviceId),
      topics.settings(deviceId),
    ]);
    const all = new Map(rows.map((t) => [t.id, t]));
    const children = childrenOf(all);
    const subIds = [...children.values()].flat().map((t) => t.id);
    const keywords = subIds.length > 0 ? await topics.allKeywords(deviceId, subIds) : [];
    const perTopic = new Map<number, KeywordRow[]>(subIds.map((id) => [id, []]));
    return {
      topics: all,
      children,
      responses: groupBy(answers),
      keywords: groupBy(keywords, perTopic),
      settings,
    };
  }

  /** A copy of `data` with the given topics read again (a copy: a question reading the old one is undisturbed). */
  async function reloadTopics(deviceId: number, data: DeviceData, ids: number[]): Promise<DeviceData> {
    const [rows, answers, keywords] = await Promise.all([
      topics.topicsById(deviceId, ids),
      responses.list(deviceId, ids),
      topics.allKeywords(deviceId, ids),
    ]);
    const all = new Map(data.topics);
    const answersOf = new Map(data.responses);
    const keywordsOf = new Map(data.keywords);
    for (const id of ids) {
      all.delete(id);
      answersOf.delete(id);
      keywordsOf.delete(id);
    }
    for (const t of rows) all.set(t.id, t);
    groupBy(answers, answersOf);
    const children = childrenOf(all);
    const fresh = groupBy(keywords);
    for (const list of children.values()) {
      for (const sub of list) {
        if (!keywordsOf.has(sub.id)) keywordsOf.set(sub.id, fresh.get(sub.id) ?? []);
      }
    }
    return { ...data, topics: all, children, responses: answersOf, keywords: keywordsOf };
  }

  async function refresh(deviceId: number, entry: Entry) {
    // Taken now: what changes while this reads waits for the next refresh, never lost.
    const all = entry.stale || !entry.data;
    const ids = [...entry.dirty];
    const settings = entry.settingsDirty;
    entry.stale = false;
    entry.dirty = new Set();
    entry.settingsDirty = false;
    try {
      if (all) {
        const loaded = await loadAll(deviceId);
        entry.previous = entry.data;
        entry.data = loaded;
        return;
      }
      let data = entry.data!;
      if (ids.length > 0) {
        data = await reloadTopics(deviceId, data, ids);
        entry.previous = null;
      }
      if (settings) data = { ...data, settings: await topics.settings(deviceId) };
      entry.data = data;
    } catch (err) {
      if (all) entry.stale = true;
      for (const id of ids) entry.dirty.add(id);
      if (settings) entry.settingsDirty = true;
      throw err;
    }
  }

  const current = (e: Entry) => e.data !== null && !e.stale && e.dirty.size === 0 && !e.settingsDirty;

  function startRefresh(deviceId: number, e: Entry) {
    e.refreshing ??= refresh(deviceId, e).finally(() => (e.refreshing = null));
    return e.refreshing;
  }

  async function dataOf(deviceId: number): Promise<DeviceData> {
    let entry = entries.get(deviceId);
    if (!entry) {
      entry = {
        data: null,
        previous: null,
        stale: true,
        dirty: new Set(),
        settingsDirty: false,
        refreshing: null,
      };
      entries.set(deviceId, entry);
    }
    if (entry.data && entry.stale && entry.dirty.size === 0 && !entry.settingsDirty) {
      // A whole reload (import, transfer, alias change) happens beside the data in use, as the
      // matcher's rebuild does: questions meanwhile get the previous answers, without waiting.
      startRefresh(deviceId, entry).catch(() => undefined); // failed: stale again, the next question retries
      return entry.data;
    }
    // Changes that keep arriving while it reads: after a few rounds, answer from the newest read.
    for (let round = 0; round < 3 && !current(entry); round++) await startRefresh(deviceId, entry);
    return entry.data!;
  }

  /** The topic in the data in use, or in the previous data (for the previous model's answers). */
  const topicIn = (entry: DeviceData, previous: DeviceData | null, id: number) =>
    entry.topics.get(id) ?? previous?.topics.get(id);
  const previousOf = (deviceId: number) => entries.get(deviceId)?.previous ?? null;

  return {
    /** The same calls as the topics repo, answered from memory. */
    topics: {
      async topicsById(deviceId: number, ids: number[]): Promise<TopicRow[]> {
        const data = await dataOf(deviceId);
        const previous = previousOf(deviceId);
        return ids.flatMap((id) => topicIn(data, previous, id) ?? []);
      },
      async settings(deviceId: number): Promise<SettingsRow> {
        return (await dataOf(deviceId)).settings;
      },
      async children(deviceId: number, parentId: number): Promise<Array<{ id: number; name: string }>> {
        const data = await dataOf(deviceId);
        const from = data.topics.has(parentId) ? data : (previousOf(deviceId) ?? data);
        return (from.children.get(parentId) ?? []).map((t) => ({ id: t.id, name: t.name }));
      },
      async allKeywords(deviceId: number, topicIds?: number[]): Promise<KeywordRow[]> {
        const data = await dataOf(deviceId);
        const previous = previousOf(deviceId);
        const held = (id: number) => data.keywords.get(id) ?? previous?.keywords.get(id);
        // Only sub-topics' keywords are held (related chips); anything else is read as before.
        if (!topicIds || topicIds.some((id) => !held(id))) return topics.allKeywords(deviceId, topicIds);
        return topicIds.flatMap((id) => held(id)!).sort((a, b) => a.id - b.id);
      },
    },
    /** The same call as the responses repo, answered from memory. */
    responses: {
      async list(
        deviceId: number,
        topicIds: number[],
        filter: { language?: string; deviceType?: 'ambassador' | 'chatbot' } = {},
      ): Promise<ResponseRow[]> {
        const data = await dataOf(deviceId);
        const previous = previousOf(deviceId);
        const rows = topicIds
          .flatMap((id) =>
            data.topics.has(id) ? (data.responses.get(id) ?? []) : (previous?.responses.get(id) ?? []),
          )
          .filter(
            (r) =>
              (!filter.language || r.language === filter.language) &&
              (!filter.deviceType || r.deviceType === filter.deviceType),
          );
        return topicIds.length > 1 ? rows.sort(byCreated) : rows;
      },
    },

    /** Topics changed (these, or without ids anything): read again before the next answer. */
    invalidate(deviceId: number, topicIds?: number[]) {
      const entry = entries.get(deviceId);
      if (!entry) return;
      if (!topicIds) entry.stale = true;
      else for (const id of topicIds) entry.dirty.add(id);
    },
    settingsChanged(deviceId: number) {
      const entry = entries.get(deviceId);
      if (entry) entry.settingsDirty = true;
    },
    /** A device retired: nothing of it is kept. */
    drop(deviceId: number) {
      entries.delete(deviceId);
    },
  };
}

export type AnswerData = ReturnType<typeof createAnswerData>;
