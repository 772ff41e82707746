import { and, count, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { conversations as c, visitorSessions as s } from '../../db/schema.js';
import { inRange, type DayRange } from '../../lib/day-range.js';

/** Answered conversations per intent and per location, the most asked first. */
export interface FaqRow {
  kind: 'topic' | 'location';
  intent_id: number;
  intent_name: string;
  category: string | null;
  count: number;
}

/** The quarter hour (UTC) an instant falls in. */
const quarterHour = (column: SQLWrapper) =>
  sql`date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

const fallbacks = sql<number>`count(*) filter (where ${c.status} = 'fallback')`.mapWith(Number);

/** SQL of the dashboard figures: one device, one range, read from the conversation log. */
export function createDashboardRepo(db: Db) {
  const conversationsIn = (deviceId: number, r: DayRange) => and(eq(c.deviceId, deviceId), inRange(c.at, r));
  // `q_a_sessions`: a visitor session counts when it asked something.
  const qaSessionsIn = (deviceId: number, r: DayRange) =>
    and(eq(s.deviceId, deviceId), inRange(s.startedAt, r), gt(s.questions, 0));

  return {
    // Counted per 15-minute UTC bucket, then the buckets (at most 96 a day) are put on their local
    // day: converting every row to the zone was most of the cost. Exact because every zone's UTC
    // offset is a whole number of quarter hours, so no bucket straddles a local midnight (only
    // historic offsets were not, the last in 1972). `group by 1`: the zone is a parameter, so the
    // expression cannot be repeated.
    conversationsByDay: (deviceId: number, r: DayRange) =>
      queryRows<{ day: string; conversations: number; fallback: number }>(
        db,
        sql`select to_char((bucket at time zone ${r.tz})::date, 'YYYY-MM-DD') as day,
              sum(conversations)::int as conversations, sum(fallback)::int as fallback
            from (
              select ${quarterHour(c.at)} as bucket, count(*) as conversations,
                count(*) filter (where ${c.status} = 'fallback') as fallback
              from ${c} where ${conversationsIn(deviceId, r)} group by 1) per_bucket
            group by 1`,
      ),

    qaSessionsByDay: (deviceId: number, r: DayRange) =>
      queryRows<{ day: string; sessions: number }>(
        db,
        sql`select to_char((bucket at time zone ${r.tz})::date, 'YYYY-MM-DD') as day,
              sum(sessions)::int as sessions
            from (
              select ${quarterHour(s.startedAt)} as bucket, count(*) as sessions
              from ${s} where ${qaSessionsIn(deviceId, r)} group by 1) per_bucket
            group by 1`,
      ),

    async conversationTotals(deviceId: number, r: DayRange) {
      const [row] = await db
        .select({ conversations: count(), fallback: fallbacks })
        .from(c)
        .where(conversationsIn(deviceId, r));
      return row ?? { conversations: 0, fallback: 0 };
    },

    async qaSessions(deviceId: number, r: DayRange) {
      const [row] = await db.select({ n: count() }).from(s).where(qaSessionsIn(deviceId, r));
      return row?.n ?? 0;
    },

    /** Mean length in seconds of the sessions that asked something; an open one lasts until its last question. */
    async engagement(deviceId: number, r: DayRange) {
      const [row] = await db
        .select({
          average: sql<
            number | null
          >`avg(extract(epoch from (coalesce(${s.endedAt}, ${s.lastActivityAt}) - ${s.startedAt})))::float8`,
          sessions: count(),
        })
        .from(s)
        .where(qaSessionsIn(deviceId, r));
      return { average: row?.average ?? null, sessions: row?.sessions ?? 0 };
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
            select ${c.intentId} as intent_id, count(*)::int as n
            from ${c}
            where ${conversationsIn(deviceId, r)} and ${c.status} = 'answered' and ${c.intentId} is not null
            group by ${c.intentId}
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
            select ${c.locationId} as location_id, count(*)::int as n
            from ${c}
            where ${conversationsIn(deviceId, r)} and ${c.status} = 'location' and ${c.locationId} is not null
            group by ${c.locationId}
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
