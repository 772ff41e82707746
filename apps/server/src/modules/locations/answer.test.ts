import { describe, expect, it } from 'vitest';
import { ZOpeningHoursSpan } from '@ambassador/contracts';
import { findLocation, foldLocations, openAt } from './answer.js';
import { locationBuilder } from '../../test/location-fixtures.js';

const row = locationBuilder(['cantonese', 'english', 'mandarin']);

const hall = row(1, 'Lecture Hall 3', {
  details: {
    cantonese: { name: '第三演講廳', address: '', phone_number: '', image: '', opening_hours: [] },
  },
});
const xray = row(2, 'X-ray room', { aliases: ['radiology'] });
const cafe = row(3, 'Cafe', { categories: [{ category_id: 9, category_name: 'Food court' }] });
const closed = row(4, 'Gift shop', { isActive: false });
const ROWS = foldLocations([hall, xray, cafe, closed]);

describe('finding the location a question asks for', () => {
  it.each([
    ['How do I get to lecture hall 3?', 1],
    ['第三演講廳喺邊度？', 1],
    ['第三演讲厅在哪里', 1],
    ["Where's radiology?", 2],
    ['X光室 where is the x-ray room', 2],
    ['Where is the food court?', 3],
  ])('%s → location %i', (question, id) => {
    expect(findLocation(question, ROWS)?.location.id).toBe(id);
  });

  it('answers a bare name, but not a question that only mentions a place without asking where', () => {
    expect(findLocation('Cafe', ROWS)?.location.id).toBe(3);
    expect(findLocation('Is the cafe food good?', ROWS)).toBeNull();
  });

  it('never answers with an inactive location or a place the device does not have', () => {
    expect(findLocation('Where is the gift shop?', ROWS)).toBeNull();
    expect(findLocation('Where is the cinema?', ROWS)).toBeNull();
  });
});

describe('open now', () => {
  // Friday 2026-11-27 in Hong Kong (UTC+8).
  const at = (local: string) => new Date(`${local}+08:00`);
  const night = [{ day: 'friday' as const, start: '22:00', end: '02:00', overnight: true }];

  it('reads overnight hours into the next morning, in the device time zone', () => {
    expect(openAt(night, 'Asia/Hong_Kong', at('2026-11-27T23:30:00'))).toBe(true);
    expect(openAt(night, 'Asia/Hong_Kong', at('2026-11-28T01:59:00'))).toBe(true);
    expect(openAt(night, 'Asia/Hong_Kong', at('2026-11-28T02:00:00'))).toBe(false);
    expect(openAt(night, 'Asia/Hong_Kong', at('2026-11-27T21:00:00'))).toBe(false);
    // The same instant in UTC is still Friday afternoon.
    expect(openAt(night, 'UTC', at('2026-11-27T23:30:00'))).toBe(false);
  });

  it('reads "every day" as each of the seven days', () => {
    const daily = [ZOpeningHoursSpan.parse({ day: 'everyday', start: '09:00', end: '17:00' })];
    // Friday, Saturday, Sunday and Monday mornings: open; the evening: closed.
    for (const day of ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']) {
      expect(openAt(daily, 'Asia/Hong_Kong', at(`${day}T10:00:00`))).toBe(true);
      expect(openAt(daily, 'Asia/Hong_Kong', at(`${day}T18:00:00`))).toBe(false);
    }
    const nightly = [{ day: 'everyday' as const, start: '22:00', end: '02:00', overnight: true }];
    expect(openAt(nightly, 'Asia/Hong_Kong', at('2026-11-29T01:00:00'))).toBe(true);
  });

  it('reads an end of 00:00 as midnight, and knows nothing without hours', () => {
    const evening = [{ day: 'weekdays' as const, start: '18:00', end: '00:00', overnight: false }];
    expect(openAt(evening, 'Asia/Hong_Kong', at('2026-11-27T23:59:00'))).toBe(true);
    expect(openAt([], 'Asia/Hong_Kong', at('2026-11-27T23:59:00'))).toBeNull();
  });
});
