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
  if (option === 'weekdays') return WEEKDAYS.includes(day);
  if (option === 'weekends') return WEEKENDS.includes(day);
  return option === day;
}

/**
 * Whether calls are taken at `at`: no rows means always; otherwise `at` must fall in a row of its
 * weekday, from start (included) to end (excluded), in the device's time zone.
 */
export function isWithinHours(rows: readonly OfflineHoursRow[], timeZone: string, at: Date): boolean {
  if (rows.length === 0) return true;
  const { day, time } = localTime(at, timeZone);
  return rows.some((r) => dayMatches(r.day, day) && r.start <= time && time < r.end);
}
