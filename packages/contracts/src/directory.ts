import { z } from 'zod';
import { rule } from './rules.js';
import { ZLanguage } from './access-schemas.js';
import { ZId, ZPaging } from './common.js';
import { ZBulkSelection } from './undo.js';

/**
 * The directory (Interface Settings → Directory; GET, POST, PUT, DELETE /directory): a device's
 * units (a shop, an office, a clinic) with who occupies each, how to reach them and, per language
 * the device offers, the occupant's name and a description. The kiosk shows it searchable by touch;
 * a unit with live chat on offers a chat with staff tagged with that unit.
 */

/** Units on one device: a large mall's directory, and what an import may bring at once. */
export const DIRECTORY_MAX_UNITS = 5000;
export const DIRECTORY_UNIT_MAX = 20;
export const DIRECTORY_NAME_MAX = 100;
export const DIRECTORY_DESCRIPTION_MAX = 1000;
export const DIRECTORY_PHONE_MAX = 30;
export const DIRECTORY_EMAIL_MAX = 254;
/** A logo is an image of the media pipeline (IMAGE_TYPES, at most IMAGE_UPLOAD_MAX_BYTES). */
export const DIRECTORY_LOGO_FIELD = 'logo';
/** The multipart field holding the unit's fields as JSON (ZDirectoryUnitFields). */
export const DIRECTORY_DATA_FIELD = 'data';

export const ZDirectoryUnitNumber = z
  .string()
  .trim()
  .min(1, rule('unit_required'))
  .max(DIRECTORY_UNIT_MAX, rule('maximum_characters', { max: DIRECTORY_UNIT_MAX }));
export const ZDirectoryName = z
  .string()
  .trim()
  .max(DIRECTORY_NAME_MAX, rule('maximum_characters', { max: DIRECTORY_NAME_MAX }));
export const ZDirectoryDescription = z
  .string()
  .trim()
  .max(DIRECTORY_DESCRIPTION_MAX, rule('maximum_characters', { max: DIRECTORY_DESCRIPTION_MAX }));
/** Blank, or a number as people write it: digits with spaces and + - ( ), at least 3 digits. */
export const ZDirectoryPhone = z
  .string()
  .trim()
  .max(DIRECTORY_PHONE_MAX, rule('maximum_characters', { max: DIRECTORY_PHONE_MAX }))
  .regex(/^[0-9+\-() ]*$/, rule('mobile_charset'))
  // A number of the wrong characters is told once, by the rule above.
  .refine((v) => v === '' || !/^[0-9+\-() ]*$/.test(v) || (v.match(/[0-9]/g)?.length ?? 0) >= 3, {
    message: rule('phone_format'),
  });
/** Blank, or an email address. */
export const ZDirectoryEmail = z
  .string()
  .trim()
  .max(DIRECTORY_EMAIL_MAX, rule('maximum_characters', { max: DIRECTORY_EMAIL_MAX }))
  .refine((v) => v === '' || z.email().safeParse(v).success, { message: rule('email_format') });

/** Texts per language; an empty text is the same as none. */
const ZTexts = <T extends z.ZodType<string>>(text: T) => z.partialRecord(ZLanguage, text).default({});

/**
 * A unit's fields as POST and PUT send them (the multipart field `data`, JSON). The occupant's name
 * is needed in at least one language; every language must be one the device offers.
 */
export const ZDirectoryUnitFields = z
  .object({
    unit: ZDirectoryUnitNumber,
    names: ZTexts(ZDirectoryName),
    descriptions: ZTexts(ZDirectoryDescription),
    phone: ZDirectoryPhone.default(''),
    email: ZDirectoryEmail.default(''),
    live_chat: z.boolean().default(false),
  })
  .refine((u) => Object.values(u.names).some((n) => n !== undefined && n !== ''), {
    message: rule('occupant_name_required'),
    path: ['names'],
  });
export type DirectoryUnitFields = z.input<typeof ZDirectoryUnitFields>;

/** PUT's fields: the unit's id, and `remove_logo` to drop the logo without sending a new one. */
export const ZUpdateDirectoryUnitFields = z.object({
  id: ZId,
  remove_logo: z.boolean().default(false),
});

/** A directory unit. Texts are stored and sent as typed (a `<script>` is text, never markup). */
export const ZDirectoryUnit = z.object({
  id: z.number().int(),
  unit: z.string(),
  names: z.partialRecord(ZLanguage, z.string()),
  descriptions: z.partialRecord(ZLanguage, z.string()),
  phone: z.string(),
  email: z.string(),
  live_chat: z.boolean(),
  logo_media_id: z.number().int().nullable(),
  /** /media/… of the logo, or null. */
  logo_url: z.string().nullable(),
  updated_at: z.string(),
});
export type DirectoryUnit = z.infer<typeof ZDirectoryUnit>;
export const ZDirectoryUnits = z.array(ZDirectoryUnit);

/** GET /directory: the device's units by unit number; `search` matches unit, name, phone or email. */
export const ZDirectoryQuery = ZPaging.extend({
  device_id: ZId,
  search: z.string().trim().max(100).default(''),
});
export type DirectoryQuery = z.input<typeof ZDirectoryQuery>;

/** POST and PUT /directory and the import and export: the device in the query. */
export const ZDirectoryDeviceQuery = z.object({ device_id: ZId });

/** DELETE /directory */
export const ZDeleteDirectoryUnitRequest = z.object({ device_id: ZId, id: ZId });

// ---------------------------------------------------------------- import and export (xlsx)

export const DIRECTORY_IMPORT_MODES = ['preview', 'apply'] as const;
export const ZDirectoryImportQuery = z.object({
  device_id: ZId,
  mode: z.enum(DIRECTORY_IMPORT_MODES).default('preview'),
});

/** A row of the file that cannot be imported: where, and the rule it breaks (for the console to translate). */
export const ZDirectoryImportIssue = z.object({
  row: z.number().int(),
  column: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type DirectoryImportIssue = z.infer<typeof ZDirectoryImportIssue>;

export const DIRECTORY_IMPORT_ACTIONS = ['add', 'update', 'unchanged'] as const;
/**
 * What an import does (preview) or did (apply): per row, whether it adds a unit, updates one (by
 * its unit number) or changes nothing. Units the file does not name are left as they are. With any
 * error nothing is applied.
 */
export const ZDirectoryImportReport = z.object({
  applied: z.boolean(),
  add: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** The rows in file order (at most DIRECTORY_MAX_UNITS). */
  rows: z.array(
    z.object({
      row: z.number().int(),
      unit: z.string(),
      name: z.string(),
      action: z.enum(DIRECTORY_IMPORT_ACTIONS),
    }),
  ),
  errors: z.array(ZDirectoryImportIssue),
});
export type DirectoryImportReport = z.infer<typeof ZDirectoryImportReport>;

// ---------------------------------------------------------------- kiosk

/** What a kiosk shows of a unit (GET /device_api/v1/directory). */
export const ZKioskDirectoryUnit = ZDirectoryUnit.pick({
  id: true,
  unit: true,
  names: true,
  descriptions: true,
  phone: true,
  email: true,
  live_chat: true,
  logo_url: true,
});
export type KioskDirectoryUnit = z.infer<typeof ZKioskDirectoryUnit>;
export const ZKioskDirectory = z.array(ZKioskDirectoryUnit);

/** The `interface:directory` socket event: the directory changed; a kiosk reads it again. */
export const ZDirectoryChanged = z.object({ changed_at: z.string() });
export type DirectoryChanged = z.infer<typeof ZDirectoryChanged>;

/** Bulk actions on directory units: picked ones, or all the list's search matches. */
export const ZDirectoryBulkRequest = z.object({
  device_id: ZId,
  action: z.enum(['delete']),
  selection: ZBulkSelection(z.object({ search: z.string().trim().max(120).default('') })),
});
export type DirectoryBulkRequest = z.input<typeof ZDirectoryBulkRequest>;
