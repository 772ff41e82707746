import type { AuditAction } from '@ambassador/contracts';

/**
 * Which action each changing admin route is, by its method and address (as Fastify names it, under
 * /admin_panel). A route not listed is still recorded, with a code made of its address
 * (`actionOf`); the routes in SKIPPED change nothing an operator would look for.
 */
const ROUTE_ACTIONS: Record<string, AuditAction> = {
  'POST /admin_settings/devices': 'device.create',
  'PUT /admin_settings/devices': 'device.update',
  'DELETE /admin_settings/devices': 'device.delete',
  'POST /admin_settings/devices/key': 'device.key_rotate',
  'DELETE /admin_settings/devices/key': 'device.key_revoke',
  'PUT /admin_settings/devices/staff_pin': 'device.staff_pin',
  'POST /admin_settings/devices/archive': 'device.archive',
  'POST /admin_settings/devices/restore': 'device.restore',
  'POST /admin_settings/users': 'user.create',
  'PUT /admin_settings/users': 'user.update',
  'DELETE /admin_settings/users': 'user.delete',
  'POST /admin_settings/users/bulk': 'user.bulk',
  'PUT /admin_settings/retention': 'retention.update',
  'POST /ai_config/intents/category': 'category.create',
  'PUT /ai_config/intents/category': 'category.update',
  'DELETE /ai_config/intents/category': 'category.delete',
  'PUT /ai_config/related_intents/on_off': 'ai_settings.related_topics',
  'PUT /ai_config/answer_confidence': 'ai_settings.answer_confidence',
  'POST /ai_config/intents/intent': 'topic.create',
  'PUT /ai_config/intents/intent': 'topic.update',
  'DELETE /ai_config/intents/intent': 'topic.delete',
  'POST /ai_config/intents/bulk': 'topic.bulk',
  'POST /ai_config/versions': 'ai_version.publish',
  'POST /ai_config/versions/:version_id/restore': 'ai_version.restore',
  'DELETE /ai_config/versions/live': 'ai_version.stop',
  'POST /location_map/locations/bulk': 'location.bulk',
  'POST /directory/bulk': 'unit.bulk',
  'POST /undo': 'change.undo',
  'PUT /ai_config/intents/intent_title': 'topic.rename',
  'PUT /ai_config/intents/avatar_motion': 'topic.motion',
  'POST /ai_config/intents/keywords': 'keyword.create',
  'PUT /ai_config/intents/keywords': 'keyword.update',
  'DELETE /ai_config/intents/keywords': 'keyword.delete',
  'POST /ai_config/intents/train': 'topic.train',
  'POST /ai_config/intents/responses': 'response.create',
  'PUT /ai_config/intents/responses': 'response.update',
  'DELETE /ai_config/intents/responses': 'response.delete',
  'PUT /ai_config/entities': 'alias.update',
  'DELETE /ai_config/entities': 'alias.delete',
  'POST /ai_config/entities/bulk': 'alias.bulk',
  'POST /ai_config/alias_finder': 'alias.create',
  'POST /ai_config/intents/import': 'topics.import',
  'POST /setup/copy_device': 'topics.copy_device',
  'POST /setup/copy_device/undo': 'topics.copy_undo',
  'PUT /small_talk/settings': 'small_talk.settings',
  'PUT /small_talk/questions': 'small_talk.questions',
  'PUT /small_talk/topic_filters': 'small_talk.topic_filter',
  'PUT /small_talk/prompt': 'small_talk.prompt',
  'PUT /video_call/list/:device_id': 'call.update',
  'PUT /video_call/offline_hours/:device_id': 'call.offline_hours',
  'PUT /video_call/notification/:device_id': 'call.notification',
  'POST /location_map/locations': 'location.create',
  'PUT /location_map/locations/:location_id': 'location.update',
  'DELETE /location_map/locations/:location_id': 'location.delete',
  'POST /location_map/locations/import': 'location.import',
  'POST /location_map/maps': 'map.create',
  'PUT /location_map/maps/order': 'map.order',
  'PUT /location_map/maps/:map_id': 'map.update',
  'DELETE /location_map/maps/:map_id': 'map.delete',
  'PUT /location_map/kiosk_position': 'kiosk_position.update',
  'DELETE /location_map/kiosk_position': 'kiosk_position.delete',
  'POST /location_map/categories': 'layer.create',
  'PUT /location_map/categories/:category_id': 'layer.update',
  'DELETE /location_map/categories/:category_id': 'layer.delete',
  'POST /mrc/projects': 'document.index',
  'POST /mrc': 'document.create',
  'DELETE /mrc': 'document.delete',
  'POST /mrc/bulk': 'document.bulk',
  'POST /mrc/:id/rescan': 'document.rescan',
  'PUT /interface/sections': 'interface.sections',
  'PUT /carousel': 'banner.update',
  'DELETE /carousel': 'banner.delete',
  'POST /carousel/upload': 'banner.create',
  'POST /carousel/media': 'banner.create',
  'POST /idle_screen': 'idle_screen.create',
  'PUT /idle_screen': 'idle_screen.update',
  'DELETE /idle_screen': 'idle_screen.delete',
  'POST /idle_screen/media': 'idle_screen.create',
  'POST /directory': 'unit.create',
  'PUT /directory': 'unit.update',
  'DELETE /directory': 'unit.delete',
  'POST /directory/import': 'unit.import',
  'POST /event_manager/event': 'event.create',
  'PUT /event_manager/event/:event_id': 'event.update',
  'DELETE /event_manager/event/:event_id': 'event.delete',
  'POST /event_manager/event/bulk': 'event.bulk',
  'POST /event_manager/event/:event_id/duplicate': 'event.duplicate',
  'POST /event_manager/event/:event_id/control': 'event.control',
  'POST /event_manager/quiz': 'quiz.create',
  'PUT /event_manager/quiz/:quiz_id': 'quiz.update',
  'DELETE /event_manager/quiz/:quiz_id': 'quiz.delete',
  'POST /event_manager/quiz/bulk': 'quiz.bulk',
  'POST /event_manager/quiz/:quiz_id/duplicate': 'quiz.duplicate',
  'POST /event_manager/quiz/:quiz_id/question': 'quiz_question.create',
  'PUT /event_manager/quiz/:quiz_id/question/:question_id': 'quiz_question.update',
  'DELETE /event_manager/quiz/:quiz_id/question/:question_id': 'quiz_question.delete',
  'PUT /event_manager/quiz/:quiz_id/:page_type': 'quiz_page.update',
  'POST /virtual_avatar/video_avatar': 'avatar.create',
  'PUT /virtual_avatar/video_avatar': 'avatar.update',
  'DELETE /virtual_avatar/video_avatar': 'avatar.delete',
  'PUT /chat/endusers/:session_id': 'visitor.update',
  'PUT /chat/endusers/:session_id/assignee': 'chat.assign',
  'POST /chat/endusers/:session_id/end': 'chat.end',
  'PUT /chat/availability': 'chat.availability',
  'POST /chat/canned_replies': 'saved_reply.create',
  'PUT /chat/canned_replies/:id': 'saved_reply.update',
  'DELETE /chat/canned_replies/:id': 'saved_reply.delete',
  'POST /video_call/push': 'push.send',
  'PUT /conversation': 'conversation.bookmark',
  'POST /conversation/train': 'conversation.train',
  'POST /conversation/fallback_groups/topic': 'conversation.fallback_topic',
};

/**
 * POSTs that read (a search, a preview, a question to the test console), uploads that only stage a
 * file for a form saved later, resumable-upload chunks, and what is recorded elsewhere: sign-in and
 * sign-out (modules/auth tells the audit trail itself) and chat messages (kept in the chat).
 */
const SKIPPED = new Set([
  'POST /login',
  'POST /logout',
  'POST /location_map/named',
  'POST /mrc/query',
  'POST /ai_config/test_console',
  'POST /ai_config/intents/export',
  'POST /ai_config/intents/audio_preview',
  'POST /ai_config/upload',
  'POST /location_map/upload',
  'POST /event_manager/upload',
  'POST /video_call/push/upload',
  'POST /virtual_avatar/video_avatar/generate',
  'POST /chat/send',
  'POST /calls',
  'POST /calls/:real_session_id/end',
]);
const SKIPPED_PREFIXES = ['/media/uploads', '/audit'];

const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
export const CHANGING_METHODS = new Set(Object.keys(VERBS));
const ADMIN_PREFIX = '/admin_panel';

/**
 * The action of a changing admin route, or null when it is not recorded: a listed code, or one made
 * of its address (`/foo_bar/:id/baz` POST → `foo_bar.baz.create`).
 */
export function actionOf(method: string, routeUrl: string | undefined): string | null {
  if (!CHANGING_METHODS.has(method) || !routeUrl?.startsWith(`${ADMIN_PREFIX}/`)) return null;
  const path = routeUrl.slice(ADMIN_PREFIX.length);
  const key = `${method} ${path}`;
  if (SKIPPED.has(key) || SKIPPED_PREFIXES.some((p) => path.startsWith(p))) return null;
  const listed = ROUTE_ACTIONS[key];
  if (listed) return listed;
  const parts = path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .map((s) => s.toLowerCase().replace(/[^a-z0-9_]/g, '_'));
  return [...parts, VERBS[method]].join('.');
}

/** Groups that are the project's, not a device's: the device a request happened to name is not kept. */
const PROJECT_LEVEL = new Set(['auth', 'user', 'retention']);
export const isProjectLevel = (action: string) => PROJECT_LEVEL.has(action.split('.')[0]!);

/** Field names whose values never go into the trail (their names do: "password changed"). */
const SECRET = /password|passcode|secret|token|credential|(^|_)(api_)?key$|(^|_)pin$/i;
export const isSecretField = (name: string) => SECRET.test(name);

/** Fields that only say which thing or device a call is about. */
const SCOPE_FIELDS = new Set(['device_id', 'device_ids', 'project_id']);
const NAME_FIELDS = [
  'name',
  'title',
  'username',
  'intent_name',
  'category_name',
  'description',
  'phrase',
  'filename',
];
const MAX_TEXT = 200;
const MAX_LIST = 10;

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A value short and plain enough to show: texts cut at 200 characters, short lists of them. */
function shown(value: unknown): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (
    Array.isArray(value) &&
    value.length <= MAX_LIST &&
    value.every((v) => typeof v !== 'object' || v === null)
  )
    return value.map(shown);
  return undefined;
}

/** Language-keyed names (`{ en: …, zh: … }`) read as their first non-empty text. */
function nameIn(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim().slice(0, MAX_TEXT);
  const rec = record(value);
  if (!rec) return null;
  for (const v of Object.values(rec))
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, MAX_TEXT);
  return null;
}

export interface GenericTarget {
  type: string;
  id: string | null;
  name: string | null;
}

/**
 * What a changing request names, read from its path, query and JSON body: the target's id (the
 * path's parameter, else the first `…_id` or `id` field) and a readable name when it carries one,
 * and the detail (the fields it set and their values, secrets left out).
 */
export function describeRequest(
  action: string,
  input: { method: string; params: unknown; query: unknown; body: unknown; answer?: unknown },
): { target: GenericTarget; detail: Record<string, unknown> } {
  const type = action.split('.')[0]!;
  const params = record(input.params) ?? {};
  const body = record(input.body) ?? {};
  const query = record(input.query) ?? {};
  const answer = record(input.answer) ?? {};
  // `id`, then `<type>_id`, then any other `…_id` (a parent's: the category of a topic).
  const idField = (source: Record<string, unknown>) => {
    const keys = Object.keys(source).filter((k) => !SCOPE_FIELDS.has(k));
    return (
      keys.find((k) => k === 'id') ??
      keys.find((k) => k === `${type}_id`) ??
      keys.find((k) => k.endsWith('_id'))
    );
  };
  const fromParams = Object.keys(params).find((k) => k !== 'device_id');
  const fromBody = idField(body) ?? idField(query);
  // What a POST made is named by its answer; a parent's id in its body is not the target.
  const made = input.method === 'POST' && !fromParams ? idField(answer) : undefined;
  const idValue = fromParams
    ? params[fromParams]
    : made
      ? answer[made]
      : fromBody
        ? (body[fromBody] ?? query[fromBody])
        : undefined;
  const id = typeof idValue === 'number' || typeof idValue === 'string' ? String(idValue) : null;
  let name: string | null = null;
  for (const source of [body, answer]) {
    for (const field of NAME_FIELDS) {
      name ??= nameIn(source[field]);
    }
  }
  const fields: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (SCOPE_FIELDS.has(key) || key === fromBody || value === undefined) continue;
    fields.push(key);
    if (isSecretField(key)) continue;
    const plain = shown(value);
    if (plain !== undefined) values[key] = plain;
  }
  const detail: Record<string, unknown> = {};
  if (fields.length > 0) detail.fields = fields;
  if (Object.keys(values).length > 0) detail.values = values;
  return { target: { type, id, name }, detail };
}

/** A detail with every secret-named key taken out, however deep (explicit records pass here too). */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 4) return undefined;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => withoutSecrets(v, depth + 1));
  const rec = record(value);
  if (!rec) return value;
  return Object.fromEntries(
    Object.entries(rec)
      .filter(([k]) => !isSecretField(k))
      .map(([k, v]) => [k, withoutSecrets(v, depth + 1)]),
  );
}
