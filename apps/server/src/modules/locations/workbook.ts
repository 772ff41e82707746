import {
  LOCATION_LOCALES,
  MAX_LOCATIONS,
  ZLocationFields,
  ruleOf,
  ruleText,
  makeRule,
  type LocationImportIssue,
  type LocationImportReport,
} from '@ambassador/contracts';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { findSheet, sheetRows, type SheetRow } from '../../lib/spreadsheet/sheet-rows.js';
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
const perLocale = (what: 'Name' | 'Address' | 'Phone', locale: string) => `${what} (${locale})`;
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
      r.isActive ? 'Yes' : 'No',
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

/**
 * Reads the sheet against the device's locations, maps and layers: each row as the fields of an
 * add (no id) or an update (the id of one of the device's locations), and every problem by row and
 * column with its rule. An update keeps what the file leaves out (hours, pictures, other columns).
 */
export function planLocationsImport(
  wb: PlainWorkbook,
  deviceId: number,
  current: { locations: LocationRow[]; maps: MapRow[]; categories: CategoryRow[] },
): { lines: ImportLine[]; report: LocationImportReport } {
  const ws = findSheet(wb, SHEET_NAME) ?? (wb.sheets.length === 1 ? wb.sheets[0] : undefined);
  if (!ws) throw badRequest(`The workbook has no sheet named "${SHEET_NAME}".`, 'import_invalid');
  const rows = sheetRows(ws, COLUMNS, { optional: OPTIONAL, maxRows: MAX_LOCATIONS });
  const issues: LocationImportIssue[] = [];
  const issue = (
    row: number,
    column: string,
    rule: { key: string; params: Record<string, string | number> },
    message: string,
  ) => {
    if (issues.length < MAX_ISSUES)
      issues.push({ row, column, key: rule.key, params: { ...rule.params }, message });
  };
  const byId = new Map(current.locations.map((l) => [l.id, l]));
  const mapByName = new Map(current.maps.map((m) => [m.name.toLowerCase(), m]));
  const path = paths(current.categories);
  const categoryByPath = new Map([...path].map(([id, p]) => [p.toLowerCase(), id]));
  const text = (r: SheetRow, column: string): string | undefined => {
    const c = r.get(column);
    if (!('value' in c) || c.value === null) return undefined;
    return String(c.value).trim();
  };
  const present = (r: SheetRow, column: string) => text(r, column) !== undefined;
  const lines: ImportLine[] = [];
  const seen = new Map<string, number>();
  const report: LocationImportReport = {
    applied: false,
    add: 0,
    update: 0,
    unchanged: 0,
    rows: [],
    errors: issues,
  };

  for (const r of rows) {
    const idText = text(r, ID);
    const id = idText ? Number(idText) : null;
    const before = id === null ? undefined : byId.get(id);
    if (id !== null && !before) {
      issue(r.row, ID, makeRule('invalid_value'), `No location ${idText} on this device.`);
      continue;
    }
    const mapName = text(r, MAP);
    const map = mapName ? mapByName.get(mapName.toLowerCase()) : undefined;
    if (mapName && !map) {
      issue(r.row, MAP, makeRule('invalid_value'), `No map called ${mapName} on this device.`);
      continue;
    }
    const categoryText = text(r, CATEGORIES);
    const categoryIds: number[] = [];
    let bad = false;
    for (const p of (categoryText ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const found = categoryByPath.get(p.toLowerCase().replace(/\s*>\s*/g, ' > '));
      if (found === undefined) {
        issue(r.row, CATEGORIES, makeRule('invalid_value'), `No category ${p} on this device.`);
        bad = true;
      } else categoryIds.push(found);
    }
    if (bad) continue;
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
    const input = {
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
    const parsed = ZLocationFields.safeParse(input);
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const column =
          i.path[0] === 'poi'
            ? X
            : i.path[0] === 'name'
              ? NAME
              : i.path[0] === 'aliases'
                ? ALIASES
                : String(i.path[0] ?? NAME);
        const rule = ruleOf(i);
        issue(r.row, column, rule, i.message || ruleText('invalid_value'));
      }
      continue;
    }
    const key = `${parsed.data.name.toLowerCase()}|${[...parsed.data.category_ids].sort().join(',')}`;
    const earlier = seen.get(key);
    if (earlier !== undefined && parsed.data.category_ids.length > 0) {
      issue(
        r.row,
        NAME,
        makeRule('location_duplicate_in_file', { row: earlier }),
        ruleText('location_duplicate_in_file', { row: earlier }),
      );
      continue;
    }
    seen.set(key, r.row);
    lines.push({ row: r.row, id, fields: parsed.data });
    const same =
      before &&
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
          parsed.data.name,
          parsed.data.map_id,
          parsed.data.poi?.x ?? null,
          parsed.data.poi?.y ?? null,
          parsed.data.is_active,
          parsed.data.aliases,
          parsed.data.details,
          [...parsed.data.category_ids].sort(),
        ]);
    const action = !before ? 'add' : same ? 'unchanged' : 'update';
    report[action]++;
    report.rows.push({ row: r.row, id, name: parsed.data.name, action });
  }
  return { lines, report };
}
