import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rangeBounds, type DayRange } from '../lib/day-range.js';
import { conversations as c, dashboardQuarters as q } from './schema.js';

/**
 * Reading the roll-ups of the conversation log (db/schema/dashboard.ts, kept by the triggers of
 * drizzle/0025_dashboard_rollup.sql): the dashboard's figures and the review's totals.
 */

/** Where the roll-ups' bins start (the triggers bin the same way). */
const ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

/**
 * The range cut at bins of `width`: the whole bins inside it, read from a roll-up, and the edges
 * before the first and after the last whole bin, read from the log itself. With no whole bin
 * inside, the first edge is the whole range and the second is empty.
 */
export function cut(r: DayRange, width: '15 minutes' | '1 day') {
  const { from, to } = rangeBounds(r);
  const w = sql.raw(`interval '${width}'`);
  const first = sql`(date_bin(${w}, ${from} - interval '1 microsecond', ${ORIGIN}) + ${w})`;
  const last = sql`date_bin(${w}, ${to}, ${ORIGIN})`;
  return {
    whole: (column: SQLWrapper) => sql`${column} >= ${first} and ${column} < ${last}`,
    edges: [
      (column: SQLWrapper) => sql`${column} >= ${from} and ${column} < least(${first}, ${to})`,
      (column: SQLWrapper) => sql`${column} >= greatest(${last}, ${first}) and ${column} < ${to}`,
    ],
  };
}

/**
 * How many conversations (or only fallbacks) the devices logged in the range: a year of a busy
 * device is ≈ 17,000 quarter hours to add instead of 900,000 rows to count.
 */
export function loggedCount(deviceIds: number[], r: DayRange, fallbackOnly: boolean): SQL {
  const { whole, edges } = cut(r, '15 minutes');
  const ids = sql`array[${sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const fallback = fallbackOnly ? sql`and ${c.status} = 'fallback'` : sql``;
  const raw = edges.map(
    (edge) => sql`
      union all
      select count(*) from ${c} where ${c.deviceId} = any(${ids}) and ${edge(c.at)} ${fallback}`,
  );
  return sql`select coalesce(sum(n), 0)::int as n from (
      select ${fallbackOnly ? q.fallback : q.conversations} as n from ${q}
      where ${q.deviceId} = any(${ids}) and ${whole(q.bucket)}
      ${sql.join(raw, sql` `)}) counted`;
}
