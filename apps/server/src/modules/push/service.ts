import {
  LIVE_EVENT,
  PUSH_EXPIRY_MS,
  SOCKET,
  ZPushAck,
  type Language,
  type Push,
  type PushMessage,
  type ZPushListQuery,
  type ZPushRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { validate } from '../../lib/validate.js';
import type { Notifier } from '../../realtime/types.js';
import type { AuthContext } from '../auth/index.js';
import type { DeviceContext } from '../devices/index.js';
import type { DeliveryRow, PushRepo, PushRow } from './repo.js';

type Texts = Partial<Record<Language, string>>;

const iso = (v: Date | string) => new Date(v).toISOString();

/** An upload of this server: `/media/<name>` as the media store names files (no sub-paths). */
const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The image a kiosk will load: an upload of this server, or a plain http(s) address. Anything
 * else (javascript:, data:, a relative path elsewhere on the server) is refused.
 */
export function checkImageUrl(url: string | null): string | null {
  if (url === null || url === '') return null;
  if (MEDIA_PATH.test(url) && !url.includes('..')) return url;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username) {
    return parsed.href;
  }
  throw badRequest('image_url: Use an uploaded image (/media/…) or an http(s) address.', 'invalid_image_url');
}

export function toPushMessage(row: PushRow): PushMessage {
  return {
    push_id: row.id,
    texts: row.texts as Texts,
    image_url: row.imageUrl,
    duration_seconds: row.durationSeconds,
    speak: row.speak,
    created_at: iso(row.createdAt),
  };
}

export function toPush(row: PushRow, deliveries: DeliveryRow[]): Push {
  return {
    id: row.id,
    texts: row.texts as Texts,
    image_url: row.imageUrl,
    duration_seconds: row.durationSeconds,
    speak: row.speak,
    created_at: iso(row.createdAt),
    created_by: row.createdByName,
    deliveries: deliveries.map((d) => ({
      device_id: d.deviceId,
      device_name: d.deviceName,
      status: d.status,
      delivered_at: d.deliveredAt === null ? null : iso(d.deliveredAt),
    })),
  };
}

/**
 * Push messages (SPEC §1, §7 POST /video_call/push). An operator pushes a message to devices of
 * the project; each device's delivery is pending until its kiosk confirms the message is on
 * screen. A kiosk that was offline gets its pending pushes when it connects, unless they are
 * older than PUSH_EXPIRY_MS: those are expired rather than shown late.
 */
export function createPushService({
  repo,
  notifier,
  clock,
}: {
  repo: PushRepo;
  notifier: Notifier;
  clock: Clock;
}) {
  const expiryCutoff = () => new Date(clock.now().getTime() - PUSH_EXPIRY_MS);
  const refresh = (projectId: number, pushId: number) =>
    notifier.toProject(projectId, { name: LIVE_EVENT.refreshPush, push_id: pushId });

  return {
    /** Stores the push with a pending delivery per device, then sends it to each device. */
    async create(actor: AuthContext, input: z.output<typeof ZPushRequest>): Promise<Push> {
      const deviceIds = [...new Set(input.device_ids)];
      if ((await repo.projectDevices(actor.projectId, deviceIds)) !== deviceIds.length) {
        throw forbidden('This device is not in your project.');
      }
      // Only the languages the operator wrote: a kiosk falls back from an empty one itself.
      const texts = Object.fromEntries(
        Object.entries(input.texts).filter(([, text]) => (text ?? '').length > 0),
      ) as Record<string, string>;
      const row = await repo.create({
        projectId: actor.projectId,
        texts,
        imageUrl: checkImageUrl(input.image_url),
        durationSeconds: input.duration_seconds,
        speak: input.speak,
        createdBy: actor.userId,
        createdByName: actor.username,
        at: clock.now(),
        deviceIds,
      });
      const message = toPushMessage(row);
      for (const id of deviceIds) notifier.toDevice(id, SOCKET.push, message);
      return toPush(row, await repo.deliveriesOf([row.id]));
    },

    /** The project's pushes, newest first; deliveries that waited too long are expired first. */
    async list(actor: AuthContext, q: z.output<typeof ZPushListQuery>) {
      await repo.expireProject(actor.projectId, expiryCutoff());
      const { rows, total } = await repo.page(actor.projectId, q.limit, q.offset);
      const deliveries = await repo.deliveriesOf(rows.map((r) => r.id));
      const byPush = new Map<number, DeliveryRow[]>();
      for (const d of deliveries) {
        const list = byPush.get(d.pushId);
        if (list) list.push(d);
        else byPush.set(d.pushId, [d]);
      }
      return { pushes: rows.map((r) => toPush(r, byPush.get(r.id) ?? [])), total };
    },

    /** socket `push:ack` from a kiosk: its own delivery becomes delivered, once. */
    async ack(device: DeviceContext, payload: unknown) {
      const { push_id } = validate(ZPushAck, payload);
      const changed = await repo.markDelivered(device.id, push_id, clock.now());
      if (changed) refresh(device.projectId, push_id);
      return { push_id, delivered: changed };
    },

    /** A kiosk connected: expire what waited too long, then send the rest, oldest first. */
    async deviceConnected(device: DeviceContext) {
      const cutoff = expiryCutoff();
      const expired = await repo.expireDevice(device.id, cutoff);
      for (const pushId of expired) refresh(device.projectId, pushId);
      for (const row of await repo.pendingFor(device.id, cutoff)) {
        notifier.toDevice(device.id, SOCKET.push, toPushMessage(row));
      }
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
