import {
  DEVICE_KEY_PREFIX,
  type Language,
  type ManagedDevice,
  type ZCreateDeviceRequest,
  type ZUpdateDeviceRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AuthContext } from '../auth/index.js';
import type { DevicesRepo } from './repo.js';

/** What the device API knows about the device calling it. */
export interface DeviceContext {
  id: number;
  projectId: number;
  projectName: string;
  description: string;
  kind: 'ambassador' | 'chatbot';
  languages: Language[];
}

/** A last-seen time is written at most this often, not on every question. */
const TOUCH_EVERY_MS = 60_000;

/** `dk_` + 256 random bits: shown once, stored as SHA-256 (high entropy needs no slow hash). */
function issueKey(label: string) {
  const key = `${DEVICE_KEY_PREFIX}${newToken()}`;
  return { key, stored: { hash: hashToken(key), prefix: key.slice(0, DEVICE_KEY_PREFIX.length + 6), label } };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function createDevicesService({
  repo,
  clock,
  onKeysRevoked = () => undefined,
  onRetired = () => undefined,
}: {
  repo: DevicesRepo;
  clock: Clock;
  /** A device's keys were replaced or revoked: its live sockets close at once. */
  onKeysRevoked?: (deviceId: number) => void;
  /** A device was archived or deleted: what is held in memory for it (its matcher) can go. */
  onRetired?: (deviceId: number) => void;
}) {
  const toManaged = (row: NonNullable<Awaited<ReturnType<DevicesRepo['findManaged']>>>): ManagedDevice => ({
    id: row.id,
    description: row.description,
    kind: row.kind,
    languages: row.languages as Language[],
    key_prefix: row.keyPrefix,
    key_created_at: iso(row.keyCreatedAt),
    last_seen_at: iso(row.lastSeenAt),
    archived_at: iso(row.archivedAt),
    created_at: iso(row.createdAt)!,
  });

  async function managed(actor: AuthContext, deviceId: number) {
    const row = await repo.findManaged(deviceId, actor.projectId);
    if (!row) throw notFound('Device not found.');
    return toManaged(row);
  }

  return {
    async list(actor: AuthContext, projectId: number) {
      if (projectId !== actor.projectId) throw forbidden('This project is not yours.');
      const rows = await repo.listByProject(projectId);
      return rows.map((row) => ({ ...row, languages: row.languages as Language[] }));
    },
    /** A device of the caller's project; another project's is a 403, like the guard's. */
    async get(actor: AuthContext, deviceId: number) {
      const device = await repo.find(deviceId, actor.projectId);
      if (!device) throw forbidden('This device is not in your project.');
      return device;
    },
    belongsToProject: (deviceId: number, projectId: number) => repo.exists(deviceId, projectId),
    /** Whether all these (distinct) ids are devices of the project, and whether any is archived. */
    async checkScope(ids: number[], projectId: number) {
      if (ids.length === 0) return { inProject: true, archived: false };
      const { inProject, archived } = await repo.countInProject(ids, projectId);
      return { inProject: inProject === ids.length, archived: archived > 0 };
    },

    // ------------------------------------------------------------ Admin Settings → Devices

    listManaged: async (actor: AuthContext) => (await repo.listManaged(actor.projectId)).map(toManaged),

    async create(actor: AuthContext, input: z.output<typeof ZCreateDeviceRequest>) {
      const id = await repo.create({ projectId: actor.projectId, ...input });
      const { key, stored } = issueKey('console');
      await repo.replaceKeys(id, clock.now(), stored);
      return { device: await managed(actor, id), device_key: key };
    },

    async update(actor: AuthContext, input: z.output<typeof ZUpdateDeviceRequest>) {
      await managed(actor, input.id);
      await repo.update(input.id, actor.projectId, {
        description: input.description,
        languages: input.languages,
      });
      return managed(actor, input.id);
    },

    /** A new key; the previous one stops working at once. */
    async rotateKey(actor: AuthContext, deviceId: number) {
      await managed(actor, deviceId);
      const { key, stored } = issueKey('console');
      await repo.replaceKeys(deviceId, clock.now(), stored);
      onKeysRevoked(deviceId);
      return { device: await managed(actor, deviceId), device_key: key };
    },

    async revokeKeys(actor: AuthContext, deviceId: number) {
      await managed(actor, deviceId);
      await repo.replaceKeys(deviceId, clock.now());
      onKeysRevoked(deviceId);
      return managed(actor, deviceId);
    },

    /** Retires a device: its keys stop working and it leaves the selector; its data stays. */
    async archive(actor: AuthContext, deviceId: number) {
      const device = await managed(actor, deviceId);
      if (device.archived_at !== null) return device;
      await repo.archive(deviceId, actor.projectId, clock.now());
      onKeysRevoked(deviceId);
      onRetired(deviceId);
      return managed(actor, deviceId);
    },

    /** Back in the selector, with its data; it needs a new key to talk again. */
    async restore(actor: AuthContext, deviceId: number) {
      const device = await managed(actor, deviceId);
      if (device.archived_at === null) return device;
      await repo.restore(deviceId, actor.projectId);
      return managed(actor, deviceId);
    },

    /** An archived device and all that is only its own, for good, once its name is typed again. */
    async deleteForever(actor: AuthContext, input: { id: number; confirm_name: string }) {
      const device = await managed(actor, input.id);
      if (device.archived_at === null) {
        throw conflict('Archive the device before deleting it.', 'device_not_archived');
      }
      if (input.confirm_name.trim() !== device.description) {
        throw badRequest('The name typed does not match the device name.', 'confirm_mismatch');
      }
      const removed = await repo.deleteForever(input.id, actor.projectId);
      onRetired(input.id);
      return { id: device.id, description: device.description, removed };
    },

    // ------------------------------------------------------------ device API authentication

    /** The device a bearer key belongs to; a missing, unknown or revoked key is a 401. */
    async authenticate(key: string | undefined): Promise<DeviceContext> {
      if (!key || !key.startsWith(DEVICE_KEY_PREFIX) || key.length > 200) {
        throw unauthorized('A device key is required (Authorization: Bearer dk_…).');
      }
      const row = await repo.findByKeyHash(hashToken(key));
      if (!row) throw unauthorized('This device key is unknown or has been revoked.');
      const now = clock.now();
      const stale = !row.lastSeenAt || now.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_EVERY_MS;
      // Only the device's own key says the device was seen; a tool's key (demo data) does not.
      if (row.label === 'console' && stale) {
        // Best effort: a failed last-seen write must not refuse the device.
        await repo.touch(row.id, now).catch(() => undefined);
      }
      return {
        id: row.id,
        projectId: row.projectId,
        projectName: row.projectName,
        description: row.description,
        kind: row.kind,
        languages: row.languages as Language[],
      };
    },

    /** A short-lived extra key for tools that talk to a device as the device (demo data). */
    async issueToolKey(deviceId: number) {
      const { key, stored } = issueKey('seed');
      const keyId = await repo.addKey(deviceId, stored);
      return { key, revoke: () => repo.revokeKey(keyId, clock.now()) };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
