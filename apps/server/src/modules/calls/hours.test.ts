import { describe, expect, it } from 'vitest';
import { isOffline, localTime } from './hours.js';

/** Offline outside office hours, written the way an operator would: overnight spans. */
const nights = [
  { day: 'weekdays', start: '18:00', end: '09:00' },
  { day: 'weekends', start: '00:00', end: '24:00' },
] as const;

describe('offline hours', () => {
  it('is never offline when no hours are set', () => {
    expect(isOffline([], 'Asia/Hong_Kong', new Date('2026-11-22T03:00:00Z'))).toBe(false);
  });

  it('is offline during a span, from start (included) to end (excluded)', () => {
    const lunch = [{ day: 'weekdays', start: '12:00', end: '13:00' }] as const;
    expect(isOffline(lunch, 'UTC', new Date('2026-11-23T11:59:00Z'))).toBe(false);
    expect(isOffline(lunch, 'UTC', new Date('2026-11-23T12:00:00Z'))).toBe(true);
    expect(isOffline(lunch, 'UTC', new Date('2026-11-23T12:59:00Z'))).toBe(true);
    expect(isOffline(lunch, 'UTC', new Date('2026-11-23T13:00:00Z'))).toBe(false);
    // Saturday: the span is for weekdays only.
    expect(isOffline(lunch, 'UTC', new Date('2026-11-28T12:30:00Z'))).toBe(false);
  });

  it('runs an overnight span (18:00→09:00) into the next morning', () => {
    // Monday 2026-11-23, UTC.
    expect(isOffline(nights, 'UTC', new Date('2026-11-23T17:59:00Z'))).toBe(false);
    expect(isOffline(nights, 'UTC', new Date('2026-11-23T18:00:00Z'))).toBe(true);
    expect(isOffline(nights, 'UTC', new Date('2026-11-23T23:59:00Z'))).toBe(true);
    // Tuesday morning belongs to Monday's span.
    expect(isOffline(nights, 'UTC', new Date('2026-11-24T00:00:00Z'))).toBe(true);
    expect(isOffline(nights, 'UTC', new Date('2026-11-24T08:59:00Z'))).toBe(true);
    expect(isOffline(nights, 'UTC', new Date('2026-11-24T09:00:00Z'))).toBe(false);
    expect(isOffline(nights, 'UTC', new Date('2026-11-24T12:00:00Z'))).toBe(false);
  });

  it("carries Friday night into Saturday and Sunday's into nothing: only the span's own day starts it", () => {
    const weekdayNights = [{ day: 'weekdays', start: '22:00', end: '06:00' }] as const;
    // Saturday 05:00 is Friday night's span.
    expect(isOffline(weekdayNights, 'UTC', new Date('2026-11-28T05:00:00Z'))).toBe(true);
    // Saturday 23:00: Saturday is no weekday, so its evening is not offline.
    expect(isOffline(weekdayNights, 'UTC', new Date('2026-11-28T23:00:00Z'))).toBe(false);
    // Monday 05:00: Sunday started no span.
    expect(isOffline(weekdayNights, 'UTC', new Date('2026-11-23T05:00:00Z'))).toBe(false);
    // Sunday night into Monday, on its own row: Monday 05:00 is offline.
    const sunday = [{ day: 'sunday', start: '22:00', end: '06:00' }] as const;
    expect(isOffline(sunday, 'UTC', new Date('2026-11-23T05:00:00Z'))).toBe(true);
    expect(isOffline(sunday, 'UTC', new Date('2026-11-23T06:00:00Z'))).toBe(false);
  });

  it('reads the hours in the device time zone, not the server one (Hong Kong, no summer time)', () => {
    // Monday 2026-11-23 09:30 in Hong Kong is 01:30 UTC: open.
    const at = new Date('2026-11-23T01:30:00Z');
    expect(localTime(at, 'Asia/Hong_Kong')).toEqual({ day: 'monday', time: '09:30' });
    expect(isOffline(nights, 'Asia/Hong_Kong', at)).toBe(false);
    // Tuesday 08:30 in Hong Kong (Tuesday 00:30 UTC) is in Monday night's span...
    expect(isOffline(nights, 'Asia/Hong_Kong', new Date('2026-11-24T00:30:00Z'))).toBe(true);
    // ...and Tuesday 10:00 there (02:00 UTC) is open, while in New York it is Monday 21:00: offline.
    expect(isOffline(nights, 'Asia/Hong_Kong', new Date('2026-11-24T02:00:00Z'))).toBe(false);
    expect(isOffline(nights, 'America/New_York', new Date('2026-11-24T02:00:00Z'))).toBe(true);
  });

  it('handles a half-hour offset zone (Kolkata +5:30) across midnight', () => {
    const rows = [{ day: 'monday', start: '23:30', end: '00:30' }] as const;
    // Monday 23:30 IST is 18:00 UTC; Tuesday 00:30 IST is 19:00 UTC.
    expect(isOffline(rows, 'Asia/Kolkata', new Date('2026-11-23T17:59:00Z'))).toBe(false);
    expect(isOffline(rows, 'Asia/Kolkata', new Date('2026-11-23T18:00:00Z'))).toBe(true);
    expect(isOffline(rows, 'Asia/Kolkata', new Date('2026-11-23T18:59:00Z'))).toBe(true);
    expect(isOffline(rows, 'Asia/Kolkata', new Date('2026-11-23T19:00:00Z'))).toBe(false);
  });

  it('treats an end of 24:00 as midnight and 00:00→24:00 as the whole day', () => {
    const rows = [
      { day: 'sunday', start: '20:00', end: '24:00' },
      { day: 'saturday', start: '00:00', end: '24:00' },
    ] as const;
    expect(isOffline(rows, 'UTC', new Date('2026-11-22T23:59:00Z'))).toBe(true); // Sunday
    expect(isOffline(rows, 'UTC', new Date('2026-11-23T00:00:00Z'))).toBe(false); // Monday
    expect(isOffline(rows, 'UTC', new Date('2026-11-28T00:00:00Z'))).toBe(true); // Saturday
    expect(isOffline(rows, 'UTC', new Date('2026-11-28T23:59:00Z'))).toBe(true);
  });

  it('follows summer time: 09:00 in New York is 13:00 UTC in July and 14:00 UTC in December', () => {
    const rows = [{ day: 'weekdays', start: '09:00', end: '10:00' }] as const;
    expect(isOffline(rows, 'America/New_York', new Date('2026-07-01T13:30:00Z'))).toBe(true);
    expect(isOffline(rows, 'America/New_York', new Date('2026-12-01T13:30:00Z'))).toBe(false);
    expect(isOffline(rows, 'America/New_York', new Date('2026-12-01T14:30:00Z'))).toBe(true);
  });
});
