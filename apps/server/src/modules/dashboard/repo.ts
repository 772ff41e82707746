import { sql, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  conversations as c,
  dashboardFaqDays as f,
  dashboardQuarters as q,
  visitorSessions as s,
} from '../../db/schema.js';
import { cut } from '../../db/rollups.js';
import { inRange, type DayRange } from '../../lib/day-range.js';

/** Answered conversations per intent and per location, the most asked first. */
export interface FaqRow {
  kind: 'topic' | 'location';
  intent_id: number;
  intent_name: string;
  category: string | null;
  count: number;
}

/** A session's length as the roll-up sums it: an open one lasts until its last question. */
const sessionSeconds = sql`extract(epoch from (coalesce(${s.endedAt}, ${s.lastActivityAt}) - ${s.startedAt}))`;

/** SQL of the dashboard figures: one device, one range, read from the roll-ups and the log's edges. */
export function createDashboardRepo(db: Db) {
  /**
   * The range's counts as rows (t, conversations, fallback, sessions, seconds): its quarter hours
   * from dashboard_quarters, and the log's own rows where the range does not start or end on a
   * quarter hour (never, since 1972: every zone's offset is whole quarter hours, so those reads
   * find nothing). `sessions` are the visitor sessions that asked something, `seconds` their lengths.
   */
  const quarterRows = (deviceId: number, r: DayRange) => {
    const { whole, edges } = cut(r, '15 minutes');
    const raw = edges.map(
      (edge) => sql`
        union all
        select ${c.at}, 1, (${c.status} = 'fallback')::int, 0, 0::numeric
        from ${c} where ${c.deviceId} = ${deviceId} and ${edge(c.at)}
        union all
        select ${s.startedAt}, 0, 0, 1, ${sessionSeconds}
        from ${s} where ${s.deviceId} = ${deviceId} and ${s.questions} > 0 and ${edge(s.startedAt)}`,
    );
    return sql`
      select ${q.bucket} as t, ${q.conversations} as conversations, ${q.fallback} as fallback,
        ${q.qaSessions} as sessions, ${q.sessionSeconds} as seconds
      from ${q} where ${q.deviceId} = ${deviceId} and ${whole(q.bucket)}
      ${sql.join(raw, sql` `)}`;
  };

  /** An answered FAQ kind's counts per id (topic or location): whole UTC days rolled up, the edges from the log. */
  const faqCounts = (deviceId: number, r: DayRange, kind: 'topic' | 'location') => {
    const { whole, edges } = cut(r, '1 day');
    const [status, id] = kind === 'topic' ? [sql`'answered'`, c.intentId] : [sql`'location'`, c.locationId];
    const raw = edges.map(
      (edge) => sql`
        union all
        select ${id}, 1 from ${c}
        where ${c.deviceId} = ${deviceId} and ${edge(c.at)} and ${c.status} = ${status} and ${id} is not null`,
    );
    return sql`
      select ref_id, sum(n)::int as n from (
        select ${f.refId} as ref_id, ${f.n} as n from ${f}
        where ${f.deviceId} = ${deviceId} and ${f.kind} = ${kind} and ${whole(f.day)}
        ${sql.join(raw, sql` `)}
      ) counted group by ref_id having sum(n) > 0`;
  };

  const localDay = (column: SQLWrapper, r: DayRange) =>
    sql`to_char((${column} at time zone ${r.tz})::date, 'YYYY-MM-DD')`;

  return {
    /**
     * Per local day of the session's start: the visitor sessions that asked something, and those
     * contained (answered without staff): no live chat opened from the session, no call from the
     * device between its start and its end (or last question), and its last question not a fallback.
     */
    containment: (deviceId: number, r: DayRange) =>
      queryRows<{ day: string; sessions: number; contained: number }>(
        db,
        sql`select ${localDay(s.startedAt, r)} as day, count(*)::int as sessions,
              count(*) filter (where not (
                exists (select 1 from chat_sessions ch where ch.visitor_session_id = ${s.id})
                or exists (select 1 from calls k where k.device_id = ${s.deviceId}
                  and k.created_at >= ${s.startedAt}
                  and k.created_at <= coalesce(${s.endedAt}, ${s.lastActivityAt}))
                or coalesce((select x.status = 'fallback' from conversations x where x.session_id = ${s.id}
                  order by x.at desc, x.id desc limit 1), false)
              ))::int as contained
            from ${s}
            where ${s.deviceId} = ${deviceId} and ${s.questions} > 0 and ${inRange(s.startedAt, r)}
            group by 1`,
      ),

    /**
     * Per local day: the visitors' ratings and the positive ones — a thumbs up on an answer, or
     * 4–5 of 5 on a live chat (rated when it ended).
     */
    satisfaction: (deviceId: number, r: DayRange) =>
      queryRows<{ day: string; ratings: number; satisfied: number }>(
        db,
        sql`select day, count(*)::int as ratings, count(*) filter (where good)::int as satisfied from (
              select ${localDay(c.at, r)} as day, ${c.rating} = 1 as good from ${c}
              where ${c.deviceId} = ${deviceId} and ${c.rating} is not null and ${inRange(c.at, r)}
            ) rated group by 1`,
      ),

    /** Per local day (quarter hours put on their day, which they never straddle): only days with a count. */
    byDay: (deviceId: number, r: DayRange) =>
      queryRows<{ day: string; conversations: number; fallback: number; sessions: number }>(
        db,
        sql`select to_char((t at time zone ${r.tz})::date, 'YYYY-MM-DD') as day,
              sum(conversations)::int as conversations, sum(fallback)::int as fallback,
              sum(sessions)::int as sessions
            from (${quarterRows(deviceId, r)}) counted
            group by 1`,
      ),

    /**
     * The range's totals, with the mean length in seconds of the sessions that asked something (an
     * open one lasts until its last question): the sum over the count, as avg() divides.
     */
    async totals(deviceId: number, r: DayRange) {
      const [row] = await queryRows<{
        conversations: number;
        fallback: number;
        sessions: number;
        average: number | null;
      }>(
        db,
        sql`select coalesce(sum(conversations), 0)::int as conversations,
              coalesce(sum(fallback), 0)::int as fallback, coalesce(sum(sessions), 0)::int as sessions,
              (sum(seconds) / nullif(sum(sessions), 0))::float8 as average
            from (${quarterRows(deviceId, r)}) counted`,
      );
      return row ?? { conversations: 0, fallback: 0, sessions: 0, average: null };
    },

    /**
     * The most asked answered intents. Names are the topic's current ones; a topic gone since
     * falls back to the name logged with its newest conversation.
     */
    faq: (deviceId: number, r: DayRange, limit: number) =>
      queryRows<FaqRow>(
        db,
        sql`
          with asked as (
            select ref_id as intent_id, n from (${faqCounts(deviceId, r, 'topic')}) topics
          ), named as (
            select 'topic' as kind, asked.intent_id, asked.n,
              coalesce(t.name, (
                select x.intent_name from conversations x
                where x.device_id = ${deviceId} and x.intent_id = asked.intent_id and x.intent_name is not null
                order by x.at desc limit 1
              )) as intent_name,
              coalesce(cat.name, (
                select x.category_name from conversations x
                where x.device_id = ${deviceId} and x.intent_id = asked.intent_id
                order by x.at desc limit 1
              )) as category
            from asked
            left join ai_topics t on t.id = asked.intent_id
            left join ai_categories cat on cat.id = t.category_id
          ), places as (
            select ref_id as location_id, n from (${faqCounts(deviceId, r, 'location')}) located_counts
          ), located as (
            select 'location' as kind, places.location_id as intent_id, places.n, l.name as intent_name,
              (select lc.name from location_category_links k join location_categories lc on lc.id = k.category_id
                where k.location_id = l.id order by lower(lc.name) limit 1) as category
            from places join locations l on l.id = places.location_id
          ), faq as (select * from named union all select * from located)
          select kind, intent_id::int as intent_id, coalesce(intent_name, '') as intent_name, category, n as count
          from faq
          order by n desc, lower(coalesce(intent_name, '')), kind desc, intent_id
          limit ${limit}`,
      ),
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
