import type { DayOption, OfflineHoursRow } from '@ambassador/contracts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const WEEKENDS = ['saturday', 'sunday'];

/** The weekday name and HH:MM at `at` in the IANA time zone (summer time included). */
export function localTime(at: Date, timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: get('weekday').toLowerCase(), time: `${get('hour')}:${get('minute')}` };
}

function dayMatches(option: DayOption, day: string): boolean {
  if (option === 'everyday') return true;
  if (option === 'weekdays') return WEEKDAYS.includes(day);
  if (option === 'weekends') return WEEKENDS.includes(day);
  return option === day;
}

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const dayBefore = (day: string) => WEEK[(WEEK.indexOf(day) + 6) % 7]!;

/**
 * Whether the desk is offline at `at`: `at` falls in a span of offline hours, read in the device's
 * time zone. A span covers its day from start (included) to end (excluded); one whose end is
 * earlier than its start runs overnight, into the next day until its end. No rows: never offline.
 */
export function isOffline(rows: readonly OfflineHoursRow[], timeZone: string, at: Date): boolean {
  if (rows.length === 0) return false;
  const { day, time } = localTime(at, timeZone);
  const yesterday = dayBefore(day);
  return rows.some((r) => {
    if (r.start < r.end) return dayMatches(r.day, day) && r.start <= time && time < r.end;
    // Overnight: the evening of its own day, and the morning of the next.
    return (dayMatches(r.day, day) && r.start <= time) || (dayMatches(r.day, yesterday) && time < r.end);
  });
}
