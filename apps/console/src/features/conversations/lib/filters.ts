import {
  CONVERSATION_SORTS,
  DEFAULT_RANGE_DAYS,
  PAGE_SIZE,
  type ConversationSort,
} from '@ambassador/contracts';
import { rangeFromParams, type DayRange } from '@/shared/lib/day-range';

/**
 * Conversation Review's filters, as they live in the address (so `/conversation?bookmarked=1`
 * works, and Back / Forward / reload keep them):
 * `start`, `end` (days) · `devices` (ids, comma joined) · `bookmarked=1` · `fallback=1` · `candidate=1` ·
 * `category` (one per name, repeated) · `exclude=1` · `q` · `topic` or `location` (an id, with `about`: its
 * name as the Dashboard showed it) · `sort`, `order` · `page` (from 1) · `size`.
 */
export type ConversationFilters = {
  range: DayRange;
  deviceIds: number[];
  bookmarked: boolean;
  fallback: boolean;
  /** Fell back, but had a candidate topic (the ones "Teach to …" can fix in one click). */
  candidate: boolean;
  categories: string[];
  /** Every category except those listed. */
  exclude: boolean;
  search: string;
  /** What answered them: one topic or one place (a Dashboard top question opened here). */
  answeredBy: AnsweredBy | null;
  sort: ConversationSort;
  order: 'asc' | 'desc';
  /** Zero-based. */
  page: number;
  pageSize: number;
};

export type AnsweredBy = { kind: 'topic' | 'location'; id: number; name: string };

export type FilterPatch = Partial<ConversationFilters>;

export const PAGE_SIZES = [PAGE_SIZE, 25, 50];
export const DEFAULT_SORT: ConversationSort = 'datetime';
export const DEFAULT_ORDER = 'desc';

/** The project's devices and the selected one: what "which devices" defaults to and may contain. */
export type DeviceContext = { deviceIds: number[]; selectedDevice: number | null };

function flag(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value === '1' || value === 'true';
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function readFilters(params: URLSearchParams, devices: DeviceContext): ConversationFilters {
  const known = new Set(devices.deviceIds);
  const listed = (params.get('devices') ?? '')
    .split(',')
    .map((part) => positiveInt(part.trim()))
    .filter((id): id is number => id !== null && (known.size === 0 || known.has(id)));
  const deviceIds =
    listed.length > 0
      ? [...new Set(listed)]
      : devices.selectedDevice !== null
        ? [devices.selectedDevice]
        : [];
  const sort = params.get('sort');
  const size = positiveInt(params.get('size'));
  const categories = [
    ...new Set(
      params
        .getAll('category')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  return {
    range: rangeFromParams(params, DEFAULT_RANGE_DAYS),
    deviceIds,
    bookmarked: flag(params, 'bookmarked'),
    fallback: flag(params, 'fallback'),
    candidate: flag(params, 'candidate'),
    categories,
    exclude: categories.length > 0 && flag(params, 'exclude'),
    search: (params.get('q') ?? '').trim(),
    answeredBy: answeredByOf(params),
    sort: (CONVERSATION_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ConversationSort)
      : DEFAULT_SORT,
    order: params.get('order') === 'asc' ? 'asc' : params.get('order') === 'desc' ? 'desc' : DEFAULT_ORDER,
    page: (positiveInt(params.get('page')) ?? 1) - 1,
    pageSize: size !== null && PAGE_SIZES.includes(size) ? size : PAGE_SIZE,
  };
}

function answeredByOf(params: URLSearchParams): AnsweredBy | null {
  const name = (params.get('about') ?? '').trim();
  const topic = positiveInt(params.get('topic'));
  if (topic !== null) return { kind: 'topic', id: topic, name };
  const location = positiveInt(params.get('location'));
  return location !== null ? { kind: 'location', id: location, name } : null;
}

function setFlag(params: URLSearchParams, name: string, on: boolean): void {
  if (on) params.set(name, '1');
  else params.delete(name);
}

/**
 * The address after a change. Any change but paging starts again at page 1 (a new filter
 * shows its first page); defaults are left out so addresses stay short.
 */
export function writeFilters(current: URLSearchParams, patch: FilterPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  if (patch.range) {
    next.set('start', patch.range.start);
    next.set('end', patch.range.end);
  }
  if (patch.deviceIds) next.set('devices', patch.deviceIds.join(','));
  if (patch.bookmarked !== undefined) setFlag(next, 'bookmarked', patch.bookmarked);
  if (patch.fallback !== undefined) setFlag(next, 'fallback', patch.fallback);
  if (patch.candidate !== undefined) setFlag(next, 'candidate', patch.candidate);
  if (patch.categories) {
    next.delete('category');
    for (const name of patch.categories) next.append('category', name);
    if (patch.categories.length === 0) next.delete('exclude');
  }
  if (patch.exclude !== undefined) setFlag(next, 'exclude', patch.exclude && next.has('category'));
  if (patch.search !== undefined) {
    const search = patch.search.trim();
    if (search) next.set('q', search);
    else next.delete('q');
  }
  if (patch.answeredBy !== undefined) {
    for (const name of ['topic', 'location', 'about']) next.delete(name);
    if (patch.answeredBy) {
      next.set(patch.answeredBy.kind, String(patch.answeredBy.id));
      if (patch.answeredBy.name) next.set('about', patch.answeredBy.name);
    }
  }
  if (patch.sort !== undefined) {
    if (patch.sort === DEFAULT_SORT && (patch.order ?? DEFAULT_ORDER) === DEFAULT_ORDER) {
      next.delete('sort');
      next.delete('order');
    } else {
      next.set('sort', patch.sort);
      next.set('order', patch.order ?? DEFAULT_ORDER);
    }
  }
  if (patch.pageSize !== undefined) {
    if (patch.pageSize === PAGE_SIZE) next.delete('size');
    else next.set('size', String(patch.pageSize));
  }
  if (patch.page !== undefined && patch.page > 0) next.set('page', String(patch.page + 1));
  else next.delete('page');
  return next;
}

/** Whether anything but the defaults narrows the list (offers "Clear filters"). */
export function isNarrowed(params: URLSearchParams): boolean {
  return [
    'start',
    'end',
    'devices',
    'bookmarked',
    'fallback',
    'candidate',
    'category',
    'q',
    'topic',
    'location',
  ].some((name) => params.has(name));
}

/** The filter part of GET /conversation and /conversation/download. */
export function filterQuery(filters: ConversationFilters, tz: string) {
  return {
    start_datetime: filters.range.start,
    end_datetime: filters.range.end,
    tz,
    device_ids: filters.deviceIds,
    ...(filters.bookmarked && { bookmarked: true }),
    ...(filters.fallback && { fallback: true }),
    ...(filters.candidate && { candidate: true }),
    ...(filters.categories.length > 0 && { category: filters.categories.join(',') }),
    ...(filters.exclude && { exclude: true }),
    ...(filters.search && { search: filters.search }),
    ...(filters.answeredBy?.kind === 'topic' && { topic_id: filters.answeredBy.id }),
    ...(filters.answeredBy?.kind === 'location' && { location_id: filters.answeredBy.id }),
    sort_by: filters.sort,
    order: filters.order,
  };
}

export type ConversationListQuery = ReturnType<typeof filterQuery> & { limit: number; offset: number };

export function listQuery(filters: ConversationFilters, tz: string): ConversationListQuery {
  return { ...filterQuery(filters, tz), limit: filters.pageSize, offset: filters.page * filters.pageSize };
}

/** The export is saved as `{start}-{end}-Conversation.xlsx`, the range's first and last day. */
export function exportFilename(range: DayRange): string {
  return `${range.start}-${range.end}-Conversation.xlsx`;
}
