import { z } from 'zod';
import { ZId } from './common.js';
import { rule } from './rules.js';

/**
 * What the console's search (Ctrl+K) finds on the server, in the order it lists them. Routes are
 * found by the console itself, from its own navigation.
 */
export const SEARCH_KINDS = [
  'topic',
  'phrase',
  'response',
  'location',
  'unit',
  'document',
  'event',
  'user',
] as const;
export const ZSearchKind = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof ZSearchKind>;

/** Hits of one kind at most: a search lists the best few of each, not pages of one. */
export const SEARCH_PER_KIND = 5;

export const ZSearchQuery = z.object({
  device_id: ZId,
  /** Words as typed; one character is enough in Chinese. */
  q: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(120, rule('maximum_characters', { max: 120 })),
});
export type SearchQuery = z.input<typeof ZSearchQuery>;

export const ZSearchHit = z.object({
  kind: ZSearchKind,
  /** The thing itself (a topic's, a location's …); for a phrase or a response, its own row. */
  id: z.number().int(),
  /** What the list shows first: a name, a phrase, the start of a response. */
  title: z.string(),
  /** Where it is: the topic a phrase or response belongs to, a unit's number, a file's status … */
  detail: z.string().nullable(),
  /** The page it opens on: a phrase's or response's topic; otherwise the same as `id`. */
  target_id: z.number().int(),
  /** The language of a phrase or response (a language code), else null. */
  language: z.string().nullable(),
  /** A state the console puts in words: a document's status, `active` for the event on show, a user's role. */
  state: z.string().nullable(),
});
export type SearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchResult = z.object({
  hits: z.array(ZSearchHit),
  /** Kinds the caller may not see (their role's pages), left out rather than shown empty. */
  hidden: z.array(ZSearchKind),
});
export type SearchResult = z.infer<typeof ZSearchResult>;
