import { ZKioskBanners } from './carousel.js';
import { z } from 'zod';
import { ZDocumentSource } from './documents.js';
import { ANSWER_KINDS } from './small-talk.js';
import { rule } from './rules.js';
import { ZLanguage } from './access-schemas.js';
import { ZKioskAvatar } from './avatars.js';
import { ZAiSettings, ZAvatarMotion, ZResponse, ZTopicRef } from './ai.js';
import { ZId } from './common.js';
import { ZDeviceKind } from './devices.js';
import { ZKioskEvent } from './events.js';
import { NO_IDLE_SCREEN, ZKioskIdleScreen } from './idle-screen.js';
import { defaultKioskSections, ZKioskSections } from './interface.js';
import { ZRating } from './conversations.js';
import { ZLocationAnswer } from './locations.js';

/**
 * The device API (`/device_api/v1`): what a kiosk or chatbot calls with its device key
 * (`Authorization: Bearer <key>`). Bodies use the same envelope as the admin API.
 */
export { DEVICE_API_PREFIX, DEVICE_KEY_PREFIX, IDEMPOTENCY_HEADER, KIOSK_PARTS } from './names.js';
export type { KioskPartKey } from './names.js';
import { KIOSK_PARTS, type KioskPartKey } from './names.js';
export const ZIdempotencyKey = z.string().trim().min(8).max(100);

export const ZDeviceConfig = z.object({
  device: z.object({
    id: z.number().int(),
    description: z.string(),
    kind: ZDeviceKind,
    languages: z.array(ZLanguage),
    default_language: ZLanguage,
  }),
  project: z.object({ id: z.number().int(), name: z.string() }),
  /** The switches a device acts on (answer confidence is applied by the server). */
  settings: ZAiSettings.pick({ is_enabled_related_intents: true }),
  /** Per offered language: the greeting of a new session and the answer when nothing matches. */
  messages: z.object({
    welcome: z.partialRecord(ZLanguage, z.string()),
    fallback: z.partialRecord(ZLanguage, z.string()),
  }),
  /** Which components of the kiosk's screens are on (Interface Settings); missing means on. */
  sections: ZKioskSections.default(defaultKioskSections),
  /** The carousel banners in schedule now, in order (Interface Settings → carousel). */
  carousel: ZKioskBanners.default([]),
  /** What plays after a while without a touch (Interface Settings → idle screen); no items, no loop. */
  idle_screen: ZKioskIdleScreen.default(NO_IDLE_SCREEN),
  /** The device's current event (Event Manager), its flows resolved; null when none is current. */
  event: ZKioskEvent.nullable().default(null),
  /** The avatar in use (Interface Settings → Virtual Avatar), with its player's address; null when none. */
  avatar: ZKioskAvatar.nullable().default(null),
});
export type DeviceConfig = z.infer<typeof ZDeviceConfig>;
/** The live parts of a device's configuration (`KIOSK_PARTS`), each owned by one area. */
export const ZKioskParts = ZDeviceConfig.pick(
  Object.fromEntries(Object.keys(KIOSK_PARTS).map((key) => [key, true])) as Record<KioskPartKey, true>,
);
export type KioskParts = Pick<DeviceConfig, KioskPartKey>;

export const ZStartSessionRequest = z.object({ language: ZLanguage });
/**
 * GET /device_api/v1/suggestions?language=: what the chat offers before the first question — a
 * phrase of each of the device's most asked topics (last 30 days) in that language, at most 4.
 */
export const ZSuggestionsQuery = z.object({ language: ZLanguage });
export const ZSuggestions = z.array(z.string());
export const SUGGESTIONS_MAX = 4;
export type StartSessionRequest = z.input<typeof ZStartSessionRequest>;
export const ZVisitorSession = z.object({
  session_id: z.uuid(),
  language: ZLanguage,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  questions: z.number().int(),
});
export type VisitorSession = z.infer<typeof ZVisitorSession>;
export const ZSessionParams = z.object({ session_id: z.uuid({ error: rule('unknown_session') }) });

export const ZAskRequest = z.object({
  session_id: z.uuid({ error: rule('unknown_session') }),
  text: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(500, rule('maximum_characters', { max: 500 })),
  language: ZLanguage,
});
export type AskRequest = z.input<typeof ZAskRequest>;
export const ZAskResponse = z.object({
  /** The logged conversation row (to rate it); null only if logging failed and is being retried. */
  conversation_id: z.number().int().nullable(),
  fallback: z.boolean(),
  intent: z.object({ id: z.number().int(), name: z.string(), score: z.number() }).nullable(),
  /** The device's fallback answer in the asked language, when nothing matched. */
  fallback_text: z.string().nullable(),
  responses: z.array(ZResponse),
  related: z.array(ZTopicRef),
  avatar_motion: ZAvatarMotion.nullable(),
  response_time_ms: z.number().int(),
  /**
   * What answered, in the chain's order: a topic filter (declined), a place named outright
   * (location), a topic, a location, the documents, small talk, or nothing (fallback).
   */
  answered_by: z.enum(ANSWER_KINDS),
  /**
   * The answer's text when a location, the documents, small talk or a topic filter answered (a
   * topic answers with `responses`).
   */
  answer_text: z.string().nullable(),
  /** What the avatar says for that answer; null: it speaks `answer_text`. */
  answer_speech: z.string().nullable(),
  /** A document answer's source: the file, its page and heading. */
  source: ZDocumentSource.nullable(),
  /** A location answer (`answered_by: 'location'`): the place, open now or not, its map and point. */
  location: ZLocationAnswer.nullable().default(null),
  /**
   * The language answered in. A question plainly written in another language the device offers
   * is answered in it, and the session continues in it: the kiosk switches its screen and voice.
   */
  language: ZLanguage,
});
export type AskResult = z.infer<typeof ZAskResponse>;

export const ZConversationParams = z.object({ conversation_id: ZId });
/** Thumbs up (1) or down (-1). */
export const ZRateRequest = z.object({
  rating: ZRating,
  comment: z
    .string()
    .trim()
    .max(500, rule('maximum_characters', { max: 500 }))
    .default(''),
});
export type RateRequest = z.input<typeof ZRateRequest>;
export const ZRateResponse = z.object({
  conversation_id: z.number().int(),
  rating: ZRating,
  comment: z.string(),
});

export const ZDeviceSpeechRequest = z.object({
  language: ZLanguage,
  text: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(1000, rule('maximum_characters', { max: 1000 })),
});
