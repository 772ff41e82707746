import { z } from 'zod';
import { type Language } from './access.js';
import { ZLanguage } from './access-schemas.js';
import { ZId } from './common.js';
import { rule } from './rules.js';

/**
 * Small talk: chit-chat a device answers when no topic and no document does
 * (greetings, thanks, who are you, jokes, goodbye…), per language; topic filters per language (what
 * the assistant declines, and the speech and text it answers instead, whatever else would match);
 * the persona prompt the generative path is given when a language model is configured.
 */
export const DEFAULT_SMALL_TALK_LANGUAGE: Language = 'cantonese';
export const SMALL_TALK_MAX_ITEMS = 200;
export const SMALL_TALK_MAX_QUESTIONS = 20;
export const TOPIC_FILTER_MAX_TOPICS = 100;
export const SMALL_TALK_PROMPT_MAX = 4_000;

const ZDeviceRef = z.object({ device_id: ZId });
const line = (max: number) =>
  z.string().trim().min(1, rule('field_required')).max(max, rule('maximum_characters', { max }));

export const ZSmallTalkSettings = z.object({
  is_enabled_smalltalk: z.boolean(),
  is_enabled_topic_filter: z.boolean(),
});
export type SmallTalkSettings = z.infer<typeof ZSmallTalkSettings>;
/** PUT /small_talk/settings: either switch alone, or both. */
export const ZSmallTalkSettingsRequest = ZDeviceRef.extend(ZSmallTalkSettings.partial().shape);

/** One small-talk entry: the ways a visitor may say it, and what the device answers. */
export const ZSmallTalkItem = z.object({
  /** Absent on a new entry; kept on an edited one. */
  id: z.number().int().optional(),
  questions: z
    .array(line(200))
    .min(1, rule('too_few_items', { min: 1 }))
    .max(SMALL_TALK_MAX_QUESTIONS, rule('too_many_items', { max: SMALL_TALK_MAX_QUESTIONS })),
  answer: line(1_000),
  /** What the avatar says; empty means it speaks the answer. */
  speech: z
    .string()
    .trim()
    .max(1_000, rule('maximum_characters', { max: 1_000 }))
    .default(''),
});
export type SmallTalkItem = z.output<typeof ZSmallTalkItem>;
export type SmallTalkItemInput = z.input<typeof ZSmallTalkItem>;

export const ZSmallTalkLanguageQuery = ZDeviceRef.extend({ language: ZLanguage.optional() });
export const ZSmallTalkQuestions = z.object({
  language: ZLanguage,
  items: z.array(ZSmallTalkItem.extend({ id: z.number().int() })),
  /** True while the language still holds the built-in starter set, unedited. */
  is_starter: z.boolean(),
  updated_at: z.string().nullable(),
});
export type SmallTalkQuestions = z.infer<typeof ZSmallTalkQuestions>;
/** PUT /small_talk/questions: the language's whole list, in order (replaces it). */
export const ZSmallTalkQuestionsRequest = ZDeviceRef.extend({
  language: ZLanguage,
  items: z
    .array(ZSmallTalkItem)
    .max(SMALL_TALK_MAX_ITEMS, rule('too_many_items', { max: SMALL_TALK_MAX_ITEMS })),
  /** With `reset`, the items are ignored and the language gets the starter set again. */
  reset: z.boolean().default(false),
});

/** A language's topic filter: topics the assistant declines, and how it declines them. */
export const ZTopicFilter = z.object({
  language: ZLanguage,
  topics: z
    .array(line(100))
    .max(TOPIC_FILTER_MAX_TOPICS, rule('too_many_items', { max: TOPIC_FILTER_MAX_TOPICS })),
  speech: z
    .string()
    .trim()
    .max(1_000, rule('maximum_characters', { max: 1_000 })),
  text: z
    .string()
    .trim()
    .max(1_000, rule('maximum_characters', { max: 1_000 })),
});
export type TopicFilter = z.infer<typeof ZTopicFilter>;
/** GET /small_talk/topic_filters: one per language the device offers (empty ones included). */
export const ZTopicFilters = z.array(ZTopicFilter);
/** PUT /small_talk/topic_filters: one language's filter; topics need a text to decline with. */
export const ZTopicFilterRequest = ZDeviceRef.extend(ZTopicFilter.shape);

export const ZSmallTalkPrompt = z.object({
  prompt: z
    .string()
    .trim()
    .max(SMALL_TALK_PROMPT_MAX, rule('maximum_characters', { max: SMALL_TALK_PROMPT_MAX })),
});
export const ZSmallTalkPromptRequest = ZDeviceRef.extend(ZSmallTalkPrompt.shape);

// ---------------------------------------------------------------- the answering chain

/**
 * How a device answered (in this order): a topic filter declined the question, a place named
 * outright did, a topic answered, a location did (a "where is …" question naming a place:
 * locations.ts), the documents did, small talk did, or nothing did (fallback).
 */
export const ANSWER_KINDS = ['declined', 'topic', 'location', 'document', 'small_talk', 'fallback'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
/** The steps of the chain, each with what it found, for the test console. */
export const ANSWER_STEPS = [
  'topic_filter',
  'named_location',
  'topics',
  'locations',
  'documents',
  'small_talk',
  'fallback',
] as const;
/**
 * Why a step with something good enough did not answer with it: the documents' sentence gives no
 * time, price, number or length that the question asks for; the language model found no answer.
 */
export const ANSWER_STEP_WHY = [
  'missing_time',
  'missing_price',
  'missing_count',
  'missing_duration',
  'model_declined',
] as const;
export type AnswerStepWhy = (typeof ANSWER_STEP_WHY)[number];
export const ZAnswerStep = z.object({
  step: z.enum(ANSWER_STEPS),
  /** answered: this step gave the answer; no_match: it had nothing good enough; off: switched off or empty; skipped: an earlier step answered. */
  result: z.enum(['answered', 'declined', 'no_match', 'off', 'skipped']),
  score: z.number().nullable(),
  threshold: z.number().nullable(),
  /** What it matched: the topic, the document and page, the small-talk question, the filtered topic. */
  detail: z.string().nullable(),
  why: z.enum(ANSWER_STEP_WHY).nullable(),
});
export type AnswerStep = z.infer<typeof ZAnswerStep>;
