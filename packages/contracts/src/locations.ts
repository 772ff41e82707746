import { z } from 'zod';
import { rule } from './rules.js';
import { ZDayOption, ZClock } from './hours.js';
import { MAX_ID, ZId, ZIdNumber, ZPaging } from './common.js';
import { ZMediaUrl } from './ai.js';
import { ZLanguage } from './access-schemas.js';
import { ZDirectoryImportIssue } from './directory.js';
import { ZBulkSelection } from './undo.js';

/**
 * Locations and maps (AI Configuration → Locations; `/location_map/*`): a device's
 * floor plans (maps, in floor order), its places (locations) each with a point on one map, and a
 * layered tree of location categories. Devices answer "where is …" with a location: its details in
 * the asker's language, whether it is open now, and the map with the point (docs/decisions.md).
 *
 * Every call names the device (`device_id`, in the query or the body); the guard checks it is one of
 * the caller's project. Ids in paths (`location_id`, `map_id`, `category_id`) of another device or
 * project are 404.
 */

/** The languages a location's details are written in. */
export const LOCATION_LOCALES = ['cantonese', 'english', 'mandarin'] as const;
export const ZLocationLocale = z.enum(LOCATION_LOCALES);
export type LocationLocale = z.infer<typeof ZLocationLocale>;

export const LOCATION_PAGE_SIZE = 10;
export const LOCATION_NAME_MAX = 120;
export const LOCATION_ADDRESS_MAX = 300;
export const LOCATION_PHONE_MAX = 30;
export const LOCATION_ALIAS_MAX = 80;
export const LOCATION_MAX_ALIASES = 30;
/** Categories one location is filed under. */
export const LOCATION_MAX_CATEGORIES = 20;
/** Opening-hours spans per language. */
export const LOCATION_MAX_HOURS = 30;
export const MAP_NAME_MAX = 80;
export const LOCATION_CATEGORY_NAME_MAX = 80;
/** Per device. */
export const MAX_LOCATIONS = 5000;
export const MAX_MAPS = 100;
export const MAX_LOCATION_CATEGORIES = 500;
/** The multipart fields of a map upload: the file (an image or a PDF) and the fields as JSON. */
export const MAP_FILE_FIELD = 'file';
export const MAP_DATA_FIELD = 'data';
/** A PDF floor plan is rendered at this many pixels on its longer side. */
export const MAP_PDF_RENDER_PX = 4000;

// ---------------------------------------------------------------- shared pieces

/**
 * A point on a map: fractions (0 … 1) of the map image's width (`x`, from the left) and height
 * (`y`, from the top). Fractions keep the point where it is when the image is shown at any size or
 * replaced by a sharper copy of the same plan.
 */
const fraction = z
  .number({ error: rule('point_outside_map') })
  .min(0, rule('point_outside_map'))
  .max(1, rule('point_outside_map'));
export const ZMapPoint = z.object({ x: fraction, y: fraction });
export type MapPoint = z.infer<typeof ZMapPoint>;

/**
 * One span of opening hours, in the device's time zone: on `day` from `start` to `end`. An
 * `overnight` span ends on the next day (Friday 22:00 → 02:00 is open until Saturday 02:00), and
 * must end before it starts; any other must end after it starts (an end of 24:00 or 00:00 is
 * midnight). No spans: hours unknown (the answer says neither open nor closed).
 */
export const ZOpeningHoursSpan = z
  .object({ day: ZDayOption, start: ZClock, end: ZClock, overnight: z.boolean().default(false) })
  .refine((r) => r.start !== '24:00', { message: rule('time_format'), path: ['start'] })
  .refine((r) => r.start !== r.end, { message: rule('end_equals_start'), path: ['end'] })
  .refine((r) => r.overnight || r.end === '00:00' || r.end > r.start, {
    message: rule('hours_end_before_start'),
    path: ['end'],
  })
  .refine((r) => !r.overnight || (r.end !== '24:00' && r.end < r.start), {
    message: rule('hours_overnight_end'),
    path: ['end'],
  });
export type OpeningHoursSpan = z.infer<typeof ZOpeningHoursSpan>;
export type OpeningHoursSpanInput = z.input<typeof ZOpeningHoursSpan>;

const text = (max: number) => z.string().trim().max(max, rule('maximum_characters', { max }));
const ZImageField = ZMediaUrl.or(z.literal('')).default('');

/** Blank, or a number as people write it: digits, spaces and + - ( ). */
const ZLocationPhone = text(LOCATION_PHONE_MAX).regex(/^[0-9+\-() ]*$/, rule('mobile_charset'));

/**
 * Pictures of a location (its own and per language) are uploaded first — POST
 * /location_map/upload?device_id (multipart, one image `file`; answers the media pipeline's
 * `UploadResponse`) or the resumable uploads — and then named by their /media/… address.
 */

/** A location's details in one language: localization, name, address, phone, image, hours. */
export const ZLocationDetailsInput = z.object({
  name: text(LOCATION_NAME_MAX).default(''),
  address: text(LOCATION_ADDRESS_MAX).default(''),
  phone_number: ZLocationPhone.default(''),
  /** A /media/… address from an upload (POST /location_map/upload), or ''. */
  image: ZImageField,
  opening_hours: z.array(ZOpeningHoursSpan).max(LOCATION_MAX_HOURS).default([]),
});
export const ZLocationDetails = z.object({
  localization: ZLocationLocale,
  name: z.string(),
  address: z.string(),
  phone_number: z.string(),
  image: z.string(),
  opening_hours: z.array(
    z.object({ day: ZDayOption, start: z.string(), end: z.string(), overnight: z.boolean() }),
  ),
});
export type LocationDetails = z.infer<typeof ZLocationDetails>;

export const ZLocationName = z
  .string({ error: rule('location_name_required') })
  .trim()
  .min(1, rule('location_name_required'))
  .max(LOCATION_NAME_MAX, rule('maximum_characters', { max: LOCATION_NAME_MAX }));
export const ZLocationAlias = z
  .string()
  .trim()
  .min(1, rule('text_empty'))
  .max(LOCATION_ALIAS_MAX, rule('maximum_characters', { max: LOCATION_ALIAS_MAX }))
  .refine((a) => !a.includes(','), { message: rule('alias_comma') });

// ---------------------------------------------------------------- locations

export const ZLocationCategoryRef = z.object({ category_id: z.number().int(), category_name: z.string() });

/** A location, as every read sends it. */
export const ZLocation = z.object({
  id: z.number().int(),
  /** The name operators know it by; devices answer with the name of the asker's language when it has one. */
  name: z.string(),
  categories: z.array(ZLocationCategoryRef),
  /** The languages whose details are in use (the others are kept but not answered with). */
  selected_details: z.array(ZLocationLocale),
  map_id: z.number().int().nullable(),
  map_name: z.string().nullable(),
  /** The point on the map; null when the location has no map. */
  poi: ZMapPoint.nullable(),
  /** /media/… of the location's picture, or ''. */
  image: z.string(),
  is_active: z.boolean(),
  details: z.partialRecord(ZLocationLocale, ZLocationDetails),
  /** Other names visitors use ("chemist" for the pharmacy): a question naming one finds the location. */
  aliases: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof ZLocation>;
export const ZLocations = z.array(ZLocation);

/** A comma-joined list of ids in a query string (`1,2,3`), or repeated parameters, or an array. */
const ZIdList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => String(s).trim()).filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, rule('invalid_id', { max: MAX_ID }))
          .transform(Number)
          .pipe(ZIdNumber),
      )
      .max(50),
  );

/**
 * GET /location_map/locations: a page of the device's locations by name. `search` matches the name,
 * the names in every language, the aliases and the address; `category_ids` keeps locations filed
 * under any of those layers or their sub-layers.
 */
export const ZLocationsQuery = ZPaging.extend({
  device_id: ZId,
  search: z.string().trim().max(120).default(''),
  category_ids: ZIdList.default([]),
});
export type LocationsQuery = z.input<typeof ZLocationsQuery>;

/**
 * POST /location_map/locations (body) and PUT /location_map/locations/{location_id} (body, every
 * field: what is not sent goes back to its default). A point needs a map and a map needs a point.
 * Two locations of one category may not share a name (409 `location_name_taken`).
 */
export const ZLocationFields = z
  .object({
    device_id: ZId,
    name: ZLocationName,
    category_ids: z.array(ZIdNumber).max(LOCATION_MAX_CATEGORIES).default([]),
    selected_details: z.array(ZLocationLocale).default([...LOCATION_LOCALES]),
    map_id: ZIdNumber.nullable().default(null),
    poi: ZMapPoint.nullable().default(null),
    image: ZImageField,
    is_active: z.boolean().default(true),
    details: z.partialRecord(ZLocationLocale, ZLocationDetailsInput).default({}),
    aliases: z.array(ZLocationAlias).max(LOCATION_MAX_ALIASES).default([]),
  })
  .refine((l) => (l.map_id === null) === (l.poi === null), {
    message: rule('point_needs_map'),
    path: ['poi'],
  });
export type LocationFields = z.input<typeof ZLocationFields>;

export const ZLocationParams = z.object({ location_id: ZId });
export const ZLocationDeviceQuery = z.object({ device_id: ZId });

// ---------------------------------------------------------------- maps

/** A map: id and name, with its image, its place in the floor order and its use. */
export const ZLocationMap = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 for the first (lowest) floor, in the order the operator set. */
  floor_order: z.number().int(),
  media_id: z.number().int(),
  /** The image as uploaded (or the PDF page as rendered), its web-sized copy and its thumbnail. */
  url: z.string(),
  web_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** Locations with a point on this map. */
  location_count: z.number().int(),
  created_at: z.string(),
});
export type LocationMap = z.infer<typeof ZLocationMap>;
export const ZLocationMaps = z.array(ZLocationMap);

export const ZMapName = z
  .string({ error: rule('map_name_required') })
  .trim()
  .min(1, rule('map_name_required'))
  .max(MAP_NAME_MAX, rule('maximum_characters', { max: MAP_NAME_MAX }));

export const ZMapParams = z.object({ map_id: ZId });
/** GET /location_map/maps and POST /location_map/maps: the device in the query. */
export const ZMapsQuery = z.object({ device_id: ZId });

/**
 * POST /location_map/maps (multipart, device_id in the query): the file `file` (a PNG, JPEG, GIF or
 * WebP image, or a PDF) and the field `data` (JSON, these fields). `page` is the PDF page to use
 * (1 = first; ignored for an image). `floor_order` puts the new map at that place in the order
 * (0 = first); by default it goes last.
 */
export const ZMapUploadFields = z.object({
  name: ZMapName,
  page: z
    .number()
    .int()
    .min(1, rule('minimum', { min: 1 }))
    .max(10_000)
    .default(1),
  floor_order: z.number().int().min(0).max(MAX_MAPS).nullable().default(null),
});
export type MapUploadFields = z.input<typeof ZMapUploadFields>;

/** PUT /location_map/maps/{map_id}: rename. */
export const ZRenameMapRequest = z.object({ device_id: ZId, name: ZMapName });
export type RenameMapRequest = z.input<typeof ZRenameMapRequest>;

/**
 * PUT /location_map/maps/order: the device's maps in floor order, every one exactly once (else 409
 * `map_list_changed`: someone added or deleted a map meanwhile; reload).
 */
export const ZReorderMapsRequest = z.object({
  device_id: ZId,
  map_ids: z.array(ZIdNumber).max(MAX_MAPS),
});
export type ReorderMapsRequest = z.input<typeof ZReorderMapsRequest>;

/**
 * DELETE /location_map/maps/{map_id}?device_id: refused (409 `map_in_use`) while locations have a
 * point on it; the message names them (the first 10, and how many more).
 */
export const ZDeleteMapQuery = z.object({ device_id: ZId });

// ---------------------------------------------------------------- the kiosk's own position

/**
 * Where the device itself stands (its "you are here"), on one of its maps; null when not set.
 * GET /location_map/kiosk_position?device_id; PUT /location_map/kiosk_position (body); DELETE
 * /location_map/kiosk_position?device_id clears it. Deleting the map clears it too.
 */
export const ZKioskPosition = z.object({
  map_id: z.number().int(),
  map_name: z.string(),
  poi: ZMapPoint,
});
export type KioskPosition = z.infer<typeof ZKioskPosition>;
export const ZKioskPositionQuery = z.object({ device_id: ZId });
export const ZSetKioskPositionRequest = z.object({ device_id: ZId, map_id: ZIdNumber, poi: ZMapPoint });
export type SetKioskPositionRequest = z.input<typeof ZSetKioskPositionRequest>;

// ---------------------------------------------------------------- category layers

/** A layer of the category tree: category_id, parent_id. */
export const ZLocationCategory = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  parent_id: z.number().int().nullable(),
  has_child: z.boolean(),
  /** Locations filed directly under this layer. */
  location_count: z.number().int(),
});
export type LocationCategory = z.infer<typeof ZLocationCategory>;

export interface LocationCategoryNode {
  category_id: number;
  category_name: string;
  parent_id: number | null;
  location_count: number;
  children: LocationCategoryNode[];
}
/** GET /location_map/categories/tree?device_id: the whole tree, each level by name. */
export const ZLocationCategoryNode: z.ZodType<LocationCategoryNode> = z
  .lazy(() =>
    z.object({
      category_id: z.number().int(),
      category_name: z.string(),
      parent_id: z.number().int().nullable(),
      location_count: z.number().int(),
      children: z.array(ZLocationCategoryNode),
    }),
  )
  .meta({ id: 'LocationCategoryNode' });
export const ZLocationCategoryTree = z.array(ZLocationCategoryNode);
export const ZLocationCategoryTreeQuery = z.object({ device_id: ZId });

/**
 * GET /location_map/categories/column?device_id&category_id: one column of the column view — the
 * layers under `category_id` (the top layers without it) and the locations filed directly under it.
 */
export const ZLocationCategoryColumnQuery = z.object({ device_id: ZId, category_id: ZId.optional() });
export const ZLocationCategoryColumn = z.object({
  categories: z.array(ZLocationCategory),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() })),
});
export type LocationCategoryColumn = z.infer<typeof ZLocationCategoryColumn>;

export const ZLocationCategoryName = z
  .string({ error: rule('category_name_required') })
  .trim()
  .min(1, rule('category_name_required'))
  .max(LOCATION_CATEGORY_NAME_MAX, rule('maximum_characters', { max: LOCATION_CATEGORY_NAME_MAX }));
/** POST /location_map/categories: a layer under `parent_id` (a top layer without it). Names are unique among siblings (409 `category_name_taken`). */
export const ZCreateLocationCategoryRequest = z.object({
  device_id: ZId,
  category: ZLocationCategoryName,
  parent_id: ZIdNumber.nullable().default(null),
});
export type CreateLocationCategoryRequest = z.input<typeof ZCreateLocationCategoryRequest>;
/** PUT /location_map/categories/{category_id}: rename a layer. */
export const ZRenameLocationCategoryRequest = z.object({ device_id: ZId, category: ZLocationCategoryName });
export type RenameLocationCategoryRequest = z.input<typeof ZRenameLocationCategoryRequest>;
export const ZLocationCategoryParams = z.object({ category_id: ZId });
/**
 * DELETE /location_map/categories/{category_id}?device_id: deletes the layer and its sub-layers;
 * locations filed under them stay, no longer filed there. Answers what went.
 */
export const ZDeleteLocationCategoryQuery = z.object({ device_id: ZId });
export const ZDeletedLocationCategory = z.object({
  /** The layers deleted: this one and its sub-layers. */
  categories: z.number().int(),
  /** Locations that were filed under them. */
  locations: z.number().int(),
});

// ---------------------------------------------------------------- import and export (xlsx)

export const LOCATION_IMPORT_MODES = ['preview', 'apply'] as const;
/**
 * POST /location_map/locations/import?device_id&mode (multipart, the file `file`): `preview` tells
 * what the file would do, `apply` does it (nothing with any error). GET
 * /location_map/locations/export?device_id: the device's locations as an xlsx workbook in the same
 * columns (a file exported can be imported again). A row with an id updates that location; one
 * without adds one. Locations the file does not name stay as they are.
 */
export const ZLocationImportQuery = z.object({
  device_id: ZId,
  mode: z.enum(LOCATION_IMPORT_MODES).default('preview'),
});
export const ZLocationExportQuery = z.object({ device_id: ZId });
/** A row of the file that cannot be imported: where, and the rule it breaks (as the directory's import says it). */
export const ZLocationImportIssue = ZDirectoryImportIssue;
export type LocationImportIssue = z.infer<typeof ZLocationImportIssue>;
export const LOCATION_IMPORT_ACTIONS = ['add', 'update', 'unchanged'] as const;
export const ZLocationImportReport = z.object({
  applied: z.boolean(),
  add: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      id: z.number().int().nullable(),
      name: z.string(),
      action: z.enum(LOCATION_IMPORT_ACTIONS),
    }),
  ),
  errors: z.array(ZLocationImportIssue),
});
export type LocationImportReport = z.infer<typeof ZLocationImportReport>;

// ---------------------------------------------------------------- devices answering with a location

/**
 * A device's answer with a location (`location` of the ask answer, `answered_by: 'location'`): the
 * details in the asker's language (else English, else any filled in), whether it is open now in the
 * device's time zone, the map and the point, and the device's own position when it is on that map.
 */
/** A floor plan as a kiosk shows it: the image's URLs and size. */
export const ZKioskMap = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  web_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});

export const ZLocationAnswer = z.object({
  location_id: z.number().int(),
  /** The language the details are in. */
  localization: ZLocationLocale,
  name: z.string(),
  address: z.string(),
  phone_number: z.string(),
  /** The picture of the asker's language, else the location's; '' when none. */
  image: z.string(),
  opening_hours: ZLocationDetails.shape.opening_hours,
  /** true open, false closed, null when no hours are known. */
  open_now: z.boolean().nullable(),
  /** The IANA time zone `open_now` was read in. */
  time_zone: z.string(),
  categories: z.array(z.string()),
  map: ZKioskMap.nullable(),
  poi: ZMapPoint.nullable(),
  /** Where the device stands, when it has a position on this location's map. */
  you_are_here: ZMapPoint.nullable(),
});
export type LocationAnswer = z.infer<typeof ZLocationAnswer>;

/**
 * GET /device_api/v1/floor_map?language: the start screen's map. The device's floors in floor
 * order, every active place with its details in the language (as a location answer: map, point,
 * open now), sorted by name, and where the kiosk stands. Read again on `location_map:changed`.
 */
export const ZKioskFloorMapQuery = z.object({ language: ZLanguage });
export const ZKioskFloorMap = z.object({
  floors: z.array(ZKioskMap),
  places: z.array(ZLocationAnswer),
  you_are_here: z.object({ map_id: z.number().int(), x: z.number(), y: z.number() }).nullable(),
});
export type KioskFloorMap = z.infer<typeof ZKioskFloorMap>;

/** GET /device_api/v1/locations/{location_id}?language: the same answer again (after a change). */
export const ZKioskLocationQuery = z.object({ language: ZLanguage });

/** The `location_map:changed` socket event: locations, maps or the device's position changed. */
export const ZLocationsChanged = z.object({ changed_at: z.string() });
export type LocationsChanged = z.infer<typeof ZLocationsChanged>;

/**
 * POST /location_map/named: which of these phrases (a topic's) name one of the device's places
 * outright — a visitor asking one gets the place with its map, not the topic (the topic page warns).
 */
export const ZNamedLocationsRequest = z.object({
  device_id: ZId,
  texts: z.array(z.string().max(500)).max(1000),
});
export const ZNamedLocations = z.array(
  z.object({ text: z.string(), location: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
);
export type NamedLocations = z.infer<typeof ZNamedLocations>;

/** Bulk actions on locations: picked ones, or all the list's search and categories match. */
export const ZLocationsBulkRequest = z.object({
  device_id: ZId,
  action: z.enum(['delete']),
  selection: ZBulkSelection(
    z.object({
      search: z.string().trim().max(120).default(''),
      category_ids: z.array(ZIdNumber).max(50).default([]),
    }),
  ),
});
export type LocationsBulkRequest = z.input<typeof ZLocationsBulkRequest>;
