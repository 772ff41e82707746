import { describe, expect, it } from 'vitest';
import { lastDays } from '@/shared/lib/day-range';
import { exportFilename, filterQuery, isNarrowed, listQuery, readFilters, writeFilters } from './filters';

const devices = { deviceIds: [7, 8, 9], selectedDevice: 7 };
const read = (search: string) => readFilters(new URLSearchParams(search), devices);

describe('conversation filters in the address', () => {
  it('defaults to the selected device, the last 7 days, newest first, page 1', () => {
    const filters = read('');
    expect(filters).toMatchObject({
      range: lastDays(7),
      deviceIds: [7],
      bookmarked: false,
      fallback: false,
      candidate: false,
      categories: [],
      exclude: false,
      search: '',
      sort: 'datetime',
      order: 'desc',
      page: 0,
      pageSize: 10,
    });
  });

  it('reads every filter back from what it wrote', () => {
    const params = writeFilters(new URLSearchParams(), {
      range: { start: '2025-01-01', end: '2025-01-31' },
      deviceIds: [8, 9],
      bookmarked: true,
      fallback: true,
      candidate: true,
      categories: ['Facilities', 'Food, drinks'],
      exclude: true,
      search: ' 洗手間 ',
      sort: 'score',
      order: 'asc',
    });
    expect(readFilters(params, devices)).toMatchObject({
      range: { start: '2025-01-01', end: '2025-01-31' },
      deviceIds: [8, 9],
      bookmarked: true,
      fallback: true,
      candidate: true,
      categories: ['Facilities', 'Food, drinks'],
      exclude: true,
      search: '洗手間',
      sort: 'score',
      order: 'asc',
    });
  });

  it('goes back to page 1 on any change but paging', () => {
    const onPage3 = writeFilters(new URLSearchParams(), { page: 2 });
    expect(onPage3.get('page')).toBe('3');
    expect(writeFilters(onPage3, { fallback: true }).has('page')).toBe(false);
    expect(writeFilters(onPage3, { sort: 'device', order: 'asc' }).has('page')).toBe(false);
  });

  it('ignores devices outside the project and values it does not know', () => {
    expect(read('devices=8,99,x&sort=password&order=up&page=-2&size=1000')).toMatchObject({
      deviceIds: [8],
      sort: 'datetime',
      order: 'desc',
      page: 0,
      pageSize: 10,
    });
    expect(read('devices=99').deviceIds).toEqual([7]);
    expect(read('start=2025-02-10&end=2025-02-01').range).toEqual(lastDays(7));
  });

  it('drops exclude with the last category', () => {
    const params = writeFilters(new URLSearchParams(), { categories: ['Parking'], exclude: true });
    expect(params.get('exclude')).toBe('1');
    const cleared = writeFilters(params, { categories: [] });
    expect(cleared.has('exclude')).toBe(false);
    expect(read('exclude=1').exclude).toBe(false);
  });

  it('builds the query of the list call and the export name', () => {
    const filters = read('start=2025-03-01&end=2025-03-07&devices=7,8&category=A&category=B&q=wifi&page=2');
    expect(listQuery(filters, 'Asia/Hong_Kong')).toEqual({
      start_datetime: '2025-03-01',
      end_datetime: '2025-03-07',
      tz: 'Asia/Hong_Kong',
      device_ids: [7, 8],
      category: 'A,B',
      search: 'wifi',
      sort_by: 'datetime',
      order: 'desc',
      limit: 10,
      offset: 10,
    });
    expect(filterQuery(filters, 'UTC')).not.toHaveProperty('limit');
    expect(exportFilename(filters.range)).toBe('2025-03-01-2025-03-07-Conversation.xlsx');
  });

  it('knows when the list is narrowed beyond the defaults', () => {
    expect(isNarrowed(new URLSearchParams('sort=score&order=asc&page=2'))).toBe(false);
    expect(isNarrowed(new URLSearchParams('bookmarked=1'))).toBe(true);
    expect(isNarrowed(new URLSearchParams('candidate=1'))).toBe(true);
  });

  it('asks only for fallbacks that had a candidate when that switch is on', () => {
    expect(filterQuery(read('candidate=1'), 'UTC')).toMatchObject({ candidate: true });
    expect(filterQuery(read(''), 'UTC')).not.toHaveProperty('candidate');
  });

  it('narrows to what one topic or place answered, named as the Dashboard showed it', () => {
    const params = new URLSearchParams('topic=3&about=Opening%20hours&start=2026-12-01&end=2026-12-04');
    const filters = readFilters(params, devices);
    expect(filters.answeredBy).toEqual({ kind: 'topic', id: 3, name: 'Opening hours' });
    expect(filterQuery(filters, 'UTC')).toMatchObject({ topic_id: 3 });
    expect(filterQuery(filters, 'UTC')).not.toHaveProperty('location_id');
    expect(isNarrowed(params)).toBe(true);
    const place = readFilters(new URLSearchParams('location=9&about=Pharmacy'), devices);
    expect(filterQuery(place, 'UTC')).toMatchObject({ location_id: 9 });
    // Removing it leaves the rest of the address as it was.
    const cleared = writeFilters(params, { answeredBy: null });
    expect([...cleared.keys()].sort()).toEqual(['end', 'start']);
    expect(readFilters(new URLSearchParams('topic=abc'), devices).answeredBy).toBeNull();
  });
});
