import { describe, expect, it } from 'vitest';
import { formatDay, formatDuration, formatRate } from './format';

describe('dashboard formats', () => {
  it('shows engagement time as m:ss, or h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(599.6)).toBe('10:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('shows a dash when there is no engagement time', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
  });

  it('gives the fallback rate with one decimal, and a dash without conversations', () => {
    expect(formatRate(1, 3, 'en')).toBe('33.3%');
    expect(formatRate(0, 5, 'en')).toBe('0%');
    expect(formatRate(0, 0, 'en')).toBe('—');
  });

  it('names days in the interface language without shifting them by the time zone', () => {
    expect(formatDay('2025-03-04', 'en')).toBe('Mar 4');
    expect(formatDay('2025-03-04', 'zhHant', true)).toBe('2025年3月4日');
  });
});
