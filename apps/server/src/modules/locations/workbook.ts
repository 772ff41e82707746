import {
  LOCATION_LOCALES,
  MAX_LOCATIONS,
  ZLocationFields,
  makeRule,
  ruleOf,
  ruleText,
  type LocationImportReport,
} from '@ambassador/contracts';
import type { z } from 'zod';
import {
  importSheet,
  languageColumn,
  rowImport,
  type RowIssues,
  yesNo,
} from '../../lib/spreadsheet/row-import.js';
import { sheetRows, type SheetRow } from '../../lib/spreadsheet/sheet-rows.js';
import type { PlainWorkbook } from '../../lib/spreadsheet/xlsx-plain.js';
import type { SheetToWrite } from '../../lib/spreadsheet/xlsx-write.js';
import type { CategoryRow, LocationRow, MapRow } from './repo.js';

export const SHEET_NAME = 'Locations';
const ID = 'ID';
const NAME = 'Name';
const CATEGORIES = 'Categories';
const MAP = 'Map';
const X = 'X';
const Y = 'Y';
const ACTIVE = 'Active';
const ALIASES = 'Aliases';
const perLocale = (what: 'Name' | 'Address' | 'Phone', locale: string) => languageColumn(what, locale);
const LOCALE_COLUMNS = LOCATION_LOCALES.flatMap((l) =>
  (['Name', 'Address', 'Phone'] as const).map((w) => perLocale(w, l)),
);
const COLUMNS = [ID, NAME, CATEGORIES, MAP, X, Y, ACTIVE, ALIASES, ...LOCALE_COLUMNS];
/** Only the name is needed; a column left out keeps each location's value (an added one gets the default). */
const OPTIONAL = new Set(COLUMNS.filter((c) => c !== NAME).map((c) => c.toLowerCase()));
const MAX_ISSUES = 200;

/** A layer's path, top layer first: "Clinics > X-ray". */
function paths(categories: CategoryRow[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = (c: CategoryRow): string => {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    return parent ? `${pathOf(parent)} > ${c.name}` : c.name;
  };
  return new Map(categories.map((c) => [c.id, pathOf(c)]));
}

/** The device's locations as a sheet an import reads back (hours and pictures stay in the console). */
export function locationsSheet(rows: LocationRow[], categories: CategoryRow[]): SheetToWrite {
  const path = paths(categories);
  return {
    name: SHEET_NAME,
    columns: COLUMNS.map((c) => [c, c === NAME || c.startsWith('Address') ? 28 : 16] as const),
    rows: rows.map((r) => [
      r.id,
      r.name,
      r.categories.map((c) => path.get(c.category_id) ?? c.category_name).join('; '),
      r.mapName ?? '',
      r.poiX,
      r.poiY,
      yesNo(r.isActive),
      r.aliases.join(', '),
      ...LOCATION_LOCALES.flatMap((l) => {
        const d = r.details[l];
        return [d?.name ?? '', d?.address ?? '', d?.phone_number ?? ''];
      }),
    ]),
  };
}

export interface ImportLine {
  row: number;
  id: number | null;
  fields: z.output<typeof ZLocationFields>;
}

type Current = { locations: LocationRow[]; maps: MapRow[]; categories: CategoryRow[] };
type Fields = z.output<typeof ZLocationFields>;

/** A cell's text, trimmed; undefined when the column is missing, blank or unreadable. */
const text = (r: SheetRow, column: string): string | undefined => {
  const c = r.get(column);
  if (!('value' in c) || c.value === null) return undefined;
  return String(c.value).trim();
};
const present = (r: SheetRow, column: string) => text(r, column) !== undefined;

/** The device's locations, maps and layers as a row finds them: by id, by name, by path (any case). */
function lookups(current: Current) {
  const path = paths(current.categories);
  return {
    byId: new Map(current.locations.map((l) => [l.id, l])),
    mapByName: new Map(current.maps.map((m) => [m.name.toLowerCase(), m])),
    categoryByPath: new Map([...path].map(([id, p]) => [p.toLowerCase(), id])),
  };
}
type Lookups = ReturnType<typeof lookups>;

/**
 * The location a row names (its ID), its map and its layers, each found on the device; undefined
 * (and the problem told) when one is not.
 */
function resolveRow(r: SheetRow, found: Lookups, issues: RowIssues) {
  const idText = text(r, ID);
  const id = idText ? Number(idText) : null;
  const before = id === null ? undefined : found.byId.get(id);
  if (id !== null && !before) {
    issues.add(r.row, ID, makeRule('invalid_value'), `No location ${idText} on this device.`);
    return undefined;
  }
  const mapName = text(r, MAP);
  const map = mapName ? found.mapByName.get(mapName.toLowerCase()) : undefined;
  if (mapName && !map) {
    issues.add(r.row, MAP, makeRule('invalid_value'), `No map called ${mapName} on this device.`);
    return undefined;
  }
  const categoryText = text(r, CATEGORIES);
  const categoryIds: number[] = [];
  let bad = false;
  for (const p of (categoryText ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = found.categoryByPath.get(p.toLowerCase().replace(/\s*>\s*/g, ' > '));
    if (match === undefined) {
      issues.add(r.row, CATEGORIES, makeRule('invalid_value'), `No category ${p} on this device.`);
      bad = true;
    } else categoryIds.push(match);
  }
  if (bad) return undefined;
  return { id, before, mapName, map, categoryText, categoryIds };
}
type Resolved = NonNullable<ReturnType<typeof resolveRow>>;

/** The fields a row gives its location, to be checked: a column the file leaves out keeps the value. */
function rowInput(
  r: SheetRow,
  deviceId: number,
  { before, mapName, map, categoryText, categoryIds }: Resolved,
) {
  const number = (column: string, was: number | null | undefined) => {
    const t = text(r, column);
    return t === undefined ? (was ?? null) : t === '' ? null : Number(t);
  };
  const active = text(r, ACTIVE);
  const details = Object.fromEntries(
    LOCATION_LOCALES.map((l) => {
      const was = before?.details[l];
      const pick = (what: 'Name' | 'Address' | 'Phone', key: 'name' | 'address' | 'phone_number') =>
        present(r, perLocale(what, l)) ? text(r, perLocale(what, l)) : (was?.[key] ?? '');
      return [
        l,
        {
          name: pick('Name', 'name'),
          address: pick('Address', 'address'),
          phone_number: pick('Phone', 'phone_number'),
          image: was?.image ?? '',
          opening_hours: was?.opening_hours ?? [],
        },
      ];
    }),
  );
  return {
    device_id: deviceId,
    name: text(r, NAME) ?? '',
    category_ids:
      categoryText === undefined ? (before?.categories.map((c) => c.category_id) ?? []) : categoryIds,
    selected_details: before?.selectedDetails ?? [...LOCATION_LOCALES],
    map_id: mapName === undefined ? (before?.mapId ?? null) : (map?.id ?? null),
    poi: (() => {
      const x = number(X, before?.poiX);
      const y = number(Y, before?.poiY);
      return x === null && y === null ? null : { x: x ?? NaN, y: y ?? NaN };
    })(),
    image: before?.image ?? '',
    is_active: active === undefined ? (before?.isActive ?? true) : !/^(no|false|0)$/i.test(active),
    details,
    aliases:
      text(r, ALIASES) === undefined
        ? (before?.aliases ?? [])
        : text(r, ALIASES)!
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean),
  };
}

/** The column a field's problem is told in. */
const columnOf = (field: PropertyKey | undefined) =>
  field === 'poi' ? X : field === 'name' ? NAME : field === 'aliases' ? ALIASES : String(field ?? NAME);

/** Whether the checked fields leave the location as it is. */
const unchanged = (before: LocationRow, fields: Fields) =>
  JSON.stringify([
    before.name,
    before.mapId,
    before.poiX,
    before.poiY,
    before.isActive,
    before.aliases,
    before.details,
    before.categories.map((c) => c.category_id).sort(),
  ]) ===
  JSON.stringify([
    fields.name,
    fields.map_id,
    fields.poi?.x ?? null,
    fields.poi?.y ?? null,
    fields.is_active,
    fields.aliases,
    fields.details,
    [...fields.category_ids].sort(),
  ]);

/**
 * Reads the sheet against the device's locations, maps and layers: each row as the fields of an
 * add (no id) or an update (the id of one of the device's locations), and every problem by row and
 * column with its rule. An update keeps what the file leaves out (hours, pictures, other columns).
 */
export function planLocationsImport(
  wb: PlainWorkbook,
  deviceId: number,
  current: Current,
): { lines: ImportLine[]; report: LocationImportReport } {
  const rows = sheetRows(importSheet(wb, SHEET_NAME), COLUMNS, {
    optional: OPTIONAL,
    maxRows: MAX_LOCATIONS,
  });
  const { issues, report, count } = rowImport<LocationImportReport['rows'][number]>(MAX_ISSUES);
  const found = lookups(current);
  const lines: ImportLine[] = [];
  const seen = new Map<string, number>();

  for (const r of rows) {
    const resolved = resolveRow(r, found, issues);
    if (!resolved) continue;
    const parsed = ZLocationFields.safeParse(rowInput(r, deviceId, resolved));
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        issues.add(r.row, columnOf(i.path[0]), ruleOf(i), i.message || ruleText('invalid_value'));
      }
      continue;
    }
    const key = `${parsed.data.name.toLowerCase()}|${[...parsed.data.category_ids].sort().join(',')}`;
    const earlier = seen.get(key);
    if (earlier !== undefined && parsed.data.category_ids.length > 0) {
      issues.rule(r.row, NAME, 'location_duplicate_in_file', { row: earlier });
      continue;
    }
    seen.set(key, r.row);
    const { id, before } = resolved;
    lines.push({ row: r.row, id, fields: parsed.data });
    count({ row: r.row, id, name: parsed.data.name }, before, !!before && unchanged(before, parsed.data));
  }
  return { lines, report };
}
