import type { ConversationSort } from '@ambassador/contracts';
import {
  and,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.js';
import { loggedCount } from '../../db/rollups.js';
import { aiCategories, aiSettings, aiTopics, conversations as c, devices } from '../../db/schema.js';
import { inRange, type DayRange } from '../../lib/day-range.js';
import { CANDIDATE_REACH, DEFAULT_THRESHOLD } from '../../matcher/index.js';

const trained = alias(aiTopics, 'trained');
const candidate = alias(aiTopics, 'candidate');

/**
 * A fallback's closest topic counts as its candidate (to teach in one click) only when its score
 * came within reach of the device's threshold as it is now (`CANDIDATE_REACH` of it): rows logged
 * before the ask applied the rule, and rows of a device whose threshold rose since, are held to it
 * too. The others stay in the unanswered-questions groups, without a candidate.
 */
const withinReach = sql`${c.score} >= coalesce(
  (select ${aiSettings.answerConfidence} from ${aiSettings} where ${aiSettings.deviceId} = ${c.deviceId}),
  ${DEFAULT_THRESHOLD}::real) * ${CANDIDATE_REACH}::real`;

/** What the review table filters on; every device is already known to be the caller's. */
export interface ConversationWhere {
  deviceIds: number[];
  range: DayRange;
  bookmarked: boolean;
  fallback: boolean;
  /** Fallbacks whose closest topic is known, still exists and came within reach (`withinReach`). */
  candidate: boolean;
  categories?: string[] | undefined;
  exclude: boolean;
  search?: string | undefined;
  /** Answered by this topic (a Dashboard FAQ entry opened here). */
  topicId?: number | undefined;
  /** Answered with this location's "where is" (a Dashboard FAQ entry of a place). */
  locationId?: number | undefined;
}

export interface ConversationOrder {
  sortBy: ConversationSort;
  order: 'asc' | 'desc';
}

/** Where an export batch continues: the last row's sort value (as text) and id. */
export interface ExportCursor {
  value: string | null;
  id: number;
}

/**
 * Each sort column: the expression, the type its text form casts back to (export keysets), and
 * whether it can be null (nulls always come last). Text sorts ignore case, like the topic list.
 */
const SORTS: Record<ConversationSort, { expr: SQL; type: string; nullable: boolean }> = {
  datetime: { expr: sql`${c.at}`, type: 'timestamptz', nullable: false },
  acquire: { expr: sql`lower(${c.acquire})`, type: 'text', nullable: false },
  reply: { expr: sql`lower(${c.reply})`, type: 'text', nullable: false },
  intent: { expr: sql`lower(${c.intentName})`, type: 'text', nullable: true },
  category: { expr: sql`lower(${c.categoryName})`, type: 'text', nullable: true },
  response_time: { expr: sql`${c.responseTimeMs}`, type: 'integer', nullable: false },
  score: { expr: sql`${c.score}`, type: 'real', nullable: true },
  status: { expr: sql`${c.status}`, type: 'text', nullable: false },
  device: { expr: sql`lower(${devices.description})`, type: 'text', nullable: false },
  rating: { expr: sql`${c.rating}`, type: 'smallint', nullable: true },
};

/**
 * ORDER BY of a sort, ties broken by id in the same direction. A NOT NULL column gets no NULLS
 * clause: `at desc, id desc` is then exactly a backward scan of (device_id, at, id).
 */
function orderOf(o: ConversationOrder): SQL[] {
  const { expr, nullable } = SORTS[o.sortBy];
  const dir = sql.raw(o.order);
  return [nullable ? sql`${expr} ${dir} nulls last` : sql`${expr} ${dir}`, sql`${c.id} ${dir}`];
}

/** Rows strictly after the cursor in that order (nulls last either way). */
function afterCursor(o: ConversationOrder, cursor: ExportCursor): SQL {
  const { expr, type, nullable } = SORTS[o.sortBy];
  const op = sql.raw(o.order === 'asc' ? '>' : '<');
  if (cursor.value === null) return sql`(${expr} is null and ${c.id} ${op} ${cursor.id})`;
  const after = sql`(${expr}, ${c.id}) ${op} (${cursor.value}::${sql.raw(type)}, ${cursor.id})`;
  return nullable ? sql`(${after} or ${expr} is null)` : after;
}

/** Everything but the devices. */
function filtersOf(f: ConversationWhere): SQL[] {
  const conditions: SQL[] = [inRange(c.at, f.range)];
  // The bare column, so the partial index `where bookmarked` applies.
  if (f.bookmarked) conditions.push(sql`${c.bookmarked}`);
  if (f.fallback || f.candidate) conditions.push(eq(c.status, 'fallback'));
  if (f.candidate) conditions.push(isNotNull(c.candidateIntentId), withinReach);
  if (f.categories && f.categories.length > 0) {
    conditions.push(
      f.exclude
        ? // Rows without a category are not in any excluded category.
          or(isNull(c.categoryName), notInArray(c.categoryName, f.categories))!
        : inArray(c.categoryName, f.categories),
    );
  }
  if (f.search) conditions.push(searchOf(f.search));
  if (f.topicId !== undefined) conditions.push(eq(c.status, 'answered'), eq(c.intentId, f.topicId));
  if (f.locationId !== undefined) conditions.push(eq(c.status, 'location'), eq(c.locationId, f.locationId));
  return conditions;
}

/** Three letters or digits in a row: a trigram pg_trgm surely extracts from a LIKE pattern. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/**
 * What ILIKE '%…%' matched: both sides lowered, the words taken literally. With a trigram in the
 * words, as `lower(column) like` with their wildcards escaped, which the trigram indexes on
 * lower(acquire) and lower(reply) answer (a year of a busy device read every row otherwise;
 * Chinese is alphanumeric to pg_trgm in a UTF-8 locale). Without one the index would be read
 * whole: `strpos` keeps the scan of the devices' range.
 */
function searchOf(search: string): SQL {
  const has = TRIGRAM.test(search)
    ? (column: SQLWrapper) =>
        sql`lower(${column}) like lower(${`%${search.replace(/[\\%_]/g, '\\$&')}%`}::text)`
    : (column: SQLWrapper) => sql`strpos(lower(${column}), lower(${search}::text)) > 0`;
  return or(has(c.acquire), has(c.reply))!;
}

/** The total the dashboard's roll-up already holds: every row of the range, or its fallbacks. */
const countedByRollup = (f: ConversationWhere) =>
  !f.bookmarked &&
  !f.candidate &&
  !f.categories?.length &&
  !f.search &&
  f.topicId === undefined &&
  f.locationId === undefined;

function whereOf(f: ConversationWhere): SQL {
  return and(inArray(c.deviceId, f.deviceIds), ...filtersOf(f))!;
}

/**
 * Several devices in datetime order. PostgreSQL cannot merge the per-device (device_id, at, id)
 * ranges, so `device_id in (…) order by at` sorts every row of the range: a year of a busy
 * project took about a second a page, and an export sorted what was left for every batch. The
 * first `n` ids of each device along its index, merged by the caller's ORDER BY, are the same rows.
 */
function firstOfEachDevice(f: ConversationWhere, o: ConversationOrder, n: number, extra?: SQL): SQL {
  const dir = sql.raw(o.order);
  const ids = sql.join(
    f.deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const where = and(sql`${c.deviceId} = d.id`, ...filtersOf(f), extra)!;
  return sql`${c.id} in (
    select x.id from unnest(array[${ids}]::int[]) as d(id)
    cross join lateral (
      select ${c.id} as id from ${c} where ${where}
      order by ${c.at} ${dir}, ${c.id} ${dir} limit ${n}
    ) x)`;
}

/** Whether the per-device merge applies (one device already walks its index). */
const mergesDevices = (f: ConversationWhere, o: ConversationOrder) =>
  o.sortBy === 'datetime' && f.deviceIds.length > 1;

const rowColumns = {
  id: c.id,
  at: c.at,
  acquire: c.acquire,
  reply: c.reply,
  language: c.language,
  intentId: c.intentId,
  intentName: c.intentName,
  categoryName: c.categoryName,
  responseTimeMs: c.responseTimeMs,
  score: c.score,
  status: c.status,
  deviceId: c.deviceId,
  deviceName: devices.description,
  rating: c.rating,
  comment: c.comment,
  bookmarked: c.bookmarked,
  sessionId: c.sessionId,
  trainedIntentId: trained.id,
  trainedIntentName: trained.name,
  candidateIntentId: candidate.id,
  candidateIntentName: candidate.name,
  source: c.source,
  steps: c.steps,
};

/** SQL of the conversation log, always scoped by device or project. */
export function createConversationsRepo(db: Db) {
  const rowQuery = () =>
    db
      .select(rowColumns)
      .from(c)
      .innerJoin(devices, eq(devices.id, c.deviceId))
      .leftJoin(trained, eq(trained.id, c.trainedIntentId))
      .leftJoin(candidate, and(eq(candidate.id, c.candidateIntentId), withinReach));
  const exportQuery = (tz: string, sortBy: ConversationSort) =>
    db
      .select({
        ...rowColumns,
        local: sql<string>`to_char(${c.at} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`,
        cursor: sql<string | null>`(${SORTS[sortBy].expr})::text`,
      })
      .from(c)
      .innerJoin(devices, eq(devices.id, c.deviceId))
      .leftJoin(trained, eq(trained.id, c.trainedIntentId))
      .leftJoin(candidate, and(eq(candidate.id, c.candidateIntentId), withinReach));

  return {
    /** How many of these devices are the project's. */
    async projectDevices(projectId: number, ids: number[]) {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), inArray(devices.id, ids)));
      return row?.n ?? 0;
    },

    /**
     * The page's ids are sorted on the log alone (with the device's name only when sorting by
     * it); the joins and the wide rows then follow for those ids only. Sorting a week of a busy
     * device this way takes half the time of sorting the joined rows.
     */
    async page(f: ConversationWhere, o: ConversationOrder, limit: number, offset: number) {
      const where = whereOf(f);
      const keys = db.select({ id: c.id }).from(c).$dynamic();
      const ids = (o.sortBy === 'device' ? keys.innerJoin(devices, eq(devices.id, c.deviceId)) : keys)
        .where(mergesDevices(f, o) ? firstOfEachDevice(f, o, offset + limit) : where)
        .orderBy(...orderOf(o))
        .limit(limit)
        .offset(offset);
      const [rows, [total]] = await Promise.all([
        rowQuery()
          .where(inArray(c.id, ids))
          .orderBy(...orderOf(o)),
        countedByRollup(f)
          ? queryRows<{ n: number }>(db, loggedCount(f.deviceIds, f.range, f.fallback))
          : db.select({ n: count() }).from(c).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The next `limit` rows of an export after the cursor, with the date already in the range's zone. */
    async exportBatch(
      f: ConversationWhere,
      o: ConversationOrder,
      cursor: ExportCursor | undefined,
      limit: number,
    ) {
      const after = cursor && afterCursor(o, cursor);
      const where = mergesDevices(f, o) ? firstOfEachDevice(f, o, limit, after) : and(whereOf(f), after);
      return exportQuery(f.range.tz, o.sortBy)
        .where(where)
        .orderBy(...orderOf(o))
        .limit(limit);
    },

    /** One conversation of the project's devices. */
    async one(projectId: number, id: number) {
      const [row] = await rowQuery().where(and(eq(c.id, id), eq(devices.projectId, projectId)));
      return row;
    },

    /** A visitor session's conversations on its device, oldest first (the session index). */
    async session(deviceId: number, sessionId: string, limit: number) {
      return rowQuery()
        .where(and(eq(c.sessionId, sessionId), eq(c.deviceId, deviceId)))
        .orderBy(c.at, c.id)
        .limit(limit);
    },

    async setBookmark(projectId: number, id: number, bookmarked: boolean) {
      const rows = await db
        .update(c)
        .set({ bookmarked })
        .where(
          and(
            eq(c.id, id),
            inArray(
              c.deviceId,
              db.select({ id: devices.id }).from(devices).where(eq(devices.projectId, projectId)),
            ),
          ),
        )
        .returning({ id: c.id });
      return rows.length > 0;
    },

    async topic(deviceId: number, id: number) {
      const [row] = await db
        .select({ id: aiTopics.id, name: aiTopics.name })
        .from(aiTopics)
        .where(and(eq(aiTopics.deviceId, deviceId), eq(aiTopics.id, id)));
      return row;
    },

    async setTrained(id: number, topicId: number, at: Date) {
      await db.update(c).set({ trainedIntentId: topicId, trainedAt: at }).where(eq(c.id, id));
    },

    /**
     * The distinct questions that fell back in the range and were not trained since, per device and
     * wording (trimmed), the most asked first: how often, when last, in which language, and the
     * topic within reach they came closest to most often.
     */
    async fallbackQuestions(deviceIds: number[], range: DayRange, limit: number) {
      const text = sql<string>`btrim(${c.acquire})`;
      const rows = await db
        .select({
          deviceId: c.deviceId,
          text,
          language: sql<string>`mode() within group (order by ${c.language})`,
          count: count(),
          lastAt: sql<string>`max(${c.at})`,
          candidateId: sql<
            number | null
          >`mode() within group (order by case when ${withinReach} then ${c.candidateIntentId} end)`,
        })
        .from(c)
        .where(
          and(
            inArray(c.deviceId, deviceIds),
            inRange(c.at, range),
            eq(c.status, 'fallback'),
            isNull(c.trainedIntentId),
            sql`${text} <> ''`,
          ),
        )
        .groupBy(c.deviceId, text)
        .orderBy(sql`count(*) desc`, sql`max(${c.at}) desc`, text)
        .limit(limit + 1);
      return {
        rows: rows.slice(0, limit).map((r) => ({ ...r, lastAt: new Date(r.lastAt) })),
        truncated: rows.length > limit,
      };
    },

    async deviceNames(ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: devices.id, name: devices.description })
        .from(devices)
        .where(inArray(devices.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Names of these topics of the devices (those still there). */
    async topicNames(deviceIds: number[], ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: aiTopics.id, name: aiTopics.name })
        .from(aiTopics)
        .where(and(inArray(aiTopics.deviceId, deviceIds), inArray(aiTopics.id, ids)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The device's untrained fallbacks asked in one of these wordings now count as trained into the topic. */
    async trainFallbacks(deviceId: number, texts: string[], topicId: number, at: Date) {
      const rows = await db
        .update(c)
        .set({ trainedIntentId: topicId, trainedAt: at })
        .where(
          and(
            eq(c.deviceId, deviceId),
            eq(c.status, 'fallback'),
            isNull(c.trainedIntentId),
            inArray(sql`btrim(${c.acquire})`, texts),
          ),
        )
        .returning({ id: c.id });
      return rows.length;
    },

    /**
     * Category names of the devices' topics and of their logged conversations. The logged ones
     * skip from name to name along (device_id, category_name): a few lookups per name instead of
     * reading every row of the devices.
     */
    async categoryNames(deviceIds: number[]) {
      const ids = sql.join(
        deviceIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const [own, logged] = await Promise.all([
        db
          .selectDistinct({ name: aiCategories.name })
          .from(aiCategories)
          .where(inArray(aiCategories.deviceId, deviceIds)),
        queryRows<{ name: string }>(
          db,
          sql`with recursive names(device_id, name) as (
                select d.id, (select x.category_name from conversations x
                  where x.device_id = d.id and x.category_name is not null
                  order by x.category_name limit 1)
                from unnest(array[${ids}]::int[]) as d(id)
                union all
                select n.device_id, (select x.category_name from conversations x
                  where x.device_id = n.device_id and x.category_name > n.name
                  order by x.category_name limit 1)
                from names n where n.name is not null
              )
              select distinct name from names where name is not null`,
        ),
      ]);
      return [...own.map((r) => r.name), ...logged.map((r) => r.name)];
    },
  };
}

export type ConversationsRepo = ReturnType<typeof createConversationsRepo>;
export type ConversationRow = Awaited<ReturnType<ConversationsRepo['page']>>['rows'][number];
export type ExportRow = Awaited<ReturnType<ConversationsRepo['exportBatch']>>[number];
