import { describe, expect, it } from 'vitest';
import { formatRelative } from './relative-time';

const now = Date.parse('2025-03-04T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('says how long ago in English', () => {
    expect(formatRelative(ago(10), 'en', now)).toBe('now');
    expect(formatRelative(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatRelative(ago(3600), 'en', now)).toBe('1 hour ago');
    expect(formatRelative(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(formatRelative(ago(3 * 24 * 3600), 'en', now)).toBe('3 days ago');
    expect(formatRelative(ago(400 * 24 * 3600), 'en', now)).toBe('last year');
  });

  it('says it in Chinese for the Chinese interfaces', () => {
    expect(formatRelative(ago(5 * 60), 'zhHant', now)).toBe('5 分鐘前');
    expect(formatRelative(ago(5 * 60), 'zhHans', now)).toBe('5分钟前');
  });

  it('reads a clock a little ahead as now, and nothing for no time', () => {
    expect(formatRelative(new Date(now + 20_000).toISOString(), 'en', now)).toBe('now');
    expect(formatRelative(null, 'en', now)).toBe('');
    expect(formatRelative('not a date', 'en', now)).toBe('');
  });
});
