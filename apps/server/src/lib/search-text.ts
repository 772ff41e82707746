import type { SearchHit, SearchKind } from '@ambassador/contracts';
import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { toSimplified } from '../matcher/text.js';
import { likePattern } from './sql.js';

/**
 * The forms a search looks for: as typed and, for Chinese typed in Traditional, in Simplified too
 * ("停車場" finds a "停车场" written on a mainland device).
 */
export function searchForms(text: string): string[] {
  const simplified = toSimplified(text);
  return simplified === text ? [text] : [text, simplified];
}

/** Any of `columns` holds any form of `text`, case aside. */
export function holds(columns: (AnyColumn | SQL)[], text: string): SQL {
  return or(...searchForms(text).flatMap((form) => columns.map((c) => ilike(c, likePattern(form)))))!;
}

/** Whether `value` holds any form of `text`, case aside (which of two columns a hit came from). */
export function contains(value: string, text: string): boolean {
  const lower = value.toLowerCase();
  return searchForms(text.toLowerCase()).some((form) => lower.includes(form));
}

/**
 * The part of a long text around where `text` is in it, so a hit in a paragraph shows why it was
 * found: at most `width` characters, with an ellipsis where it was cut.
 */
export function around(value: string, text: string, width = 90): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat.length <= width) return flat;
  const lower = flat.toLowerCase();
  const at = Math.max(0, ...searchForms(text.toLowerCase()).map((form) => lower.indexOf(form)));
  const start = Math.max(0, Math.min(at - Math.floor(width / 3), flat.length - width));
  const piece = flat.slice(start, start + width).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + width < flat.length ? '…' : ''}`;
}

/** A hit as most kinds give it: it opens on itself, with no detail, language or state unless said. */
export function hitOf(
  kind: SearchKind,
  id: number,
  title: string,
  more: Partial<Pick<SearchHit, 'detail' | 'target_id' | 'language' | 'state'>> = {},
): SearchHit {
  return { kind, id, title, detail: null, target_id: id, language: null, state: null, ...more };
}
