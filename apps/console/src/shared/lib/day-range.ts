/**
 * Calendar days as `YYYY-MM-DD` in the browser's time zone: what the dashboard and the
 * conversation filters send as `start_datetime` / `end_datetime` together with `tz`.
 */
export type DayRange = { start: string; end: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Rejects 2025-02-30 and the like, which Date would roll over.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The local calendar day of a moment. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function today(): string {
  return dayOf(new Date());
}

/** Day arithmetic in UTC, so a daylight-saving change never skips or repeats a day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days in the range, both ends included (1 for a single day). */
export function daysIn(range: DayRange): number {
  return (
    Math.round((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / MS_PER_DAY) +
    1
  );
}

/** The last `days` days, today included (review and dashboard start on DEFAULT_RANGE_DAYS: 7). */
export function lastDays(days: number, end: string = today()): DayRange {
  return { start: addDays(end, -(days - 1)), end };
}

/** The range in `start` / `end` search params, or the last `defaultDays` days when they are unusable. */
export function rangeFromParams(params: URLSearchParams, defaultDays: number): DayRange {
  const start = params.get('start');
  const end = params.get('end');
  const fallback = lastDays(defaultDays);
  if (isDay(start) && isDay(end)) return start <= end ? { start, end } : fallback;
  if (isDay(start)) return start <= fallback.end ? { start, end: fallback.end } : fallback;
  if (isDay(end)) return { start: addDays(end, -(defaultDays - 1)), end };
  return fallback;
}

let zone: string | undefined;

/**
 * The IANA time zone the days are meant in; the server counts days in it. Read once per page load:
 * making an Intl.DateTimeFormat costs a millisecond or more on a phone, and screens ask on every render.
 */
export function browserTimeZone(): string {
  if (zone === undefined) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      zone = 'UTC';
    }
  }
  return zone;
}
