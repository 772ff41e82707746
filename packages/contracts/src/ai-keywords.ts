import { z } from 'zod';
import { ZLanguage } from './access-schemas.js';
import { ZId, ZPaging, ZSortOrder } from './common.js';
import { rule } from './rules.js';
import { ZDeviceRef } from './ai-common.js';
import { ZTopicRef } from './ai-topics.js';
import { ZBulkSelection } from './undo.js';

// ---------------------------------------------------------------- keywords and training phrases

export const KEYWORD_KINDS = ['keyword', 'phrase'] as const;
export const ZKeywordText = z
  .string({ error: rule('text_empty') })
  .trim()
  .min(1, rule('text_empty'))
  .max(200, rule('maximum_characters', { max: 200 }));

export const ZKeywordConflict = z.object({ intent_id: z.number().int(), intent_name: z.string() });
export const ZKeyword = z.object({
  id: z.number().int(),
  intent_id: z.number().int(),
  language: ZLanguage,
  text: z.string(),
  /** keyword: typed by an operator; phrase: a trained utterance. */
  kind: z.enum(KEYWORD_KINDS),
  /** Other topics of the device that use the same keyword or phrase (after folding). */
  conflicts: z.array(ZKeywordConflict),
  created_at: z.string(),
});
export type Keyword = z.infer<typeof ZKeyword>;

export const ZKeywordsQuery = ZDeviceRef.extend({ intent_id: ZId, language: ZLanguage.optional() });
export const ZKeywordsResponse = z.array(ZKeyword);
export const ZCreateKeywordRequest = ZDeviceRef.extend({
  intent_id: ZId,
  language: ZLanguage,
  text: ZKeywordText,
  /** keyword (the default): matched as said; phrase: a training phrase, as POST …/intents/train makes. */
  kind: z.enum(KEYWORD_KINDS).default('keyword'),
});
export type CreateKeywordRequest = z.input<typeof ZCreateKeywordRequest>;
export const ZUpdateKeywordRequest = ZDeviceRef.extend({ id: ZId, text: ZKeywordText });
export const ZKeywordCheckQuery = ZDeviceRef.extend({
  intent_id: ZId,
  language: ZLanguage,
  text: z.string().trim().min(1).max(200),
});
export const ZKeywordCheckResponse = z.object({
  /** The same text already on this topic in this language. */
  duplicate: z.boolean(),
  conflicts: z.array(ZKeywordConflict),
  /**
   * Another topic whose taught phrases mean what this text means more nearly than this topic's do
   * (cosine of the sentence model, 0..1): visitors asking it may get that topic. Null when none is,
   * or when the device answers by words only.
   */
  closer_to: ZKeywordConflict.extend({ similarity: z.number() }).nullable(),
});

export const ZTrainRequest = ZDeviceRef.extend({
  intent_id: ZId,
  language: ZLanguage,
  text: ZKeywordText,
});
export type TrainRequest = z.input<typeof ZTrainRequest>;

// ---------------------------------------------------------------- aliases (entities)

export const ZAliasText = z
  .string()
  .trim()
  .min(1, rule('text_empty'))
  .max(80, rule('maximum_characters', { max: 80 }))
  .refine((s) => !s.includes(','), rule('alias_comma'));
const ZAliasList = z
  .array(ZAliasText)
  .max(50)
  .transform((list) =>
    list.filter((a, i) => list.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i),
  );

export const ZEntity = z.object({
  entity_id: z.number().int(),
  entity: z.string(),
  keyword: z.string(),
  alias_str: z.string(),
  aliases: z.array(z.string()),
});
export type Entity = z.infer<typeof ZEntity>;
export const ZEntitiesQuery = ZDeviceRef.extend({
  search: z.string().trim().max(120).optional(),
  sort_by: z.enum(['keyword', 'alias']).default('keyword'),
  order: ZSortOrder.default('asc'),
}).extend(ZPaging.shape);
/** A row of the Alias page: a keyword of the device's topics, with no entity (null) until it has aliases. */
export const ZKeywordAliases = ZEntity.extend({ entity_id: z.number().int().nullable() });
export type KeywordAliases = z.infer<typeof ZKeywordAliases>;
export const ZEntitiesResponse = z.array(ZKeywordAliases);
export const ZUpdateEntityRequest = ZDeviceRef.extend({ entity_id: ZId, aliases: ZAliasList });
export type UpdateEntityRequest = z.input<typeof ZUpdateEntityRequest>;
export const ZDeleteEntityRequest = ZDeviceRef.extend({ entity_id: ZId });
/** Bulk delete of aliases: picked entities, or all the list's search matches (keywords without aliases have none to delete). */
export const ZAliasesBulkRequest = ZDeviceRef.extend({
  action: z.enum(['delete']),
  selection: ZBulkSelection(z.object({ search: z.string().trim().max(120).default('') })),
});
export type AliasesBulkRequest = z.input<typeof ZAliasesBulkRequest>;

export const ZAliasFinderQuery = ZDeviceRef.extend({
  search: z.string().trim().max(120).optional(),
  intent_id: ZId.optional(),
});
/** Without intent_id: topics matching the search. With it: that topic's keywords and their aliases. */
export const ZAliasFinderResponse = z.object({
  intents: z.array(ZTopicRef),
  keywords: z.array(
    z.object({
      keyword: z.string(),
      language: ZLanguage,
      entity_id: z.number().int().nullable(),
      aliases: z.array(z.string()),
    }),
  ),
});
export type AliasFinder = z.infer<typeof ZAliasFinderResponse>;
export const ZAddAliasRequest = ZDeviceRef.extend({ keyword: ZKeywordText, alias: ZAliasText });
export type AddAliasRequest = z.input<typeof ZAddAliasRequest>;
