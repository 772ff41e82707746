import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { login, otherProject, type Session } from './harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One admin call that must succeed; its data. */
export async function adminCall(
  app: FastifyInstance,
  session: Session,
  method: Method,
  path: string,
  payload?: object,
) {
  const res = await app.inject({ method, url: `/admin_panel${path}`, headers: session.headers, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** One device API call that must succeed; its data. */
export async function deviceCall(
  app: FastifyInstance,
  key: string,
  method: Method,
  path: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url: `/device_api/v1${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Text every entity of the other tenant carries: any response to the first tenant that holds it leaked. */
export const TENANT_MARK = 'TENANT-B-SECRET';

/**
 * One of every kind of record on a device, made through the API as an admin and the device's
 * kiosk would: category, topic, keyword, response, alias, a visitor conversation, a chat and a
 * ringing call. Every text carries `mark`.
 */
export async function seedContent(app: FastifyInstance, session: Session, device: number, mark: string) {
  const call = (method: Method, path: string, payload?: object) =>
    adminCall(app, session, method, path, payload);
  const category = await call('POST', '/ai_config/intents/category', {
    device_id: device,
    name: `${mark} category`,
  });
  const topic = await call('POST', '/ai_config/intents/intent', {
    device_id: device,
    name: `${mark} topic`,
    category_id: category.category_id,
    remarks: `${mark} remarks`,
  });
  const keyword = await call('POST', '/ai_config/intents/keywords', {
    device_id: device,
    intent_id: topic.id,
    language: 'english',
    text: 'secretword',
  });
  const response = await call('POST', '/ai_config/intents/responses', {
    device_id: device,
    intent_id: topic.id,
    language: 'english',
    device_type: 'ambassador',
    response_aim: 'give_info',
    response_type: 'text',
    speech: `${mark} speech`,
    contents: [{ type: 'text', values: [`${mark} answer`] }],
  });
  const entity = await call('POST', '/ai_config/alias_finder', {
    device_id: device,
    keyword: 'secretword',
    alias: 'hushword',
  });
  const { device_key: key } = await call('POST', '/admin_settings/devices/key', { id: device });
  const visit = await deviceCall(app, key, 'POST', '/sessions', { language: 'english' });
  const asked = await deviceCall(app, key, 'POST', '/ask', {
    session_id: visit.session_id,
    text: 'secretword please',
    language: 'english',
  });
  const chat = await deviceCall(app, key, 'POST', '/chats', { language: 'english', name: `${mark} visitor` });
  await deviceCall(app, key, 'POST', `/chats/${chat.session_id}/messages`, {
    client_id: 'seed-message-1',
    message: `${mark} message`,
  });
  const ringing = await deviceCall(app, key, 'POST', '/calls', { language: 'english' });
  return {
    key,
    ids: {
      device,
      category: category.category_id as number,
      topic: topic.id as number,
      keyword: keyword.id as number,
      response: response.id as number,
      entity: entity.entity_id as number,
      conversation: asked.conversation_id as number,
    },
    visitSession: visit.session_id as string,
    chatSession: chat.session_id as string,
    callSession: ringing.call.real_session_id as string,
  };
}

/** A second project with its own admin and device, and one of every kind of record (`seedContent`). */
export async function seedTenant(app: FastifyInstance, database: Database) {
  const base = await otherProject(database);
  const session = await login(app, base.username, base.password);
  const content = await seedContent(app, session, base.deviceId, TENANT_MARK);
  return { ...base, session, ...content, ids: { ...content.ids, user: base.userId } };
}

export type Tenant = Awaited<ReturnType<typeof seedTenant>>;

/**
 * Batteries send every route valid-looking ids, so the archive route may retire one of the
 * session's own devices; this brings them back so the routes after it still reach a device.
 */
export async function restoreArchived(app: FastifyInstance, session: Session, url: string) {
  if (!url.endsWith('/devices/archive')) return;
  const devices = await adminCall(app, session, 'GET', '/admin_settings/devices');
  for (const d of devices as { id: number; archived_at: string | null }[]) {
    if (d.archived_at !== null)
      await adminCall(app, session, 'POST', '/admin_settings/devices/restore', { id: d.id });
  }
}
