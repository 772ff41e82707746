import { z } from 'zod';
import { rule } from './rules.js';
import { ZLanguage } from './access-schemas.js';
import { ZIdNumber, ZPaging } from './common.js';

/**
 * Push messages (the Message page; POST /video_call/push).
 * An operator composes a message and pushes it to chosen devices of the project; a kiosk shows it
 * at once (text in its current language, optional image) for `duration_seconds`, and speaks it
 * when asked. Each device's delivery is tracked: pending until the kiosk confirms it is on screen.
 * A kiosk that is offline gets a pending push when it reconnects, unless it has expired by then.
 */
export const PUSH_DURATION = { min: 3, max: 600, default: 15 } as const;
/** A push not delivered within this long is marked expired rather than shown late. */
export const PUSH_EXPIRY_MS = 10 * 60_000;
export const PUSH_TEXT_MAX = 500;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'expired'] as const;
export const ZDeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof ZDeliveryStatus>;

const ZPushText = z
  .string()
  .trim()
  .max(PUSH_TEXT_MAX, rule('maximum_characters', { max: PUSH_TEXT_MAX }));

/** POST /video_call/push. At least one language's text is required. */
export const ZPushRequest = z
  .object({
    device_ids: z.array(ZIdNumber).min(1, rule('choose_device')).max(500),
    texts: z.partialRecord(ZLanguage, ZPushText),
    /** An uploaded image (`/media/...` from POST /ai_config/upload) or an https URL. */
    image_url: z.string().trim().max(2000).nullable().default(null),
    duration_seconds: z
      .number()
      .int()
      .min(PUSH_DURATION.min, rule('minimum', { min: PUSH_DURATION.min }))
      .max(PUSH_DURATION.max, rule('maximum', { max: PUSH_DURATION.max }))
      .default(PUSH_DURATION.default),
    speak: z.boolean().default(false),
  })
  .refine((p) => Object.values(p.texts).some((t) => (t ?? '').length > 0), {
    message: rule('text_empty'),
    path: ['texts'],
  });
export type PushRequest = z.input<typeof ZPushRequest>;

export const ZPushDelivery = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  status: ZDeliveryStatus,
  delivered_at: z.string().nullable(),
});
export type PushDelivery = z.infer<typeof ZPushDelivery>;

export const ZPush = z.object({
  id: z.number().int(),
  texts: z.partialRecord(ZLanguage, z.string()),
  image_url: z.string().nullable(),
  duration_seconds: z.number().int(),
  speak: z.boolean(),
  created_at: z.string(),
  created_by: z.string(),
  deliveries: z.array(ZPushDelivery),
});
export type Push = z.infer<typeof ZPush>;

/** GET /video_call/push: the project's pushes, newest first. */
export const ZPushListQuery = ZPaging;
export const ZPushListResponse = z.array(ZPush);

/** server → device `push:message`. */
export const ZPushMessage = z.object({
  push_id: z.number().int(),
  texts: z.partialRecord(ZLanguage, z.string()),
  image_url: z.string().nullable(),
  duration_seconds: z.number().int(),
  speak: z.boolean(),
  created_at: z.string(),
});
export type PushMessage = z.infer<typeof ZPushMessage>;
export const ZPushAck = z.object({ push_id: z.number().int().positive() });

/** The `refresh_push` live event to the project's consoles: a push's delivery status changed. */
export const ZPushEvent = z.object({ name: z.literal('refresh_push'), push_id: z.number().int() });
