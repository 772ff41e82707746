import { z } from 'zod';
import { ZDocumentSource } from './documents.js';
import { ANSWER_KINDS, ZAnswerStep } from './small-talk.js';
import { rule } from './rules.js';
import { ZLanguage } from './access-schemas.js';
import { ZId, ZPaging, ZSortOrder } from './common.js';
import { ZDeviceKind } from './devices.js';

/**
 * AI configuration of one device: categories, question topics (intents),
 * keywords and training phrases, responses, aliases (entities), settings and transfer.
 * Every call names the device it works on; the guard checks it is the caller's project's.
 */
const ZDeviceRef = z.object({ device_id: ZId });
/** A call about one device and nothing else. */
export const ZDeviceQuery = ZDeviceRef;

const name = (required: string, max = 120) =>
  z.string({ error: required }).trim().min(1, required).max(max, rule('maximum_characters', { max }));
const remarks = z
  .string()
  .trim()
  .max(500, rule('maximum_characters', { max: 500 }));

// ---------------------------------------------------------------- categories

export const ZCategory = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  parent_id: z.number().int().nullable(),
  has_child: z.boolean(),
  /** Topics filed directly under this category. */
  topic_count: z.number().int(),
});
export type Category = z.infer<typeof ZCategory>;

export const ZCategoriesQuery = ZDeviceRef.extend({ parent_id: ZId.optional() });
export const ZCategoriesResponse = z.array(ZCategory);
export const ZCategoryName = name(rule('category_name_required'), 80);
export const ZCreateCategoryRequest = ZDeviceRef.extend({
  name: ZCategoryName,
  parent_id: ZId.nullable().optional(),
});
export type CreateCategoryRequest = z.input<typeof ZCreateCategoryRequest>;
export const ZUpdateCategoryRequest = ZDeviceRef.extend({ id: ZId, name: ZCategoryName });
export type UpdateCategoryRequest = z.input<typeof ZUpdateCategoryRequest>;
export const ZDeleteByIdRequest = ZDeviceRef.extend({ id: ZId });
export type DeleteByIdRequest = z.input<typeof ZDeleteByIdRequest>;

// ---------------------------------------------------------------- settings

/**
 * A device's answer confidence: the least match score (0–1) that answers; a question whose best
 * topic scores lower falls back. Kept away from 0 and 1, where every question would answer or none.
 */
export const ANSWER_CONFIDENCE_MIN = 0.05;
export const ANSWER_CONFIDENCE_MAX = 0.95;
const CONFIDENCE_RANGE = rule('answer_confidence_range', { min: 5, max: 95 });
export const ZAnswerConfidence = z
  .number({ error: CONFIDENCE_RANGE })
  .min(ANSWER_CONFIDENCE_MIN, CONFIDENCE_RANGE)
  .max(ANSWER_CONFIDENCE_MAX, CONFIDENCE_RANGE);
/** The same from a query string: digits with an optional fraction, never a sign or an exponent. */
const ZAnswerConfidenceQuery = z
  .union([z.number(), z.string().regex(/^\d{1,3}(\.\d{1,8})?$/, CONFIDENCE_RANGE)], {
    error: CONFIDENCE_RANGE,
  })
  .transform(Number)
  .pipe(ZAnswerConfidence);

export const ZAiSettings = z.object({
  is_enabled_related_intents: z.boolean(),
  /** The device's own answer confidence; null when it uses the default. */
  answer_confidence: z.number().nullable(),
  /** The answer confidence of a device that has none of its own. */
  default_answer_confidence: z.number(),
});
export type AiSettings = z.infer<typeof ZAiSettings>;
export const ZUpdateRelatedIntentsRequest = ZDeviceRef.extend({ is_enabled_related_intents: z.boolean() });
/** `answer_confidence: null` goes back to the default. */
export const ZUpdateAnswerConfidenceRequest = ZDeviceRef.extend({
  answer_confidence: ZAnswerConfidence.nullable(),
});
export type UpdateAnswerConfidenceRequest = z.input<typeof ZUpdateAnswerConfidenceRequest>;

/** The preview re-asks the questions of the last this many days … */
export const CONFIDENCE_PREVIEW_DAYS = 30;
/** … at most this many of them, the newest. */
export const CONFIDENCE_PREVIEW_MAX_QUESTIONS = 2_000;
export const ZConfidencePreviewQuery = ZDeviceRef.extend({
  answer_confidence: ZAnswerConfidenceQuery,
  ...ZPaging.shape,
});
export type ConfidencePreviewQuery = z.input<typeof ZConfidencePreviewQuery>;
export const ZConfidenceCounts = z.object({ answered: z.number().int(), fallback: z.number().int() });
/** A question (all the times it was asked) whose outcome the proposed setting changes. */
export const ZConfidenceChange = z.object({
  text: z.string(),
  language: ZLanguage,
  /** How often it was asked in the window. */
  times: z.number().int(),
  /** Its best topic now (the one it would answer with, or stops answering with). */
  topic: z.object({ id: z.number().int(), name: z.string() }),
  score: z.number(),
  /** `answers`: falls back now, would answer; `falls_back`: answers now, would fall back. */
  change: z.enum(['answers', 'falls_back']),
});
export type ConfidenceChange = z.infer<typeof ZConfidenceChange>;
export const ZConfidencePreview = z.object({
  /** The device's threshold in force, and the one previewed. */
  current: z.number(),
  proposed: z.number(),
  /** Start of the window (ISO time) and the questions in it that were re-asked. */
  since: z.string(),
  questions: z.number().int(),
  /** More questions were asked in the window than are re-asked: only the newest count. */
  limited: z.boolean(),
  at_current: ZConfidenceCounts,
  at_proposed: ZConfidenceCounts,
  /** A page of the changed questions, most asked first; `changes_total` counts them all. */
  changes: z.array(ZConfidenceChange),
  changes_total: z.number().int(),
});
export type ConfidencePreview = z.infer<typeof ZConfidencePreview>;

// ---------------------------------------------------------------- avatar motions (gestures and idles)

/**
 * Five gestures an ambassador plays with an answer (tap-body motions), and three idle motions. An
 * avatar is made from one portrait photo (head and shoulders), so every motion is one a head and
 * shoulders can make: nod (yes), shake (no), tilt (a friendly greeting), bow (thanks, welcome),
 * lean in (look here, listen); breathing, blinking with glances aside, a gentle sway.
 */
export const AVATAR_GESTURES = ['nod', 'shake', 'tilt', 'bow', 'lean_in'] as const;
export const AVATAR_IDLE_MOTIONS = ['breathe', 'look_around', 'sway'] as const;
export const AVATAR_MOTIONS = [...AVATAR_GESTURES, ...AVATAR_IDLE_MOTIONS] as const;
export const ZAvatarMotion = z.enum(AVATAR_MOTIONS);
export type AvatarMotion = z.infer<typeof ZAvatarMotion>;
export type AvatarGesture = (typeof AVATAR_GESTURES)[number];
export type AvatarIdleMotion = (typeof AVATAR_IDLE_MOTIONS)[number];

/**
 * Gestures named before avatars were made from photos (they needed hands a portrait does not
 * show), read as the nearest gesture a head and shoulders make. Migration 0018 rewrote stored
 * topics; files exported before and transfer snapshots may still carry the old names.
 */
export const LEGACY_AVATAR_MOTIONS: Readonly<Record<string, AvatarMotion>> = {
  wave: 'tilt',
  point: 'lean_in',
  thumbs_up: 'nod',
};

/** A stored motion name as a motion (old names mapped), or null when it names none. */
export function toAvatarMotion(value: string | null | undefined): AvatarMotion | null {
  if (!value) return null;
  if ((AVATAR_MOTIONS as readonly string[]).includes(value)) return value as AvatarMotion;
  return LEGACY_AVATAR_MOTIONS[value] ?? null;
}

// ---------------------------------------------------------------- topics

export const TOPIC_SORTS = ['name', 'category', 'remarks', 'is_activated', 'created_at'] as const;

export const ZTopic = z.object({
  id: z.number().int(),
  intent_id: z.number().int(),
  intent_name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  remarks: z.string(),
  is_activated: z.boolean(),
  is_enabled_related_intents: z.boolean(),
  avatar_motion: ZAvatarMotion.nullable(),
  keyword_count: z.number().int(),
  response_count: z.number().int(),
  sub_topic_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Topic = z.infer<typeof ZTopic>;

export const ZTopicRef = z.object({ id: z.number().int(), name: z.string() });
export type TopicRef = z.infer<typeof ZTopicRef>;

/** GET with intent_id returns one topic; otherwise a page of topics. */
export const ZTopicsQuery = ZDeviceRef.extend({
  intent_id: ZId.optional(),
  category_id: ZId.optional(),
  parent_id: ZId.optional(),
  search: z.string().trim().max(120).optional(),
  sort_by: z.enum(TOPIC_SORTS).default('created_at'),
  order: ZSortOrder.default('desc'),
}).extend(ZPaging.shape);
export const ZTopicsResponse = z.array(ZTopic);

export const ZTopicName = name(rule('topic_name_required'));
export const ZCreateTopicRequest = ZDeviceRef.extend({
  name: ZTopicName,
  /** A sub-topic names its parent and takes the parent's category. */
  parent_id: ZId.nullable().optional(),
  category_id: ZId.nullable().optional(),
  remarks: remarks.default(''),
}).refine((v) => v.parent_id != null || v.category_id != null, {
  message: rule('select_category'),
  path: ['category_id'],
});
export type CreateTopicRequest = z.input<typeof ZCreateTopicRequest>;

export const ZUpdateTopicRequest = ZDeviceRef.extend({
  id: ZId,
  name: ZTopicName.optional(),
  category_id: ZId.optional(),
  is_activated: z.boolean().optional(),
  is_enabled_related_intents: z.boolean().optional(),
  remarks: remarks.optional(),
});
export type UpdateTopicRequest = z.input<typeof ZUpdateTopicRequest>;
export const ZUpdateTopicTitleRequest = ZDeviceRef.extend({ id: ZId, name: ZTopicName });

/** Breadcrumb of a topic: its category path, its topic path (parents, then itself), its sub-topics. */
export const ZTopicNav = z.object({
  categories: z.array(z.object({ category_id: z.number().int(), category_name: z.string() })),
  topics: z.array(ZTopicRef),
  children: z.array(ZTopicRef),
});
export type TopicNav = z.infer<typeof ZTopicNav>;
export const ZTopicNavQuery = ZDeviceRef.extend({ id: ZId });

export const ZAutoCompleteQuery = ZDeviceRef.extend({ text: z.string().trim().min(1).max(120) });
export const ZAutoCompleteResponse = z.array(
  ZTopicRef.extend({ category_name: z.string(), parent_id: z.number().int().nullable() }),
);

// ---------------------------------------------------------------- finders

export const ZColumnFinderQuery = ZDeviceRef.extend({ category_id: ZId.optional() });
/** One column of the column browser: the sub-categories and the top-level topics of a category. */
export const ZColumnFinderResponse = z.object({
  categories: z.array(ZCategory),
  intents: z.array(ZTopicRef.extend({ is_activated: z.boolean(), sub_topic_count: z.number().int() })),
});
export type ColumnFinder = z.infer<typeof ZColumnFinderResponse>;

export interface FinderNode {
  type: 'category' | 'topic';
  id: number;
  name: string;
  is_activated?: boolean;
  children: FinderNode[];
}
/** Named (`FinderNode`): the API reference can only show a schema that contains itself by reference. */
export const ZFinderNode: z.ZodType<FinderNode> = z
  .lazy(() =>
    z.object({
      type: z.enum(['category', 'topic']),
      id: z.number().int(),
      name: z.string(),
      is_activated: z.boolean().optional(),
      children: z.array(ZFinderNode),
    }),
  )
  .meta({ id: 'FinderNode' });
/** The whole tree for the diagram view: categories hold sub-categories and topics, topics hold sub-topics. */
export const ZFinderResponse = z.object({ intents: z.array(ZFinderNode) });

export const ZButtonPayloadsQuery = ZDeviceRef.extend({ language: ZLanguage });
/** A button's payload is what the device asks when pressed: a keyword of the chosen topic. */
export const ZButtonPayloadsResponse = z.array(
  z.object({ intent_id: z.number().int(), intent_name: z.string(), payload: z.string() }),
);
export type ButtonPayload = z.infer<typeof ZButtonPayloadsResponse>[number];

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

// ---------------------------------------------------------------- responses

export const RESPONSE_AIMS = ['ask_for_selection', 'give_info', 'interactive_builder'] as const;
export const RESPONSE_TYPES = ['text', 'multimedia'] as const;
export const IMAGE_SIZE = { min: 1, max: 10, default: 3 } as const;
export const BUTTON_COLUMNS = { min: 1, max: 4, default: 1 } as const;

/** Media we serve (/media/...) or an absolute http(s) address. */
export const ZMediaUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^\/media\/[\w.-]+$/.test(u) || /^https?:\/\/\S+$/i.test(u), rule('invalid_image_address'));

export const ZButton = z.object({
  text: z
    .string()
    .trim()
    .max(80, rule('maximum_characters', { max: 80 })),
  payload: z
    .string()
    .trim()
    .max(200, rule('maximum_characters', { max: 200 })),
});
export type ResponseButton = z.infer<typeof ZButton>;

/** Buttons fill whole rows of the column count: the list is padded with empty entries. */
export function padButtons(values: ResponseButton[], columns: number): ResponseButton[] {
  const cols = Math.max(1, Math.floor(columns));
  // Trailing empty entries are padding from an earlier column count; re-pad from the real ones.
  let end = values.length;
  while (end > 0 && values[end - 1]!.text === '' && values[end - 1]!.payload === '') end--;
  const kept = values.slice(0, end);
  const rows = Math.max(1, Math.ceil(kept.length / cols));
  const padded = [...kept];
  while (padded.length < rows * cols) padded.push({ text: '', payload: '' });
  return padded;
}

const ZTextContent = z.object({
  type: z.literal('text'),
  placement: z.literal('general').default('general'),
  values: z
    .array(z.string().trim().min(1, rule('text_empty')).max(2000))
    .min(1)
    .max(20),
});
const ZButtonsContent = z
  .object({
    type: z.literal('buttons'),
    num_of_column: z
      .number()
      .int()
      .min(BUTTON_COLUMNS.min, rule('minimum', { min: BUTTON_COLUMNS.min }))
      .max(BUTTON_COLUMNS.max)
      .default(1),
    button_type: z.enum(['postback', 'url']).default('postback'),
    values: z.array(ZButton).min(1).max(40),
  })
  .transform((c) => ({ ...c, values: padButtons(c.values, c.num_of_column) }));
const ZImageContent = z.object({
  type: z.literal('image'),
  url: ZMediaUrl,
  size: z
    .number()
    .int()
    .min(IMAGE_SIZE.min, rule('minimum', { min: IMAGE_SIZE.min }))
    .max(IMAGE_SIZE.max)
    .default(IMAGE_SIZE.default),
});
const ZCard = z.object({
  id: z.string().trim().min(1).max(64),
  image_url: ZMediaUrl.or(z.literal('')).default(''),
  title: z.string().trim().min(1, rule('field_required')).max(120),
  description: z.string().trim().max(500).default(''),
  buttons: z.array(ZButton).max(6).default([]),
});
const ZCardsContent = z.object({
  type: z.literal('cards'),
  cards: z.array(ZCard).min(1).max(10),
});
const ZListContent = z.object({
  type: z.literal('list'),
  elements: z
    .array(
      z.object({
        title: z.string().trim().min(1, rule('field_required')).max(120),
        subtitle: z.string().trim().max(300).default(''),
        image_url: ZMediaUrl.or(z.literal('')).default(''),
        payload: z.string().trim().max(200).default(''),
      }),
    )
    .min(1)
    .max(20),
});
const ZDropdownContent = z.object({
  type: z.literal('dropdown'),
  title: z.string().trim().min(1, rule('field_required')).max(120),
  values: z.array(ZButton).min(1).max(50),
});

export const ZResponseContent = z.discriminatedUnion('type', [
  ZTextContent,
  ZButtonsContent,
  ZImageContent,
  ZCardsContent,
  ZListContent,
  ZDropdownContent,
]);
export type ResponseContent = z.output<typeof ZResponseContent>;
export type ResponseContentInput = z.input<typeof ZResponseContent>;
export const CONTENT_KINDS = ['text', 'buttons', 'image', 'cards', 'list', 'dropdown'] as const;

export const ZResponse = z.object({
  id: z.number().int(),
  intent_id: z.number().int(),
  language: ZLanguage,
  device_type: ZDeviceKind,
  response_aim: z.enum(RESPONSE_AIMS),
  response_type: z.enum(RESPONSE_TYPES),
  speech: z.string(),
  custom_content: z.string(),
  contents: z.array(ZResponseContent),
  updated_at: z.string(),
});
export type AiResponse = z.infer<typeof ZResponse>;

export const ZResponsesQuery = ZDeviceRef.extend({
  intent_id: ZId,
  language: ZLanguage.optional(),
  device_type: ZDeviceKind.optional(),
});
export const ZResponsesResponse = z.array(ZResponse);

const responseFields = {
  language: ZLanguage,
  device_type: ZDeviceKind,
  response_aim: z.enum(RESPONSE_AIMS).default('give_info'),
  response_type: z.enum(RESPONSE_TYPES).default('multimedia'),
  speech: z
    .string()
    .trim()
    .max(1000, rule('maximum_characters', { max: 1000 }))
    .default(''),
  custom_content: z.string().max(5000).default(''),
  contents: z.array(ZResponseContent).max(20).default([]),
};
export const ZCreateResponseRequest = ZDeviceRef.extend({ intent_id: ZId, ...responseFields }).refine(
  (r) => r.contents.length > 0 || r.speech.length > 0,
  { message: rule('text_empty'), path: ['contents'] },
);
export type CreateResponseRequest = z.input<typeof ZCreateResponseRequest>;
export const ZUpdateResponseRequest = ZDeviceRef.extend({ id: ZId, ...responseFields }).refine(
  (r) => r.contents.length > 0 || r.speech.length > 0,
  { message: rule('text_empty'), path: ['contents'] },
);
export type UpdateResponseRequest = z.input<typeof ZUpdateResponseRequest>;

export const ZAudioPreviewRequest = ZDeviceRef.extend({
  language: ZLanguage,
  text: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(1000, rule('maximum_characters', { max: 1000 })),
});
export type AudioPreviewRequest = z.input<typeof ZAudioPreviewRequest>;

export const ZAvatarMotionQuery = ZDeviceRef.extend({ intent_id: ZId });
export const ZAvatarMotionResponse = z.object({
  intent_id: z.number().int(),
  motion: ZAvatarMotion.nullable(),
  gestures: z.array(ZAvatarMotion),
  idle_motions: z.array(ZAvatarMotion),
});
export const ZUpdateAvatarMotionRequest = ZDeviceRef.extend({
  intent_id: ZId,
  motion: ZAvatarMotion.nullable(),
});

// ---------------------------------------------------------------- uploads

// Image, video and upload-result contracts shared by every area live in media.ts.
export const ZUploadQuery = ZDeviceRef;

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

// ---------------------------------------------------------------- transfer (copy device)

export const ZCopyDeviceRequest = z.object({ source_id: ZId, dest_id: ZId });
export type CopyDeviceRequest = z.input<typeof ZCopyDeviceRequest>;
/** How long the destination's previous AI data can be restored. */
export const TRANSFER_UNDO_HOURS = 72;
export const ZTransfer = z.object({
  id: z.number().int(),
  source_id: z.number().int().nullable(),
  source_description: z.string(),
  dest_id: z.number().int(),
  dest_description: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  restored_at: z.string().nullable(),
  created_by: z.string(),
});
export type Transfer = z.infer<typeof ZTransfer>;
export const ZTransfersQuery = ZDeviceRef.partial();
export const ZTransfersResponse = z.array(ZTransfer);
export const ZUndoTransferRequest = z.object({ id: ZId });

// ---------------------------------------------------------------- matcher status

/**
 * Whether the device's matcher has learnt every change: `training` while it rebuilds (the previous
 * model answers meanwhile), `ready` once it has. Per server instance.
 */
export const ZEmbedderStatus = z.object({
  provider: z
    .enum(['local', 'http', 'none'])
    .describe('local: the packaged model on this server; http: an embeddings endpoint; none: lexical only'),
  model: z.string().nullable().describe('The sentence model; null with none'),
  state: z
    .enum(['ready', 'starting', 'down', 'off'])
    .describe('down: not answering, so answers are lexical until it is back; off: provider none'),
  detail: z.string().nullable().describe('Why it is down or off'),
});
export type EmbedderStatus = z.infer<typeof ZEmbedderStatus>;

export const ZMatcherStatus = z.object({
  device_id: z.number().int(),
  understanding: ZEmbedderStatus.describe('The sentence encoder questions are understood with'),
  dense: z.boolean().describe('Whether this device’s matcher holds sentence embeddings of its phrases'),
  state: z
    .enum(['training', 'ready'])
    .describe('training: learning changes, the previous model answers meanwhile; ready: up to date'),
  since: z.string().describe('When the state last changed (ISO 8601)'),
  topics: z
    .number()
    .int()
    .nullable()
    .describe('Topics the matcher answering now holds; null before its first build'),
  embedding: z
    .object({ done: z.number().int(), total: z.number().int() })
    .nullable()
    .describe(
      'Phrases with their meaning stored so far while the device’s phrases are embedded in the background ' +
        '(a large import, a new sentence model): it answers by words until done. Null when nothing is',
    ),
});
export type MatcherStatus = z.infer<typeof ZMatcherStatus>;
/** A transfer or its undo as done: the destination's matcher is learning its new topics. */
export const ZTransferDone = ZTransfer.extend({ matcher: ZMatcherStatus });
export type TransferDone = z.infer<typeof ZTransferDone>;

// ---------------------------------------------------------------- import and export (xlsx, csv)

export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The tables of the topics workbook: its sheets, or what one CSV file holds. */
export const EXCHANGE_TABLES = ['topics', 'keywords', 'responses'] as const;
export type ExchangeTable = (typeof EXCHANGE_TABLES)[number];

/**
 * `format=csv` exports one table (`table`, keywords by default) as a CSV file; the workbook holds
 * all three sheets, so `table` is not read for `xlsx`.
 */
export const ZExportQuery = ZDeviceRef.extend({
  format: z.enum(IMPORT_FORMATS).default('xlsx'),
  table: z.enum(EXCHANGE_TABLES).default('keywords'),
});
export const ZImportQuery = ZDeviceRef.extend({
  mode: z.enum(['preview', 'apply']).default('preview'),
  /**
   * What Keywords rows with a blank Kind are. Required to apply a file that has such rows
   * (`400 import_kind_required` without it); not read when the file has none.
   */
  blank_kind: z.enum(KEYWORD_KINDS).optional(),
});
export const ZImportIssue = z.object({
  sheet: z.string(),
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof ZImportIssue>;
export const ZImportReport = z.object({
  applied: z.boolean(),
  /** How the file was read: decided by its bytes (and checked against its name). */
  format: z.enum(IMPORT_FORMATS),
  /** The tables the file holds: a workbook's sheets, or the one table a CSV file's header names. */
  tables: z.array(z.enum(EXCHANGE_TABLES)),
  categories_created: z.array(z.string()),
  topics_created: z.array(z.string()),
  topics_changed: z.array(z.string()),
  keywords: z.number().int(),
  /** The Keywords rows by their Kind cell (they add up to `keywords`); `blank` rows are what `blank_kind` says. */
  keyword_kinds: z.object({
    keyword: z.number().int(),
    phrase: z.number().int(),
    blank: z.number().int(),
  }),
  /** The choice the blank Kind rows were read with; null when none was given. */
  blank_kind: z.enum(KEYWORD_KINDS).nullable(),
  responses: z.number().int(),
  errors: z.array(ZImportIssue),
  /** After an applied import: the device's matcher (training while it learns the new topics). */
  matcher: ZMatcherStatus.optional(),
});
export type ImportReport = z.infer<typeof ZImportReport>;

// ---------------------------------------------------------------- test console

export const ZTestConsoleRequest = ZDeviceRef.extend({
  language: ZLanguage,
  text: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(500, rule('maximum_characters', { max: 500 })),
});
export type TestConsoleRequest = z.input<typeof ZTestConsoleRequest>;
export const ZMatchCandidate = z.object({
  intent_id: z.number().int(),
  intent_name: z.string(),
  score: z.number(),
});
export const ZTestConsoleResponse = z.object({
  fallback: z.boolean(),
  threshold: z.number(),
  best: ZMatchCandidate.nullable(),
  candidates: z.array(ZMatchCandidate),
  /** The matched topic's responses for the device's kind and the asked language. */
  responses: z.array(ZResponse),
  /** Sub-topics offered when the topic and the device both enable related intents. */
  related: z.array(ZTopicRef),
  avatar_motion: ZAvatarMotion.nullable(),
  /**
   * The whole chain as a device runs it (topic filter, named location, topics, locations, documents,
   * small talk, fallback):
   * what answered, its text when not a topic, a document's source, and each step's result.
   */
  answered_by: z.enum(ANSWER_KINDS),
  /** The language answered in: the one asked, or the device's language the question was written in. */
  language: ZLanguage,
  answer_text: z.string().nullable(),
  source: ZDocumentSource.nullable(),
  steps: z.array(ZAnswerStep),
});
export type TestConsoleResult = z.infer<typeof ZTestConsoleResponse>;
