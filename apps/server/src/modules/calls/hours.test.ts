import { describe, expect, it } from 'vitest';
import { isWithinHours, localTime } from './hours.js';

const office = [{ day: 'weekdays', start: '09:00', end: '18:00' }] as const;

describe('offline hours', () => {
  it('takes calls at any time when no hours are set', () => {
    expect(isWithinHours([], 'Asia/Hong_Kong', new Date('2026-11-22T03:00:00Z'))).toBe(true);
  });

  it('reads the hours in the device time zone, not the server one', () => {
    // Monday 2026-11-23 09:30 in Hong Kong is 01:30 UTC.
    const at = new Date('2026-11-23T01:30:00Z');
    expect(localTime(at, 'Asia/Hong_Kong')).toEqual({ day: 'monday', time: '09:30' });
    expect(isWithinHours(office, 'Asia/Hong_Kong', at)).toBe(true);
    // The same instant is Sunday 20:30 in New York: a weekend, outside.
    expect(isWithinHours(office, 'America/New_York', at)).toBe(false);
  });

  it('includes the start and excludes the end', () => {
    expect(isWithinHours(office, 'UTC', new Date('2026-11-23T09:00:00Z'))).toBe(true);
    expect(isWithinHours(office, 'UTC', new Date('2026-11-23T17:59:00Z'))).toBe(true);
    expect(isWithinHours(office, 'UTC', new Date('2026-11-23T18:00:00Z'))).toBe(false);
    expect(isWithinHours(office, 'UTC', new Date('2026-11-23T08:59:00Z'))).toBe(false);
  });

  it('knows weekends and single days, and any matching row counts', () => {
    const rows = [
      { day: 'weekends', start: '10:00', end: '16:00' },
      { day: 'friday', start: '18:00', end: '22:00' },
    ] as const;
    expect(isWithinHours(rows, 'UTC', new Date('2026-11-22T11:00:00Z'))).toBe(true); // Sunday
    expect(isWithinHours(rows, 'UTC', new Date('2026-11-27T19:00:00Z'))).toBe(true); // Friday evening
    expect(isWithinHours(rows, 'UTC', new Date('2026-11-27T11:00:00Z'))).toBe(false); // Friday morning
  });

  it('follows summer time: 09:00 in New York is 13:00 UTC in July and 14:00 UTC in December', () => {
    const rows = [{ day: 'weekdays', start: '09:00', end: '10:00' }] as const;
    expect(isWithinHours(rows, 'America/New_York', new Date('2026-07-01T13:30:00Z'))).toBe(true);
    expect(isWithinHours(rows, 'America/New_York', new Date('2026-12-01T13:30:00Z'))).toBe(false);
    expect(isWithinHours(rows, 'America/New_York', new Date('2026-12-01T14:30:00Z'))).toBe(true);
  });

  it('handles a half-hour offset zone (Kolkata +5:30)', () => {
    const rows = [{ day: 'monday', start: '09:00', end: '09:30' }] as const;
    expect(isWithinHours(rows, 'Asia/Kolkata', new Date('2026-11-23T03:35:00Z'))).toBe(true); // 09:05
    expect(isWithinHours(rows, 'Asia/Kolkata', new Date('2026-11-23T04:00:00Z'))).toBe(false); // 09:30
  });

  it('offers an end of 24:00 for hours that run to midnight', () => {
    const rows = [{ day: 'sunday', start: '20:00', end: '24:00' }] as const;
    expect(isWithinHours(rows, 'UTC', new Date('2026-11-22T23:59:00Z'))).toBe(true);
  });
});
