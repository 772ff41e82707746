import {
  MAP_DATA_FIELD,
  MAX_LOCATION_CATEGORIES,
  MAX_LOCATIONS,
  MAX_MAPS,
  SOCKET,
  ZMapUploadFields,
  type ZLocationFields,
  type ZLocationsQuery,
  type Language,
  type Location,
  type LocationCategoryColumn,
  type LocationCategoryNode,
  type LocationMap,
  type KioskPosition,
  type MapPoint,
} from '@ambassador/contracts';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { jsonField } from '../../lib/validate.js';
import { DEFAULT_MEDIA_LIMITS, type MediaStore } from '../../media/store.js';
import type { Notifier } from '../../realtime/types.js';
import { createImportGate } from '../../lib/spreadsheet/import-gate.js';
import { readWorkbook } from '../../lib/spreadsheet/read-workbook.js';
import { XLSX_LIMITS } from '../../lib/spreadsheet/xlsx-limits.js';
import { writeWorkbook } from '../../lib/spreadsheet/xlsx-write.js';
import { createLocationAnswers, urlsOf } from './device-answers.js';
import { locationsSheet, planLocationsImport } from './workbook.js';
import { isPdf, pdfPagePicture } from './pdf.js';
import type { LocationRow, LocationsRepo, LocationWrite, MapRow } from './repo.js';

/** Rows a locations workbook may bring: a little more than a device holds (header, blank rows). */
const IMPORT_LIMITS = { ...XLSX_LIMITS, rows: MAX_LOCATIONS + 1000, cells: (MAX_LOCATIONS + 1000) * 20 };
/** The most location names a refused map deletion lists. */
const IN_USE_NAMES = 10;
/** The largest file a map upload takes: a PDF of a few pages, or an image. */
export const MAP_UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
const locationNotFound = () => notFound('This location does not exist on the selected device.');
const mapNotFound = () => notFound('This map does not exist on the selected device.');
const categoryNotFound = () => notFound('This category does not exist on the selected device.');

const toLocation = (r: LocationRow): Location => ({
  id: r.id,
  name: r.name,
  categories: r.categories,
  selected_details: r.selectedDetails.filter((l): l is Location['selected_details'][number] =>
    ['cantonese', 'english', 'mandarin'].includes(l),
  ),
  map_id: r.mapId,
  map_name: r.mapName,
  poi: r.poiX !== null && r.poiY !== null ? { x: r.poiX, y: r.poiY } : null,
  image: r.image,
  is_active: r.isActive,
  details: Object.fromEntries(
    Object.entries(r.details).map(([locale, d]) => [
      locale,
      { localization: locale as Location['selected_details'][number], ...d },
    ]),
  ),
  aliases: r.aliases,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const toMap = (m: MapRow): LocationMap => ({
  id: m.id,
  name: m.name,
  floor_order: m.position,
  media_id: m.mediaId,
  ...urlsOf(m),
  width: m.width ?? 0,
  height: m.height ?? 0,
  location_count: m.locationCount,
  created_at: m.createdAt.toISOString(),
});

/** A multipart map upload as it streamed in: its one file, and its fields. */
export interface MapForm {
  files: AsyncIterable<{ stream: Readable; filename: string }>;
  fields: Map<string, string>;
}

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  if ((stream as Readable & { truncated?: boolean }).truncated) {
    throw new AppError(
      413,
      'file_too_large',
      `The file is larger than ${MAP_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
    );
  }
  return Buffer.concat(chunks);
}

/**
 * Locations, maps, category layers and the device's own position (AI Configuration → Locations),
 * per device: routes reach this with a device the guard checked is the caller's project's. Every
 * change tells the device's kiosks (`location_map:changed`).
 */
export function createLocationsService({
  repo,
  media,
  notifier,
  clock,
  timeZoneOf,
  onChanged,
}: {
  repo: LocationsRepo;
  media: MediaStore;
  notifier: Notifier;
  clock: Clock;
  /** The device's time zone (its call settings'), for open/closed now. */
  timeZoneOf: (deviceId: number) => Promise<string>;
  /**
   * A device's locations, maps or layers changed: every instance must `forget` the folded
   * locations it holds for it (app.ts, over the event bus). Alone, this instance forgets them itself.
   */
  onChanged?: (deviceId: number) => void;
}) {
  const gate = createImportGate();
  const answers = createLocationAnswers({ repo, clock, timeZoneOf });
  /** After every committed change: kiosks re-read what they show, questions the new locations. */
  const changed = (deviceId: number) => {
    answers.forget(deviceId);
    onChanged?.(deviceId);
    notifier.toDevice(deviceId, SOCKET.locationMap, { changed_at: clock.now().toISOString() });
  };

  /** The fields as stored, after checking the map, the point and the categories are the device's. */
  async function writeOf(
    deviceId: number,
    f: z.output<typeof ZLocationFields>,
    handle?: Parameters<LocationsRepo['map']>[2],
  ): Promise<LocationWrite> {
    if (f.map_id !== null && !(await repo.map(deviceId, f.map_id, handle))) {
      throw new AppError(404, 'map_not_on_device', `Map ${f.map_id} does not exist on this device.`);
    }
    const categoryIds = [...new Set(f.category_ids)];
    const known = await repo.categoryIdsOf(deviceId, categoryIds, handle);
    const missing = categoryIds.find((id) => !known.has(id));
    if (missing !== undefined) {
      throw new AppError(
        404,
        'location_category_not_on_device',
        `Category ${missing} does not exist on this device.`,
      );
    }
    return {
      name: f.name,
      mapId: f.map_id,
      poiX: f.poi?.x ?? null,
      poiY: f.poi?.y ?? null,
      image: f.image,
      isActive: f.is_active,
      selectedDetails: [...new Set(f.selected_details)],
      details: Object.fromEntries(
        Object.entries(f.details).filter(([, d]) => d !== undefined),
      ) as LocationWrite['details'],
      aliases: [...new Set(f.aliases)],
      categoryIds,
    };
  }

  async function refuseTakenName(
    t: Parameters<Parameters<LocationsRepo['locked']>[1]>[0],
    deviceId: number,
    w: LocationWrite,
    id: number | null,
  ) {
    const category = await repo.nameTaken(t, deviceId, w.name, w.categoryIds, id);
    if (category !== null) {
      throw conflict(
        `Another location in the category ${category} is already called ${w.name}. Use another name.`,
        'location_name_taken',
      );
    }
  }

  async function mapOrThrow(deviceId: number, id: number) {
    const m = await repo.map(deviceId, id);
    if (!m) throw mapNotFound();
    return m;
  }

  return {
    async list(deviceId: number, q: z.output<typeof ZLocationsQuery>) {
      const { rows, total } = await repo.page(deviceId, {
        search: q.search,
        categoryIds: q.category_ids,
        limit: q.limit,
        offset: q.offset,
      });
      return { locations: rows.map(toLocation), total };
    },

    async get(deviceId: number, id: number) {
      const row = await repo.one(deviceId, id);
      if (!row) throw locationNotFound();
      return toLocation(row);
    },

    async create(deviceId: number, fields: z.output<typeof ZLocationFields>) {
      const w = await writeOf(deviceId, fields);
      const id = await repo.locked(deviceId, async (t) => {
        if ((await repo.count(deviceId, t)) >= MAX_LOCATIONS) {
          throw conflict(`A device holds at most ${MAX_LOCATIONS} locations.`, 'too_many_locations');
        }
        await refuseTakenName(t, deviceId, w, null);
        return repo.insert(t, deviceId, w, clock.now());
      });
      changed(deviceId);
      return toLocation((await repo.one(deviceId, id))!);
    },

    async update(deviceId: number, id: number, fields: z.output<typeof ZLocationFields>) {
      const w = await writeOf(deviceId, fields);
      await repo.locked(deviceId, async (t) => {
        await refuseTakenName(t, deviceId, w, id);
        if (!(await repo.update(t, deviceId, id, w, clock.now()))) throw locationNotFound();
      });
      changed(deviceId);
      return toLocation((await repo.one(deviceId, id))!);
    },

    /** After a delete or its undo elsewhere (locations/bulk.ts): what every other change does. */
    changed,

    // ------------------------------------------------------------ maps

    async maps(deviceId: number) {
      return (await repo.maps(deviceId)).map(toMap);
    },

    /** A floor plan from an image or a PDF page, through the media pipeline, placed in the floor order. */
    async uploadMap(deviceId: number, who: { projectId: number; userId: number | null }, form: MapForm) {
      let file: { bytes: Buffer; filename: string } | null = null;
      for await (const part of form.files)
        file = { bytes: await bytesOf(part.stream), filename: part.filename };
      const fields = jsonField(ZMapUploadFields, MAP_DATA_FIELD, form.fields.get(MAP_DATA_FIELD));
      if (!file || file.bytes.length === 0) throw badRequest('No floor plan was sent.', 'no_file');
      if ((await repo.maps(deviceId)).length >= MAX_MAPS) {
        throw conflict(`A device holds at most ${MAX_MAPS} maps.`, 'too_many_maps');
      }
      const pdf = isPdf(file.bytes);
      const bytes = pdf
        ? await pdfPagePicture(file.bytes, fields.page, DEFAULT_MEDIA_LIMITS.maxPixels)
        : file.bytes;
      const saved = await media.save(Readable.from([bytes]), {
        projectId: who.projectId,
        userId: who.userId,
        originalName: pdf ? `${file.filename} (page ${fields.page}).jpg` : file.filename,
        kind: 'image',
        maxBytes: MAP_UPLOAD_MAX_BYTES,
      });
      const id = await repo
        .locked(deviceId, async (t) => {
          const count = (await repo.maps(deviceId, t)).length;
          const position = Math.min(fields.floor_order ?? count, count);
          return repo.insertMap(t, deviceId, fields.name, saved.media_id, position, clock.now());
        })
        .catch(async (e: unknown) => {
          await media.discard([saved.media_id]);
          throw e;
        });
      changed(deviceId);
      return toMap(await mapOrThrow(deviceId, id));
    },

    async renameMap(deviceId: number, id: number, name: string) {
      if (!(await repo.renameMap(deviceId, id, name))) throw mapNotFound();
      changed(deviceId);
      return toMap(await mapOrThrow(deviceId, id));
    },

    async reorderMaps(deviceId: number, ids: number[]) {
      await repo.locked(deviceId, async (t) => {
        const current = (await repo.maps(deviceId, t)).map((m) => m.id);
        const same =
          ids.length === current.length &&
          new Set(ids).size === ids.length &&
          ids.every((id) => current.includes(id));
        if (!same) {
          throw conflict(
            'The list does not name every map of the device exactly once: maps were added or deleted meanwhile. Reload and try again.',
            'map_list_changed',
          );
        }
        await repo.setMapOrder(t, deviceId, ids);
      });
      changed(deviceId);
      return (await repo.maps(deviceId)).map(toMap);
    },

    /** Refused while locations have a point on the map; the refusal names them. */
    async removeMap(deviceId: number, id: number) {
      const mediaId = await repo.locked(deviceId, async (t) => {
        const m = await repo.map(deviceId, id, t);
        if (!m) throw mapNotFound();
        const users = await repo.mapUsers(t, id, IN_USE_NAMES);
        if (users.total > 0) {
          const more = users.total - users.names.length;
          throw conflict(
            `The map ${m.name} is used by ${users.total} location${users.total === 1 ? '' : 's'}: ${users.names.join(', ')}${more > 0 ? ` and ${more} more` : ''}. Move them to another map or delete them first.`,
            'map_in_use',
          );
        }
        const removed = await repo.removeMap(t, deviceId, id);
        const rest = (await repo.maps(deviceId, t)).map((r) => r.id);
        await repo.setMapOrder(t, deviceId, rest);
        return removed;
      });
      if (mediaId !== null) await media.discard([mediaId]).catch(() => undefined);
      changed(deviceId);
    },

    // ------------------------------------------------------------ the device's position

    async position(deviceId: number): Promise<KioskPosition | null> {
      const p = await repo.position(deviceId);
      return p ? { map_id: p.mapId, map_name: p.mapName, poi: { x: p.x, y: p.y } } : null;
    },

    async setPosition(deviceId: number, mapId: number, poi: MapPoint) {
      if (!(await repo.map(deviceId, mapId))) {
        throw new AppError(404, 'map_not_on_device', `Map ${mapId} does not exist on this device.`);
      }
      await repo.setPosition(deviceId, mapId, poi.x, poi.y, clock.now());
      changed(deviceId);
      return (await this.position(deviceId))!;
    },

    async clearPosition(deviceId: number) {
      await repo.clearPosition(deviceId);
      changed(deviceId);
    },

    // ------------------------------------------------------------ category layers

    async tree(deviceId: number): Promise<LocationCategoryNode[]> {
      const rows = await repo.categories(deviceId);
      const nodes = new Map<number, LocationCategoryNode>(
        rows.map((r) => [
          r.id,
          {
            category_id: r.id,
            category_name: r.name,
            parent_id: r.parentId,
            location_count: r.locationCount,
            children: [],
          },
        ]),
      );
      const top: LocationCategoryNode[] = [];
      for (const node of nodes.values()) {
        const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
        (parent ? parent.children : top).push(node);
      }
      return top;
    },

    async column(deviceId: number, categoryId: number | undefined): Promise<LocationCategoryColumn> {
      const rows = await repo.categories(deviceId);
      if (categoryId !== undefined && !rows.some((r) => r.id === categoryId)) throw categoryNotFound();
      const parent = categoryId ?? null;
      return {
        categories: rows
          .filter((r) => r.parentId === parent)
          .map((r) => ({
            category_id: r.id,
            category_name: r.name,
            parent_id: r.parentId,
            has_child: rows.some((c) => c.parentId === r.id),
            location_count: r.locationCount,
          })),
        locations: categoryId === undefined ? [] : await repo.columnLocations(deviceId, categoryId),
      };
    },

    async createCategory(deviceId: number, name: string, parentId: number | null) {
      if (parentId !== null && !(await repo.categoryIdsOf(deviceId, [parentId])).has(parentId)) {
        throw new AppError(
          404,
          'location_category_not_on_device',
          `Category ${parentId} does not exist on this device.`,
        );
      }
      if ((await repo.countCategories(deviceId)) >= MAX_LOCATION_CATEGORIES) {
        throw conflict(
          `A device holds at most ${MAX_LOCATION_CATEGORIES} location categories.`,
          'too_many_location_categories',
        );
      }
      const id = await repo.insertCategory(deviceId, name, parentId).catch(nameTaken(name));
      changed(deviceId);
      return {
        category_id: id,
        category_name: name,
        parent_id: parentId,
        has_child: false,
        location_count: 0,
      };
    },

    async renameCategory(deviceId: number, id: number, name: string) {
      if (!(await repo.renameCategory(deviceId, id, name).catch(nameTaken(name)))) throw categoryNotFound();
      changed(deviceId);
      return categoryOf(deviceId, id);
    },

    async removeCategory(deviceId: number, id: number) {
      const gone = await repo.removeCategory(deviceId, id);
      if (!gone) throw categoryNotFound();
      changed(deviceId);
      return gone;
    },

    // ------------------------------------------------------------ import and export (xlsx)

    /** The device's locations as a workbook an import reads back. */
    async exportWorkbook(deviceId: number) {
      const [rows, categories] = await Promise.all([repo.all(deviceId), repo.categories(deviceId)]);
      return writeWorkbook([locationsSheet(rows, categories)]);
    },

    /**
     * What a workbook would do (preview) or does (apply, in one transaction, only without errors):
     * a row with an id updates that location, one without adds one; others stay as they are.
     */
    importWorkbook(
      projectId: number,
      deviceId: number,
      upload: { name: string; read: () => Promise<Buffer> },
      mode: 'preview' | 'apply',
    ) {
      return gate.run(projectId, async () => {
        const wb = await readWorkbook(await upload.read(), upload.name, { limits: IMPORT_LIMITS });
        const current = async () => ({
          locations: await repo.all(deviceId),
          maps: await repo.maps(deviceId),
          categories: await repo.categories(deviceId),
        });
        const planned = planLocationsImport(wb, deviceId, await current());
        if (mode === 'preview' || planned.report.errors.length > 0) return planned.report;
        if ((await repo.count(deviceId)) + planned.report.add > MAX_LOCATIONS) {
          throw conflict(`A device holds at most ${MAX_LOCATIONS} locations.`, 'too_many_locations');
        }
        await repo.locked(deviceId, async (t) => {
          for (const line of planned.lines) {
            const w = await writeOf(deviceId, line.fields, t);
            await refuseTakenName(t, deviceId, w, line.id);
            if (line.id === null) await repo.insert(t, deviceId, w, clock.now());
            else await repo.update(t, deviceId, line.id, w, clock.now());
          }
        });
        changed(deviceId);
        return { ...planned.report, applied: true };
      });
    },

    // ------------------------------------------------------------ answering

    /** The chain's questions, the start screen's floor map, a location's answer: device-answers.ts. */
    ...answers,

    /** The device's answer with one location (GET /device_api/v1/locations/{id}). */
    async kioskLocation(deviceId: number, id: number, language: Language) {
      const row = await repo.one(deviceId, id);
      if (!row || !row.isActive) throw locationNotFound();
      return answers.answerFor(deviceId, row, language);
    },
  };

  async function categoryOf(deviceId: number, id: number) {
    const rows = await repo.categories(deviceId);
    const r = rows.find((c) => c.id === id);
    if (!r) throw categoryNotFound();
    return {
      category_id: r.id,
      category_name: r.name,
      parent_id: r.parentId,
      has_child: rows.some((c) => c.parentId === r.id),
      location_count: r.locationCount,
    };
  }
}

const nameTaken = (name: string) => (e: unknown) => {
  if (isUniqueViolation(e)) {
    throw conflict(
      `A category called ${name} is already on this level. Use another name.`,
      'category_name_taken',
    );
  }
  throw e;
};

export type { LocationStepResult } from './device-answers.js';

export type LocationsService = ReturnType<typeof createLocationsService>;
