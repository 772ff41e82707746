import { z } from 'zod';
import { rule } from './rules.js';
import { LANGUAGES, type Language } from './access.js';
import { ZLanguage } from './access-schemas.js';
import { ZId } from './common.js';

export const DEVICE_KINDS = ['ambassador', 'chatbot'] as const;
export const ZDeviceKind = z.enum(DEVICE_KINDS);
export type DeviceKind = z.infer<typeof ZDeviceKind>;

export const ZDevice = z.object({
  id: z.number().int(),
  description: z.string(),
  kind: ZDeviceKind,
  /**
   * The languages it offers, its default first: content editors show these first. Optional for
   * the console's sake only: a session stored before the field existed lacks it until reloaded.
   */
  languages: z.array(ZLanguage).optional(),
});
export type Device = z.infer<typeof ZDevice>;

export const ZDevicesQuery = z.object({ project_id: ZId });
export const ZDevicesResponse = z.array(ZDevice);

// ---------------------------------------------------------------- device management (Admin Settings)

/** Languages a new device offers until an admin changes them. */
export const DEFAULT_DEVICE_LANGUAGES = [
  'english',
  'cantonese',
  'mandarin',
] as const satisfies readonly Language[];

const ZDeviceDescription = z
  .string({ error: rule('name_required') })
  .trim()
  .min(1, rule('name_required'))
  .max(80, rule('maximum_characters', { max: 80 }));
const ZDeviceLanguages = z
  .array(ZLanguage)
  .min(1, rule('choose_language'))
  .max(LANGUAGES.length)
  .transform((list) => [...new Set(list)]);

/** A device as Admin Settings shows it: never its key, only whether it has one. */
export const ZManagedDevice = ZDevice.extend({
  languages: z.array(ZLanguage),
  /** The key's first characters, to tell keys apart; null when the device has no usable key. */
  key_prefix: z.string().nullable(),
  key_created_at: z.string().nullable(),
  /** Last time the device called the device API. */
  last_seen_at: z.string().nullable(),
  /** When it was archived: no key, not in the selector; restore or delete it. Null when in use. */
  archived_at: z.string().nullable(),
  /** Whether a staff PIN is set: without one the kiosk cannot be unpaired on site. */
  has_staff_pin: z.boolean(),
  /** When staff last unpaired the kiosk on site with the PIN. */
  unpaired_at: z.string().nullable(),
  created_at: z.string(),
});
export type ManagedDevice = z.infer<typeof ZManagedDevice>;
export const ZManagedDevicesResponse = z.array(ZManagedDevice);

export const ZCreateDeviceRequest = z.object({
  description: ZDeviceDescription,
  kind: ZDeviceKind,
  languages: ZDeviceLanguages.default([...DEFAULT_DEVICE_LANGUAGES]),
});
export type CreateDeviceRequest = z.input<typeof ZCreateDeviceRequest>;
export const ZUpdateDeviceRequest = z.object({
  id: ZId,
  description: ZDeviceDescription.optional(),
  languages: ZDeviceLanguages.optional(),
});
export type UpdateDeviceRequest = z.input<typeof ZUpdateDeviceRequest>;
export const ZDeviceKeyRequest = z.object({ id: ZId });
/** POST /admin_settings/devices/archive and /restore. */
export const ZDeviceIdRequest = z.object({ id: ZId });

/** DELETE /admin_settings/devices: an archived device, for good; its name typed again to confirm. */
export const ZDeleteDeviceRequest = z.object({
  id: ZId,
  confirm_name: z.string({ error: rule('confirm_name_required') }).max(200),
});
export type DeleteDeviceRequest = z.input<typeof ZDeleteDeviceRequest>;
/** What went with it. */
export const ZDeletedDevice = z.object({
  id: z.number().int(),
  description: z.string(),
  removed: z.object({
    topics: z.number().int(),
    conversations: z.number().int(),
    chats: z.number().int(),
    calls: z.number().int(),
    pushes: z.number().int(),
  }),
});
export type DeletedDevice = z.infer<typeof ZDeletedDevice>;

// ---------------------------------------------------------------- retention (Admin Settings)

export const RETENTION_DAYS = { min: 7, max: 3650 } as const;
/** GET / PUT /admin_settings/retention: how long the project keeps its visitor conversations. */
export const ZRetentionSettings = z.object({
  /** Days; null keeps them for ever (the default). */
  conversation_retention_days: z
    .number()
    .int()
    .min(RETENTION_DAYS.min, rule('minimum', { min: RETENTION_DAYS.min }))
    .max(RETENTION_DAYS.max, rule('maximum', { max: RETENTION_DAYS.max }))
    .nullable(),
});
export type RetentionSettings = z.infer<typeof ZRetentionSettings>;

/** Returned once, when a key is made: the server keeps only its hash. */
export const ZDeviceWithKey = z.object({ device: ZManagedDevice, device_key: z.string() });
export type DeviceWithKey = z.infer<typeof ZDeviceWithKey>;

// ---------------------------------------------------------------- staff PIN (the kiosk's staff settings)

/** What opens the kiosk's staff settings (unpairing) on site: 4 to 8 digits, set per device. */
export const ZStaffPin = z
  .string({ error: rule('staff_pin_digits') })
  .regex(/^[0-9]{4,8}$/, rule('staff_pin_digits'));
/** PUT /admin_settings/devices/staff_pin: set the device's staff PIN, or remove it (null). */
export const ZSetStaffPinRequest = z.object({ id: ZId, pin: ZStaffPin.nullable() });
export type SetStaffPinRequest = z.input<typeof ZSetStaffPinRequest>;
/** POST /device_api/v1/staff/unpair: staff on site forget the key, with the device's PIN. */
export const ZStaffUnpairRequest = z.object({ pin: z.string().max(32) });
export type StaffUnpairRequest = z.infer<typeof ZStaffUnpairRequest>;
