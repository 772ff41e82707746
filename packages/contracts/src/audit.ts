import { z } from 'zod';
import { ZRoleId } from './access-schemas.js';
import { MAX_PAGE_SIZE, ZId } from './common.js';
import { rule } from './rules.js';

/**
 * The audit trail (Admin Settings → Audit trail): who changed what, when, on which device. Each
 * event has an action code `<what>.<verb>`; the console words the known ones below, and shows any
 * other code as it is (a route added later is still recorded, by its address).
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_in_locked',
  'auth.sign_out',
  'user.create',
  'user.update',
  'user.role_change',
  'user.password_change',
  'user.delete',
  'user.bulk',
  'device.create',
  'device.update',
  'device.delete',
  'device.key_rotate',
  'device.key_revoke',
  'device.staff_pin',
  'device.archive',
  'device.restore',
  'category.create',
  'category.update',
  'category.delete',
  'topic.create',
  'topic.update',
  'topic.rename',
  'topic.motion',
  'topic.delete',
  'topic.bulk',
  'ai_version.publish',
  'ai_version.restore',
  'ai_version.stop',
  'topic.train',
  'topics.import',
  'topics.copy_device',
  'topics.copy_undo',
  'keyword.create',
  'keyword.update',
  'keyword.delete',
  'alias.create',
  'alias.update',
  'alias.delete',
  'alias.bulk',
  'event.bulk',
  'quiz.bulk',
  'response.create',
  'response.update',
  'response.delete',
  'ai_settings.related_topics',
  'ai_settings.answer_confidence',
  'small_talk.settings',
  'small_talk.questions',
  'small_talk.topic_filter',
  'small_talk.prompt',
  'call.update',
  'call.offline_hours',
  'call.notification',
  'location.create',
  'location.update',
  'location.delete',
  'location.import',
  'map.create',
  'map.update',
  'map.order',
  'map.delete',
  'kiosk_position.update',
  'kiosk_position.delete',
  'layer.create',
  'layer.update',
  'layer.delete',
  'document.create',
  'document.delete',
  'document.bulk',
  'document.rescan',
  'document.index',
  'interface.sections',
  'banner.create',
  'banner.update',
  'banner.delete',
  'idle_screen.create',
  'idle_screen.update',
  'idle_screen.delete',
  'unit.create',
  'unit.update',
  'unit.delete',
  'unit.import',
  'event.create',
  'event.update',
  'event.delete',
  'event.duplicate',
  'event.control',
  'quiz.create',
  'quiz.update',
  'quiz.delete',
  'quiz.duplicate',
  'quiz_question.create',
  'quiz_question.update',
  'quiz_question.delete',
  'quiz_page.update',
  'avatar.create',
  'avatar.update',
  'avatar.delete',
  'visitor.update',
  'push.send',
  'conversation.bookmark',
  'conversation.train',
  'conversation.fallback_topic',
  'retention.update',
  'location.bulk',
  'unit.bulk',
  'change.undo',
  'chat.assign',
  'chat.end',
  'chat.availability',
  'saved_reply.create',
  'saved_reply.update',
  'saved_reply.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The groups the console's action filter offers: an action's code up to its first dot. */
export const AUDIT_ACTION_GROUPS = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]!))];

/** At most this many rows in one CSV export (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, rule('maximum_characters', { max })).optional());
const ZInstant = z.preprocess(blankToUndefined, z.iso.datetime({ offset: true }).optional());

/** The filters of the list and of the export alike. */
export const ZAuditFilters = z.object({
  /** Events on this device (its id; blank for every device). */
  device_id: z.preprocess(blankToUndefined, ZId.optional()),
  /** Events of this user (their username as it was then). */
  actor: optionalText(64),
  /** An action code, or a group of them (`topic` finds `topic.update`, `topic.delete` …). */
  action: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(64, rule('maximum_characters', { max: 64 }))
      .regex(/^[a-z0-9_.]+$/)
      .optional(),
  ),
  /** From this instant (inclusive) … */
  from: ZInstant,
  /** … to this one (exclusive). */
  to: ZInstant,
  /** Words anywhere in the event: who, what, the target's name, the details. */
  q: optionalText(120),
});
/** The filters as a client sends them (blank ones left out). */
export type AuditFilters = z.output<typeof ZAuditFilters>;

export const ZAuditQuery = ZAuditFilters.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.output<typeof ZAuditQuery>;

/** What changed: the fields an update named, and the values that are safe to show. */
export const ZAuditDetail = z.record(z.string(), z.unknown());

export const ZAuditEvent = z.object({
  id: z.number().int(),
  created_at: z.string(),
  device_id: z.number().int().nullable(),
  /** The device's name now (or null once it is deleted). */
  device_name: z.string().nullable(),
  /** The username (null for a sign-in with a name nobody has). */
  actor: z.string().nullable(),
  actor_role: ZRoleId.nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_name: z.string().nullable(),
  detail: ZAuditDetail,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof ZAuditEvent>;
export const ZAuditResponse = z.array(ZAuditEvent);
