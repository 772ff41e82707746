import { z } from 'zod';
import { rule } from './rules.js';
import { ZLanguage } from './access-schemas.js';
import { ZId, ZPaging } from './common.js';
import { ZTimeZone } from './conversations.js';
import { ZClock, ZDayOption } from './hours.js';

/**
 * Live video calls (the Live Video page, its dialogs and the kiosk's call button). A kiosk calls; every console of the project sees the banner; one operator answers and
 * the two browsers connect with WebRTC, signalling over the realtime service.
 *
 * States: ringing → answered → ended; ringing → missed (nobody answered within the device's ring
 * time, or the visitor gave up). Ringing and missed are kept beside answered and ended so the list
 * is honest about calls nobody took.
 */
export const CALL_STATUSES = ['ringing', 'answered', 'ended', 'missed'] as const;
export const ZCallStatus = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof ZCallStatus>;

export const ZCall = z.object({
  /** The call's own id (a UUID), shared by both browsers and the signalling. */
  real_session_id: z.uuid(),
  project_id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  status: ZCallStatus,
  created_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Username of the operator who answered. */
  answered_by: z.string().nullable(),
  /** Seconds between answer and end; null until both happened. */
  duration_seconds: z.number().int().nullable(),
});
export type Call = z.infer<typeof ZCall>;

/** GET /video_call/list/{project_id}: the project's calls, newest first (the history dialog pages). */
export const ZCallListQuery = ZPaging.extend({
  status: z.union([ZCallStatus, z.literal('')]).default(''),
  /** Matches the device name or the operator's username. */
  search: z.string().trim().max(100).default(''),
  device_id: ZId.optional(),
});
export type CallListQuery = z.input<typeof ZCallListQuery>;
export const ZCallListResponse = z.array(ZCall);

/** PUT /video_call/list/{device_id}: an operator answers or hangs up. */
export const ZCallStatusRequest = z.object({
  real_session_id: z.uuid({ error: rule('unknown_call') }),
  status: z.enum(['answered', 'ended']),
  /** The answering console's realtime client id: signalling then goes to that tab only. */
  client_id: z.string().min(1).max(100).optional(),
});
export type CallStatusRequest = z.input<typeof ZCallStatusRequest>;

// --- Offline hours -------------------------------------------------------------------------------

/**
 * One span of offline hours: on these days the desk is offline from `start` to `end` (local time
 * of the device's time zone), and the kiosk shows the offline response instead of calling. A span
 * whose end is earlier than its start runs overnight: Friday 18:00→09:00 is offline from Friday
 * 18:00 to Saturday 09:00. An end of 24:00 (or 00:00) is midnight; 00:00→24:00 is the whole day.
 * With no rows the desk is never offline.
 */
export const ZOfflineHoursRow = z
  .object({ day: ZDayOption, start: ZClock, end: ZClock })
  .refine((r) => r.start !== '24:00', { message: rule('time_format'), path: ['start'] })
  .refine((r) => r.start !== r.end, { message: rule('end_equals_start'), path: ['end'] });
export type OfflineHoursRow = z.infer<typeof ZOfflineHoursRow>;

export const ZOfflineHours = z.object({
  offline_hours: z.array(ZOfflineHoursRow).max(50),
  time_zone: ZTimeZone,
  /** What the kiosk shows, per language, when a visitor calls during offline hours. */
  offline_response: z.partialRecord(
    ZLanguage,
    z
      .string()
      .trim()
      .max(500, rule('maximum_characters', { max: 500 })),
  ),
});
export type OfflineHours = z.infer<typeof ZOfflineHours>;
export type OfflineHoursInput = z.input<typeof ZOfflineHours>;

// --- Notification channel ------------------------------------------------------------------------

/** How operators hear about a device's calls: banner, sound, desktop notification, ring time. */
export const ZNotificationChannel = z.object({
  /** The incoming-call banner on every signed-in console. */
  banner: z.boolean(),
  /** The banner's ringing sound. */
  sound: z.boolean(),
  /** A browser (desktop) notification, where the operator allowed them. */
  desktop: z.boolean(),
  /** Seconds a call rings before it counts as missed. */
  ring_seconds: z
    .number()
    .int()
    .min(10, rule('minimum', { min: 10 }))
    .max(300, rule('maximum', { max: 300 })),
});
export type NotificationChannel = z.infer<typeof ZNotificationChannel>;
export const DEFAULT_NOTIFICATION_CHANNEL: NotificationChannel = {
  banner: true,
  sound: true,
  desktop: false,
  ring_seconds: 45,
};

/** The `new_call` live event (show the incoming-call banner), and the `refresh_call` one. */
export const ZCallEvent = z.object({
  name: z.enum(['new_call', 'refresh_call']),
  project_id: z.number().int(),
  real_session_id: z.uuid(),
  device_id: z.number().int(),
  device_name: z.string(),
  status: ZCallStatus,
  notification: ZNotificationChannel,
  /** Server time the event left (ms since epoch), for latency measurements. */
  sent_at: z.number(),
});
export type CallEvent = z.infer<typeof ZCallEvent>;

// --- Device side (/device_api/v1/calls) and signalling ---------------------------------------------

/** POST /calls: either a ringing call, or offline with the response to show. */
export const ZStartCallResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ringing'),
    call: ZCall,
    ring_seconds: z.number().int(),
    ice_servers: z.array(z.lazy(() => ZIceServer)),
  }),
  z.object({ status: z.literal('offline'), offline_response: z.string() }),
]);
export type StartCallResponse = z.infer<typeof ZStartCallResponse>;
export const ZStartCallRequest = z.object({ language: ZLanguage });
export const ZCallParams = z.object({ real_session_id: z.uuid({ error: rule('unknown_call') }) });

/** server → device `call:update`. */
export const ZCallUpdate = z.object({ real_session_id: z.uuid(), status: ZCallStatus });
export type CallUpdate = z.infer<typeof ZCallUpdate>;

/**
 * `call:signal`, both ways. The operator's console makes the offer after answering; the kiosk
 * answers it; both trickle ICE candidates. The server relays only between the call's device and
 * the operator who answered it, and drops anything else.
 */
export const ZCallSignal = z.object({
  real_session_id: z.uuid(),
  description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(100_000) }).optional(),
  candidate: z
    .object({
      candidate: z.string().max(2_000),
      sdpMid: z.string().nullable().optional(),
      sdpMLineIndex: z.number().int().nullable().optional(),
      usernameFragment: z.string().nullable().optional(),
    })
    .optional(),
});
export type CallSignal = z.infer<typeof ZCallSignal>;

/** STUN/TURN servers for both browsers (env `ICE_SERVERS`, JSON; none on one site's network). */
export const ZIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof ZIceServer>;
/** GET /video_call/ice_servers (console) and the ringing answer's `ice_servers` (device). */
export const ZIceServersResponse = z.array(ZIceServer);
