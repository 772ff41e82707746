import {
  DEVICE_KEY_PREFIX,
  type Language,
  type ManagedDevice,
  type ZCreateDeviceRequest,
  type ZSetStaffPinRequest,
  type ZUpdateDeviceRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
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
/**
 * A key found is trusted this long without reading it again. Every change to a device or its keys
 * forgets its keys on every instance at once (over the event bus); the limit bounds how long another
 * instance could still accept a revoked key if that message were lost (Redis down).
 */
const KEY_CACHE_MS = 30_000;
const KEY_CACHE_MAX = 10_000;
/** Wrong staff PINs a device may be sent in PIN_WINDOW_MS (per instance) before it must wait. */
const PIN_FAILURES = 5;
const PIN_WINDOW_MS = 15 * 60_000;
const PIN_LOCKED = 'Too many wrong PINs. Try again in 15 minutes.';
const NO_PIN = 'This device has no staff PIN yet. Set one in the console under Admin Settings → Devices.';

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
  onDeviceChanged,
}: {
  repo: DevicesRepo;
  clock: Clock;
  /** A device's keys were replaced or revoked: its live sockets close at once. */
  onKeysRevoked?: (deviceId: number) => void;
  /** A device was archived or deleted: what is held in memory for it (its matcher) can go. */
  onRetired?: (deviceId: number) => void;
  /**
   * A device or its keys changed: every instance must forget what it remembers of its keys (they
   * call `forgetDevice`). Alone, this instance forgets them itself.
   */
  onDeviceChanged?: (deviceId: number) => void;
}) {
  /** Keys recently found: SHA-256 → the device, its key's label, when it was last seen. */
  const keys = createTtlCache<string, { context: DeviceContext; label: string; lastSeen: number }>({
    ttlMs: KEY_CACHE_MS,
    max: KEY_CACHE_MAX,
  });
  function forgetDevice(deviceId: number) {
    keys.deleteWhere((entry) => entry.context.id === deviceId);
  }
  const changed = (deviceId: number) => {
    forgetDevice(deviceId);
    onDeviceChanged?.(deviceId);
  };

  const toManaged = (row: NonNullable<Awaited<ReturnType<DevicesRepo['findManaged']>>>): ManagedDevice => ({
    id: row.id,
    description: row.description,
    kind: row.kind,
    languages: row.languages,
    key_prefix: row.keyPrefix,
    key_created_at: iso(row.keyCreatedAt),
    last_seen_at: iso(row.lastSeenAt),
    archived_at: iso(row.archivedAt),
    has_staff_pin: Boolean(row.hasStaffPin),
    unpaired_at: iso(row.unpairedAt),
    created_at: iso(row.createdAt)!,
  });
  /** Wrong PINs per device: past PIN_FAILURES in PIN_WINDOW_MS, the kiosk waits (a PIN is short). */
  const pinFailures = createTtlCache<number, number>({ ttlMs: PIN_WINDOW_MS, max: 10_000 });

  async function managed(actor: AuthContext, deviceId: number) {
    const row = await repo.findManaged(deviceId, actor.projectId);
    if (!row) throw notFound('Device not found.');
    return toManaged(row);
  }

  return {
    async list(actor: AuthContext, projectId: number) {
      if (projectId !== actor.projectId) throw forbidden('This project is not yours.');
      const rows = await repo.listByProject(projectId);
      return rows;
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

    /** Sets the device's staff PIN (hashed like a password), or removes it. */
    async setStaffPin(actor: AuthContext, input: z.output<typeof ZSetStaffPinRequest>) {
      await managed(actor, input.id);
      await repo.setStaffPin(
        input.id,
        actor.projectId,
        input.pin === null ? null : await hashPassword(input.pin),
      );
      return managed(actor, input.id);
    },

    /**
     * Staff on site unpair the kiosk: with the device's PIN it may forget its key (which stays valid,
     * so pairing again needs no new key). Without a PIN set, unpairing is only from the console.
     */
    async unpairWithPin(device: DeviceContext, pin: string) {
      const failures = pinFailures.get(device.id) ?? 0;
      if (failures >= PIN_FAILURES) throw tooManyRequests(PIN_LOCKED, 'locked_out', PIN_WINDOW_MS / 1000);
      const hash = await repo.staffPinHash(device.id);
      if (!hash) throw conflict(NO_PIN, 'no_staff_pin');
      if (!(await verifyPassword(hash, pin))) {
        pinFailures.set(device.id, failures + 1);
        throw forbidden('Wrong PIN.', 'wrong_pin');
      }
      pinFailures.delete(device.id);
      await repo.markUnpaired(device.id, clock.now());
    },

    async update(actor: AuthContext, input: z.output<typeof ZUpdateDeviceRequest>) {
      await managed(actor, input.id);
      await repo.update(input.id, actor.projectId, {
        description: input.description,
        languages: input.languages,
      });
      changed(input.id);
      return managed(actor, input.id);
    },

    /** A new key; the previous one stops working at once. */
    async rotateKey(actor: AuthContext, deviceId: number) {
      await managed(actor, deviceId);
      const { key, stored } = issueKey('console');
      await repo.replaceKeys(deviceId, clock.now(), stored);
      changed(deviceId);
      onKeysRevoked(deviceId);
      return { device: await managed(actor, deviceId), device_key: key };
    },

    async revokeKeys(actor: AuthContext, deviceId: number) {
      await managed(actor, deviceId);
      await repo.replaceKeys(deviceId, clock.now());
      changed(deviceId);
      onKeysRevoked(deviceId);
      return managed(actor, deviceId);
    },

    /** Retires a device: its keys stop working and it leaves the selector; its data stays. */
    async archive(actor: AuthContext, deviceId: number) {
      const device = await managed(actor, deviceId);
      if (device.archived_at !== null) return device;
      await repo.archive(deviceId, actor.projectId, clock.now());
      changed(deviceId);
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
      changed(input.id);
      onRetired(input.id);
      return { id: device.id, description: device.description, removed };
    },

    // ------------------------------------------------------------ device API authentication

    /** The device a bearer key belongs to; a missing, unknown or revoked key is a 401. */
    async authenticate(key: string | undefined): Promise<DeviceContext> {
      if (!key || !key.startsWith(DEVICE_KEY_PREFIX) || key.length > 200) {
        throw unauthorized('A device key is required (Authorization: Bearer dk_…).');
      }
      const hash = hashToken(key);
      let entry = keys.get(hash);
      if (!entry) {
        const row = await repo.findByKeyHash(hash);
        if (!row) throw unauthorized('This device key is unknown or has been revoked.');
        entry = {
          context: {
            id: row.id,
            projectId: row.projectId,
            projectName: row.projectName,
            description: row.description,
            kind: row.kind,
            languages: row.languages,
          },
          label: row.label,
          lastSeen: row.lastSeenAt ? new Date(row.lastSeenAt).getTime() : -Infinity,
        };
        keys.set(hash, entry);
      }
      const now = clock.now();
      // Only the device's own key says the device was seen; a tool's key (demo data) does not.
      if (entry.label === 'console' && now.getTime() - entry.lastSeen > TOUCH_EVERY_MS) {
        entry.lastSeen = now.getTime();
        // Best effort: a failed last-seen write must not refuse the device.
        await repo.touch(entry.context.id, now).catch(() => undefined);
      }
      return entry.context;
    },

    /** Another instance changed this device or its keys. */
    forgetDevice,

    /** A short-lived extra key for tools that talk to a device as the device (demo data). */
    async issueToolKey(deviceId: number) {
      const { key, stored } = issueKey('seed');
      const keyId = await repo.addKey(deviceId, stored);
      return {
        key,
        revoke: async () => {
          await repo.revokeKey(keyId, clock.now());
          changed(deviceId);
        },
      };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
