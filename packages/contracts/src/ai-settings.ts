import { z } from 'zod';
import { ZLanguage } from './access-schemas.js';
import { ZPaging } from './common.js';
import { rule } from './rules.js';
import { ZDeviceRef } from './ai-common.js';

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
