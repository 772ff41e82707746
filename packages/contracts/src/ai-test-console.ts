import { z } from 'zod';
import { ZLanguage } from './access-schemas.js';
import { ZDocumentSource } from './documents.js';
import { rule } from './rules.js';
import { ANSWER_KINDS, ZAnswerStep } from './small-talk.js';
import { ZDeviceRef } from './ai-common.js';
import { ZAvatarMotion } from './ai-motions.js';
import { ZResponse } from './ai-responses.js';
import { ZTopicRef } from './ai-topics.js';

// ---------------------------------------------------------------- test console

export const ZTestConsoleRequest = ZDeviceRef.extend({
  language: ZLanguage,
  text: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(500, rule('maximum_characters', { max: 500 })),
  /** draft: the tables as edited; live: the published version the kiosks answer from (when there is one). */
  version: z.enum(['draft', 'live']).default('draft'),
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
