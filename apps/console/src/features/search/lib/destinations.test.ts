import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@ambassador/contracts';
import { pathOf, screensMatching } from './destinations';

const hit = (over: Partial<SearchHit>): SearchHit => ({
  kind: 'topic',
  id: 1,
  title: 'x',
  detail: null,
  target_id: 1,
  language: null,
  state: null,
  ...over,
});

describe('where a search hit opens', () => {
  it('opens a phrase or response on its topic, not on its own row', () => {
    expect(pathOf(hit({ kind: 'phrase', id: 90, target_id: 7 }))).toBe('/ai/keyword/question/7');
    expect(pathOf(hit({ kind: 'response', id: 91, target_id: 7 }))).toBe('/ai/keyword/question/7');
  });
  it('filters a list to a location, a document or a unit by what the list searches', () => {
    expect(pathOf(hit({ kind: 'location', title: 'Café & Bar' }))).toBe(
      '/ai/location?q=Caf%C3%A9%20%26%20Bar',
    );
    expect(pathOf(hit({ kind: 'document', title: 'guide.pdf' }))).toBe('/ai/mrc?q=guide.pdf');
    expect(pathOf(hit({ kind: 'unit', title: 'Harbour Dental', detail: 'G12' }))).toBe('/interface?unit=G12');
  });
  it('opens an event’s or a user’s editor', () => {
    expect(pathOf(hit({ kind: 'event', target_id: 4 }))).toBe('/event?open=4');
    expect(pathOf(hit({ kind: 'user', target_id: 2 }))).toBe('/setting/users?open=2');
  });
});

describe('screens found by name', () => {
  const zh: Record<string, string> = { event: '活動管理', setting_users: '用戶設定' };
  const en: Record<string, string> = { event: 'Event Manager', setting_users: 'User Settings' };
  const nameOf = (s: string) => zh[s] ?? s;
  const englishOf = (s: string) => en[s] ?? s;

  it('in the interface language or in English', () => {
    expect(screensMatching('活動', 'all', nameOf, englishOf).map((s) => s.path)).toEqual(['/event']);
    expect(screensMatching('event', 'all', nameOf, englishOf).map((s) => s.path)).toEqual(['/event']);
  });
  it('only the screens the caller may open', () => {
    expect(screensMatching('user', ['/event'], nameOf, englishOf)).toEqual([]);
    expect(screensMatching('user', 'all', nameOf, englishOf).map((s) => s.path)).toEqual(['/setting/users']);
  });
  it('nothing for an empty text', () => {
    expect(screensMatching('  ', 'all', nameOf, englishOf)).toEqual([]);
  });
});
