import { getTableColumns, type Table } from 'drizzle-orm';
import { aiEntities, aiKeywords, aiResponses, aiSettings, aiTopics } from '../../../db/schema.js';
import { byCreated, byName } from '../answering/answer-data.js';
import type { ResponseRow } from '../responses/repo.js';
import type { KeywordRow, TopicRow } from '../topics/repo.js';

/** The tables a version holds, parents before children (the order they are put back in). */
export const VERSION_TABLES = [
  'ai_categories',
  'ai_topics',
  'ai_keywords',
  'ai_responses',
  'ai_entities',
  'ai_settings',
] as const;
export type VersionTable = (typeof VERSION_TABLES)[number];
/** Every row of each table, as `rowsImage` reads them (database column names, JSON values). */
export type VersionImage = Record<VersionTable, Record<string, unknown>[]>;

type EntityRow = typeof aiEntities.$inferSelect;
type SettingsRow = typeof aiSettings.$inferSelect;

/** Rows of an image as the table's repo would select them: property names, dates as dates. */
function rowsOf<T>(table: Table, rows: Record<string, unknown>[] = []): T[] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      out[key] = column.dataType === 'date' && typeof value === 'string' ? new Date(value) : (value ?? null);
    }
    return out as T;
  });
}

function groupBy<T>(rows: T[], key: (row: T) => number | null) {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = out.get(k) ?? [];
    list.push(row);
    out.set(k, list);
  }
  return out;
}

/** A version's rows, indexed for answering: what the repos' calls read, from memory. */
export function versionData(image: VersionImage) {
  const topics = rowsOf<TopicRow>(aiTopics, image.ai_topics).sort(byName);
  const keywords = rowsOf<KeywordRow>(aiKeywords, image.ai_keywords).sort((a, b) => a.id - b.id);
  const responses = rowsOf<ResponseRow>(aiResponses, image.ai_responses).sort(byCreated);
  return {
    topics,
    byId: new Map(topics.map((t) => [t.id, t])),
    /** Sub-topics per parent, by name (case aside), as the repo orders them. */
    children: groupBy(topics, (t) => t.parentId),
    keywords,
    keywordsOf: groupBy(keywords, (k) => k.topicId),
    responsesOf: groupBy(responses, (r) => r.topicId),
    entities: rowsOf<EntityRow>(aiEntities, image.ai_entities).sort((a, b) => a.id - b.id),
    settings: rowsOf<SettingsRow>(aiSettings, image.ai_settings)[0],
  };
}
export type VersionData = ReturnType<typeof versionData>;

/**
 * The calls of the topics, responses and aliases repos that answering makes, answered from a
 * device's live version (`dataOf`) instead of its tables: the same answers, in the same order.
 */
export function versionRepos(dataOf: (deviceId: number) => Promise<VersionData>) {
  return {
    topics: {
      allTopics: async (deviceId: number) => (await dataOf(deviceId)).topics,
      async topicsById(deviceId: number, ids: number[]) {
        const { byId } = await dataOf(deviceId);
        return ids.flatMap((id) => byId.get(id) ?? []);
      },
      async keywordsPage(deviceId: number, afterId: number, limit: number) {
        const { keywords } = await dataOf(deviceId);
        const from = keywords.findIndex((k) => k.id > afterId);
        return from < 0 ? [] : keywords.slice(from, from + limit);
      },
      async allKeywords(deviceId: number, topicIds?: number[]) {
        const data = await dataOf(deviceId);
        if (!topicIds) return data.keywords;
        return topicIds.flatMap((id) => data.keywordsOf.get(id) ?? []).sort((a, b) => a.id - b.id);
      },
      settings: async (deviceId: number) => (await dataOf(deviceId)).settings,
      async children(deviceId: number, parentId: number) {
        const list = (await dataOf(deviceId)).children.get(parentId) ?? [];
        return list.map((t) => ({ id: t.id, name: t.name }));
      },
    },
    responses: {
      async list(
        deviceId: number,
        topicIds: number[],
        filter: { language?: string; deviceType?: 'ambassador' | 'chatbot' } = {},
      ) {
        const data = await dataOf(deviceId);
        const rows = topicIds
          .flatMap((id) => data.responsesOf.get(id) ?? [])
          .filter(
            (r) =>
              (!filter.language || r.language === filter.language) &&
              (!filter.deviceType || r.deviceType === filter.deviceType),
          );
        return topicIds.length > 1 ? rows.sort(byCreated) : rows;
      },
    },
    entities: { all: async (deviceId: number) => (await dataOf(deviceId)).entities },
  };
}

type Row = Record<string, unknown>;
const pick = (row: Row, keys: string[]) => keys.map((k) => row[k]);
const TOPIC_FIELDS = [
  'name',
  'remarks',
  'category_id',
  'parent_id',
  'is_activated',
  'is_enabled_related_intents',
  'avatar_motion',
];
const KEYWORD_FIELDS = ['language', 'kind', 'text'];
const RESPONSE_FIELDS = [
  'language',
  'device_type',
  'response_aim',
  'response_type',
  'speech',
  'custom_content',
  'contents',
];

/** Each topic's content as one string (its fields, phrases and responses): equal when unchanged. */
function topicSignatures(image: VersionImage) {
  const parts = new Map<number, unknown[][]>();
  const add = (topicId: unknown, part: unknown[]) => parts.get(Number(topicId))?.push(part);
  for (const t of image.ai_topics) parts.set(Number(t.id), [pick(t, TOPIC_FIELDS)]);
  for (const k of image.ai_keywords) add(k.topic_id, pick(k, KEYWORD_FIELDS));
  for (const r of image.ai_responses) add(r.topic_id, pick(r, RESPONSE_FIELDS));
  return new Map(
    [...parts].map(([id, list]) => [
      id,
      JSON.stringify([
        list[0],
        list
          .slice(1)
          .map((p) => JSON.stringify(p))
          .sort(),
      ]),
    ]),
  );
}
const restOf = (image: VersionImage) =>
  JSON.stringify([
    image.ai_categories
      .map((c) => pick(c, ['id', 'name', 'parent_id']))
      .sort((a, b) => Number(a[0]) - Number(b[0])),
    image.ai_entities.map((e) => JSON.stringify(pick(e, ['keyword', 'aliases']))).sort(),
    image.ai_settings.map((s) => pick(s, ['is_enabled_related_intents', 'answer_confidence'])),
  ]);

/** What the draft changed since a version: topics added, changed and removed; categories, aliases or settings. */
export function draftChanges(draft: VersionImage, live: VersionImage) {
  const now = topicSignatures(draft);
  const then = topicSignatures(live);
  let added = 0;
  let changed = 0;
  for (const [id, sig] of now) {
    const before = then.get(id);
    if (before === undefined) added++;
    else if (before !== sig) changed++;
  }
  const removed = [...then.keys()].filter((id) => !now.has(id)).length;
  const other = restOf(draft) !== restOf(live);
  return { added, changed, removed, other, any: added + changed + removed > 0 || other };
}
