import { z } from 'zod';
import { ZKeywordText, ZTopicName } from './ai.js';
import { ZDocumentSource } from './documents.js';
import { ZAnswerStep } from './small-talk.js';
import { rule } from './rules.js';
import { ZLanguage } from './access-schemas.js';
import { ZId, ZPaging, ZSortOrder } from './common.js';

/**
 * Conversation review and the dashboard. Date ranges are
 * calendar days (`YYYY-MM-DD`, both ends included) in the caller's time zone (`tz`, IANA name).
 */
export const DEFAULT_RANGE_DAYS = 7;
/** Excel's rows per sheet; an export longer than this continues on another sheet. */
export const XLSX_MAX_ROWS = 1_048_576;

/** A visitor's rating of an answer (thumbs up or down), sent by the device and shown in review. */
export const ZRating = z.union([z.literal(1), z.literal(-1)], { error: rule('rating_invalid') });
export type Rating = z.infer<typeof ZRating>;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, rule('date_format'));
export const ZTimeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, rule('unknown_time_zone'))
  .default('UTC');
/** Query strings carry booleans as text: 'true'/'1' are true, anything else false. */
const ZQueryBool = z
  .union([z.boolean(), z.string()])
  .transform((v) => v === true || v === 'true' || v === '1')
  .default(false);
const ZCommaIds = z
  .union([z.string(), z.array(z.number())])
  .transform((v): (string | number)[] => (typeof v === 'string' ? v.split(',').filter(Boolean) : v))
  .pipe(z.array(ZId).min(1, rule('choose_device')).max(50));
const ZCommaNames = z
  .string()
  .max(4000)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .optional();

const rangeShape = { start_datetime: ZDay, end_datetime: ZDay, tz: ZTimeZone };
const rangeOk = (r: { start_datetime: string; end_datetime: string }) => r.start_datetime <= r.end_datetime;
const rangeIssue = { message: rule('start_after_end'), path: ['start_datetime'] };
/** A range of calendar days in the caller's time zone (`tz`), both ends included. */
export const ZDayRangeQuery = z.object(rangeShape).refine(rangeOk, rangeIssue);

export const CONVERSATION_SORTS = [
  'datetime',
  'acquire',
  'reply',
  'intent',
  'category',
  'response_time',
  'score',
  'status',
  'device',
  'rating',
] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];
/**
 * answered: by a topic; location: by a place of the device; document: from the device's documents;
 * small_talk; declined: by a topic filter; fallback: nothing answered.
 */
export const CONVERSATION_STATUSES = [
  'answered',
  'fallback',
  'location',
  'document',
  'small_talk',
  'declined',
] as const;

const filterShape = {
  ...rangeShape,
  /** The console adds the selected device to every GET; device_ids is what is listed. */
  device_id: ZId.optional(),
  device_ids: ZCommaIds,
  bookmarked: ZQueryBool,
  /** Only questions that fell back (nothing matched). */
  fallback: ZQueryBool,
  /** Only questions that fell back but had a candidate topic: the ones one click can teach. */
  candidate: ZQueryBool,
  /** Category names, comma joined (names, because each device has its own category ids). */
  category: ZCommaNames,
  /** Turns the category filter around: every category except those named. */
  exclude: ZQueryBool,
  /** Words in the question or the answer. */
  search: z.string().trim().max(120).optional(),
  /** Only questions this topic answered (the Dashboard's top questions open here). */
  topic_id: ZId.optional(),
  /** Only questions answered with this location's "where is". */
  location_id: ZId.optional(),
  sort_by: z.enum(CONVERSATION_SORTS).default('datetime'),
  order: ZSortOrder.default('desc'),
};
export const ZConversationsQuery = z.object({ ...filterShape, ...ZPaging.shape }).refine(rangeOk, rangeIssue);
export type ConversationsQuery = z.input<typeof ZConversationsQuery>;
export type ConversationFilter = z.output<typeof ZConversationsQuery>;
export const ZConversationsExportQuery = z.object(filterShape).refine(rangeOk, rangeIssue);

export const ZConversation = z.object({
  id: z.number().int(),
  datetime: z.string(),
  acquire: z.string(),
  reply: z.string(),
  language: ZLanguage,
  intent_id: z.number().int().nullable(),
  intent_identified: z.string().nullable(),
  category: z.string().nullable(),
  /** Milliseconds from the question reaching the server to its answer. */
  response_time: z.number().int(),
  /**
   * The best topic's score: the answering topic's, or on a fallback the candidate's (which was
   * below the device's answer confidence). Null when nothing resembled the question.
   */
  score: z.number().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  /** A fallback's closest topic, when it had one that still exists (its score is `score`). */
  candidate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  device_id: z.number().int(),
  device_name: z.string(),
  rating: ZRating.nullable(),
  comment: z.string(),
  bookmarked: z.boolean(),
  session_id: z.string().nullable(),
  /** The topic an operator trained this question into, if any. */
  trained_intent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** A document answer's source (status `document`). */
  source: ZDocumentSource.nullable(),
  /** How the device answered, step by step, as the test console shows it; null: logged before steps were kept. */
  steps: z.array(ZAnswerStep).nullable(),
});
export type Conversation = z.infer<typeof ZConversation>;
export const ZConversationsResponse = z.array(ZConversation);

export const ZBookmarkRequest = z.object({ device_id: ZId.optional(), id: ZId, bookmarked: z.boolean() });
export type BookmarkRequest = z.input<typeof ZBookmarkRequest>;

/** One conversation, by id: GET /conversation/session answers the visitor session it was asked in. */
export const ZConversationSessionQuery = z.object({ device_id: ZId.optional(), id: ZId });
/** Most questions of one session returned; a session is a visitor at the device, not a day. */
export const SESSION_MAX_CONVERSATIONS = 200;

export const ZConversationCategoriesQuery = z.object({ device_id: ZId.optional(), device_ids: ZCommaIds });
/** Category names of those devices' topics, sorted; what the category filter offers. */
export const ZConversationCategoriesResponse = z.array(z.string());

export const ZTrainConversationRequest = z.object({
  device_id: ZId.optional(),
  id: ZId,
  intent_id: ZId,
});
export type TrainConversationRequest = z.input<typeof ZTrainConversationRequest>;

// ---------------------------------------------------------------- fallbacks grouped by meaning

/** Distinct questions grouped at most (the most asked first), and groups answered at most. */
export const FALLBACK_GROUPS_MAX_QUESTIONS = 400;
export const FALLBACK_GROUPS_MAX = 100;
/** Questions listed per group (the most asked first); a topic takes at most this many at once. */
export const FALLBACK_GROUP_MAX_QUESTIONS = 50;

/** What visitors asked that nothing answered, in a range: fallbacks not trained since. */
export const ZFallbackGroupsQuery = z
  .object({ ...rangeShape, device_id: ZId.optional(), device_ids: ZCommaIds })
  .refine(rangeOk, rangeIssue);
export type FallbackGroupsQuery = z.input<typeof ZFallbackGroupsQuery>;

export const ZFallbackQuestion = z.object({
  text: z.string(),
  language: ZLanguage,
  /** Times asked in the range, in this wording. */
  count: z.number().int(),
  last_at: z.string(),
});
export type FallbackQuestion = z.infer<typeof ZFallbackQuestion>;

export const ZFallbackGroup = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  /** The group's most typical question: what the need is, in a visitor's words. */
  label: z.string(),
  /** Times its questions were asked in the range. */
  count: z.number().int(),
  questions: z.array(ZFallbackQuestion).max(FALLBACK_GROUP_MAX_QUESTIONS),
  /** The topic these questions came closest to, most often, when one still exists. */
  candidate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type FallbackGroup = z.infer<typeof ZFallbackGroup>;

export const ZFallbackGroupsResponse = z.object({
  /** meaning: by the sentence encoder; wording: the same words only (lexical only, or it is down). */
  by: z.enum(['meaning', 'wording']),
  groups: z.array(ZFallbackGroup).max(FALLBACK_GROUPS_MAX),
  /** Distinct questions that fell back in the range. */
  questions: z.number().int(),
  /** More than FALLBACK_GROUPS_MAX_QUESTIONS: the least asked were left out. */
  truncated: z.boolean(),
});
export type FallbackGroups = z.infer<typeof ZFallbackGroupsResponse>;

/** A new topic taught a group's questions; their fallbacks count as trained into it. */
export const ZTopicFromGroupRequest = z.object({
  device_id: ZId,
  name: ZTopicName,
  category_id: ZId,
  questions: z
    .array(z.object({ text: ZKeywordText, language: ZLanguage }))
    .min(1, rule('choose_question'))
    .max(FALLBACK_GROUP_MAX_QUESTIONS),
});
export type TopicFromGroupRequest = z.input<typeof ZTopicFromGroupRequest>;
export const ZTopicFromGroupResponse = z.object({
  topic: z.object({ id: z.number().int(), name: z.string() }),
  /** Phrases the topic was taught (a question repeated in one language counts once). */
  taught: z.number().int(),
  /** Fallback conversations now marked as trained into it. */
  conversations: z.number().int(),
});
export type TopicFromGroup = z.infer<typeof ZTopicFromGroupResponse>;

// ---------------------------------------------------------------- dashboard

/** Longest range the dashboard draws, one point per day. */
export const DASHBOARD_MAX_DAYS = 731;
export const ZDashboardQuery = z.object({ device_id: ZId, ...rangeShape }).refine(rangeOk, rangeIssue);
export type DashboardQuery = z.input<typeof ZDashboardQuery>;

export const ZDashboardDay = z.object({
  date: ZDay,
  conversations: z.number().int(),
  fallback_conversations: z.number().int(),
  /** Visitor sessions started that day in which at least one question was asked. */
  q_a_sessions: z.number().int(),
});
export type DashboardDay = z.infer<typeof ZDashboardDay>;
/** Every day of the range, in order, days without activity as zeros. */
export const ZDashboardGraphResponse = z.array(ZDashboardDay);
/**
 * A day's containment and satisfaction (GET /dashboard/trends), by the day the visitor session
 * started (containment) or the rating was given (satisfaction). Containment: of the visitor
 * sessions that asked something, the share answered without staff — no live chat opened from the
 * session, no video call from the device while it lasted, and its last question not a fallback.
 * Satisfaction: of the visitors' ratings, the share that is positive — a thumbs up on an answer,
 * or 4 or 5 (of 5) on a live chat. A rate is null on a day with nothing to count.
 */
export const ZDashboardTrendDay = z.object({
  date: ZDay,
  /** Visitor sessions started that day that asked something. */
  sessions: z.number().int(),
  /** Of those, the ones that ended without staff. */
  contained: z.number().int(),
  /** contained / sessions, 0–1; null without sessions. */
  containment: z.number().nullable(),
  ratings: z.number().int(),
  satisfied: z.number().int(),
  /** satisfied / ratings, 0–1; null without ratings. */
  satisfaction: z.number().nullable(),
});
export type DashboardTrendDay = z.infer<typeof ZDashboardTrendDay>;
/** Every day of the range, in order. */
export const ZDashboardTrendsResponse = z.array(ZDashboardTrendDay);
export const ZConversationCountResponse = z.object({
  conversations: z.number().int(),
  fallback_conversations: z.number().int(),
  q_a_sessions: z.number().int(),
});
export type ConversationCount = z.infer<typeof ZConversationCountResponse>;
export const ZAetResponse = z.object({
  /** Mean visitor-session length in seconds; null when no session ended in the range. */
  average_seconds: z.number().nullable(),
  sessions: z.number().int(),
});
export type Aet = z.infer<typeof ZAetResponse>;
export const ZFaqItem = z.object({
  /** A topic (also when absent), or a location answering "where is …" (then `intent_id` is the location’s id). */
  kind: z.enum(['topic', 'location']).optional(),
  intent_id: z.number().int(),
  intent_name: z.string(),
  category: z.string().nullable(),
  count: z.number().int(),
});
export type FaqItem = z.infer<typeof ZFaqItem>;
export const ZFaqResponse = z.array(ZFaqItem).max(10);
