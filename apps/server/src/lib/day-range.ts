import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { badRequest } from './errors.js';
import { failedRule, invalidInput } from './validate.js';

const DAY_MS = 86_400_000;

/** Calendar days `start`..`end` (both included) in the IANA time zone `tz`. */
export interface DayRange {
  start: string;
  end: string;
  tz: string;
  /** How many days the range covers. */
  days: number;
}

/** UTC midnight of a `YYYY-MM-DD` day; undefined for days that do not exist (2026-02-30). */
function dayMs(day: string): number | undefined {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return undefined;
  // PostgreSQL has no year 0, and nobody reviews conversations from before the year 1000.
  return Number(day.slice(0, 4)) >= 1000 ? ms : undefined;
}

/** Checks what the contract's regex cannot: real days, and at most `maxDays` of them. */
export function dayRange(
  q: { start_datetime: string; end_datetime: string; tz: string },
  maxDays?: number,
): DayRange {
  const start = dayMs(q.start_datetime);
  const end = dayMs(q.end_datetime);
  if (start === undefined)
    throw invalidInput([failedRule('start_datetime', 'not_a_date', { value: q.start_datetime })]);
  if (end === undefined)
    throw invalidInput([failedRule('end_datetime', 'not_a_date', { value: q.end_datetime })]);
  const days = Math.round((end - start) / DAY_MS) + 1;
  if (maxDays !== undefined && days > maxDays) {
    throw badRequest(`Choose at most ${maxDays} days.`, 'range_too_long');
  }
  return { start: q.start_datetime, end: q.end_datetime, tz: q.tz, days };
}

/** Every day of the range, in order. */
export function daysOf(r: DayRange): string[] {
  const first = dayMs(r.start)!;
  return Array.from({ length: r.days }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

/**
 * `column` within the range: from the first day's midnight in tz to the midnight after the last
 * day. Both bounds are constants of the query, so an index on the column serves it.
 */
export const inRange = (column: SQLWrapper, r: DayRange): SQL => {
  const { from, to } = rangeBounds(r);
  return sql`${column} >= ${from} and ${column} < ${to}`;
};

/** The instants the range runs from (included) and to (excluded): local midnights in tz. */
export const rangeBounds = (r: DayRange): { from: SQL; to: SQL } => ({
  from: sql`((${r.start}::date)::timestamp at time zone ${r.tz})`,
  to: sql`(((${r.end}::date) + 1)::timestamp at time zone ${r.tz})`,
});

/** The database does not know a zone that the browser knew (its tz data is older): a 400, not a 500. */
export function rethrowUnknownZone(e: unknown): never {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err?.code ?? err?.cause?.code;
  const message = `${err?.message ?? ''} ${err?.cause?.message ?? ''}`;
  if (code === '22023' && message.includes('time zone')) {
    throw invalidInput([failedRule('tz', 'unknown_time_zone')]);
  }
  throw e;
}
