import { z } from 'zod';
import { ZDeviceRef } from './ai-common.js';
import { ZId } from './common.js';
import { rule } from './rules.js';

/**
 * Draft and publish for a device's AI configuration (topics, phrases, responses, categories,
 * aliases and settings). Once a device publishes, its kiosks answer from the live version and
 * every edit is a draft until the next publish; the test console tries the draft or the live one.
 */
export const AI_VERSION_NOTE_MAX = 200;
/** Versions kept per device (the live one is always kept). */
export const AI_VERSIONS_KEPT = 20;

export const ZAiVersion = z.object({
  id: z.number().int(),
  number: z.number().int().describe('1, 2, 3… per device'),
  note: z.string(),
  topics: z.number().int(),
  phrases: z.number().int(),
  responses: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
});
export type AiVersion = z.infer<typeof ZAiVersion>;

/** What the draft changed since the live version. */
export const ZDraftChanges = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  /** Categories, aliases or AI settings changed. */
  other: z.boolean(),
  any: z.boolean(),
});
export type DraftChanges = z.infer<typeof ZDraftChanges>;

/** GET /ai_config/versions: the live version (null: no drafts, kiosks answer every edit at once). */
export const ZAiVersionsResponse = z.object({
  live: z
    .object({
      version_id: z.number().int(),
      number: z.number().int(),
      published_by: z.string(),
      published_at: z.string(),
    })
    .nullable(),
  /** Null while nothing is live. */
  changes: ZDraftChanges.nullable(),
  versions: z.array(ZAiVersion),
});
export type AiVersionsResponse = z.infer<typeof ZAiVersionsResponse>;

/** POST /ai_config/versions: publish the draft as a new version. */
export const ZPublishRequest = ZDeviceRef.extend({
  note: z
    .string()
    .trim()
    .max(AI_VERSION_NOTE_MAX, rule('maximum_characters', { max: AI_VERSION_NOTE_MAX }))
    .default(''),
});
export type PublishRequest = z.input<typeof ZPublishRequest>;
export const ZAiVersionParams = z.object({ version_id: ZId });
/** POST /ai_config/versions/{version_id}/restore, DELETE /ai_config/versions/live. */
export const ZVersionDeviceRequest = ZDeviceRef;
