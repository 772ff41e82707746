import {
  ZNamedLocations,
  ZNamedLocationsRequest,
  IMAGE_UPLOAD_MAX_BYTES,
  MAP_DATA_FIELD,
  MAP_FILE_FIELD,
  ZCreateLocationCategoryRequest,
  ZDeletedLocationCategory,
  ZDeleteLocationCategoryQuery,
  ZDeleteMapQuery,
  ZKioskFloorMap,
  ZKioskFloorMapQuery,
  ZKioskLocationQuery,
  ZKioskPosition,
  ZKioskPositionQuery,
  ZLocation,
  ZLocationAnswer,
  ZLocationCategory,
  ZLocationCategoryColumn,
  ZLocationCategoryColumnQuery,
  ZLocationCategoryParams,
  ZLocationCategoryTree,
  ZLocationCategoryTreeQuery,
  ZLocationDeviceQuery,
  ZLocationExportQuery,
  ZLocationImportQuery,
  ZLocationImportReport,
  ZLocationFields,
  ZLocationMap,
  ZLocationMaps,
  ZLocationParams,
  ZLocations,
  ZLocationsQuery,
  ZMapParams,
  ZMapsQuery,
  ZOk,
  ZOkEmpty,
  ZBulkResult,
  ZLocationsBulkRequest,
  ZUndoTicket,
  BULK_MAX,
  ZRenameLocationCategoryRequest,
  ZRenameMapRequest,
  ZReorderMapsRequest,
  ZSetKioskPositionRequest,
  ZUploadResponse,
} from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { contractApp, done, file, ok, type ContractApp } from '../../lib/contract.js';
import { attachment, XLSX_TYPE } from '../../lib/downloads.js';
import type { MediaStore } from '../../media/store.js';
import { deferredFile, manyFiles, saveImageUpload } from '../../media/uploads.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import type { LocationsBulk } from './bulk.js';
import { MAP_UPLOAD_MAX_BYTES, type LocationsService } from './service.js';

const aiPage = { access: { page: '/ai' } } as const;
const tags = ['Locations and maps'];
const json = { 200: ZOk(ZLocation) };
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Locations, maps and category layers of a device (`/location_map/*`). Thin: contracts and the guard, the service acts. */
export function locationsRoutes(
  parent: FastifyInstance,
  { locations, bulk, media }: { locations: LocationsService; bulk: LocationsBulk; media: MediaStore },
) {
  const app = contractApp(parent);
  locationRoutes(app, locations, bulk);
  locationFileRoutes(app, locations, media);
  mapRoutes(app, locations);
  positionRoutes(app, locations);
  categoryLayerRoutes(app, locations);
}

/** The device’s locations: a page of them, which phrases name one, adding, changing and deleting one. */
function locationRoutes(app: ContractApp, locations: LocationsService, bulk: LocationsBulk) {
  app.get(
    '/location_map/locations',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'A page of the device’s locations, by name',
        description:
          '`search` matches the name, the names and addresses in every language and the aliases; `category_ids` (comma-joined) keeps locations filed under those layers or their sub-layers.',
        querystring: ZLocationsQuery,
        response: { 200: ZOk(ZLocations) },
      },
    },
    async (req) => {
      const { locations: rows, total } = await locations.list(deviceIdOf(req), req.query);
      return ok(rows, { total });
    },
  );
  app.post(
    '/location_map/named',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Which phrases name a place of the device outright',
        description:
          'For the topic page: a phrase that names a location (its name or another name, as the answering chain finds it before topics) is answered with that location, not the topic.',
        body: ZNamedLocationsRequest,
        response: { 200: ZOk(ZNamedLocations) },
      },
    },
    async (req) => ok(await locations.named(deviceIdOf(req), req.body.texts)),
  );
  app.post(
    '/location_map/locations',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Add a location',
        description:
          'A point (`poi`, fractions 0–1 of the map image) needs a map of the device and the other way round (400). A name another location of one of its categories has (any case) is 409 `location_name_taken`; a map or category of another device is 404 (`map_not_on_device`, `location_category_not_on_device`). Paired kiosks hear `location_map:changed`.',
        body: ZLocationFields,
        response: json,
      },
    },
    async (req) => ok(await locations.create(deviceIdOf(req), req.body), { message: 'Location added.' }),
  );
  app.get(
    '/location_map/locations/:location_id',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'One location',
        params: ZLocationParams,
        querystring: ZLocationDeviceQuery,
        response: json,
      },
    },
    async (req) => ok(await locations.get(deviceIdOf(req), req.params.location_id)),
  );
  app.put(
    '/location_map/locations/:location_id',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Change a location (every field; what is not sent goes back to its default)',
        description: 'The same rules as adding one.',
        params: ZLocationParams,
        body: ZLocationFields,
        response: json,
      },
    },
    async (req) =>
      ok(await locations.update(deviceIdOf(req), req.params.location_id, req.body), {
        message: 'Location updated.',
      }),
  );
  app.delete(
    '/location_map/locations/:location_id',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Delete a location',
        description: 'The answer is the undo ticket (`POST /undo`), which puts it back with its categories.',
        params: ZLocationParams,
        querystring: ZLocationDeviceQuery,
        response: { 200: ZOk(ZUndoTicket) },
      },
    },
    async (req) =>
      ok(await bulk.removeOne(authOf(req), deviceIdOf(req), req.params.location_id), {
        message: 'Location deleted.',
      }),
  );
  app.post(
    '/location_map/locations/bulk',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Delete many locations at once',
        description:
          '`selection` is `{ ids }` or `{ all: true, filter }` (the list’s search and category_ids). ' +
          `At most ${BULK_MAX}, in one transaction; the answer’s \`undo\` ticket puts them all back (\`POST /undo\`).`,
        body: ZLocationsBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await bulk.run(authOf(req), pinned(req, req.body));
      return ok(result, { message: `${result.count} locations deleted.` });
    },
  );
}

/** A location’s picture, and the locations as an xlsx workbook (export, import). */
function locationFileRoutes(app: ContractApp, locations: LocationsService, media: MediaStore) {
  app.post(
    '/location_map/upload',
    {
      config: { ...aiPage, upload: true },
      schema: {
        tags,
        summary: 'Upload a location picture (multipart `file`)',
        description: `A PNG, JPEG, GIF or WebP image (by its content) of at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB, through the media pipeline; name it in a location by its \`url\`.`,
        querystring: ZLocationDeviceQuery,
        response: { 200: ZOk(ZUploadResponse) },
      },
    },
    async (req) => ok(await saveImageUpload(req, media), { message: 'Image uploaded.' }),
  );

  app.get(
    '/location_map/locations/export',
    {
      config: { ...aiPage, priority: 'low' },
      schema: {
        tags,
        summary: 'The device’s locations as an xlsx workbook',
        description:
          'One sheet `Locations`, a location a row: ID, Name, Categories (layer paths such as `Clinics > X-ray`, `;` between), Map (its name), X, Y (fractions 0–1), Active (Yes/No), Aliases (`,` between), then Name, Address and Phone per locale. Opening hours and pictures stay in the console.',
        querystring: ZLocationExportQuery,
        response: { 200: file('The workbook', XLSX_TYPE) },
      },
    },
    async (req, reply) => {
      const bytes = await locations.exportWorkbook(deviceIdOf(req));
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(`locations-${deviceIdOf(req)}.xlsx`))
        .send(bytes);
    },
  );
  app.post(
    '/location_map/locations/import',
    {
      config: { ...aiPage, priority: 'low', upload: true },
      schema: {
        tags,
        summary: 'Import locations from an xlsx workbook: preview, then apply',
        description:
          'Multipart `file`: a workbook in the export’s layout (only Name is required; a column left out keeps each location’s value). A row with an ID updates that location of the device, one without adds one. `preview` answers what it would do; `apply` does it in one transaction, and only when no row has an error.',
        querystring: ZLocationImportQuery,
        response: { 200: ZOk(ZLocationImportReport) },
      },
    },
    async (req) => {
      const report = await locations.importWorkbook(
        authOf(req).projectId,
        deviceIdOf(req),
        await deferredFile(req, IMPORT_MAX_BYTES),
        req.query.mode,
      );
      return ok(report, { message: report.applied ? 'Locations imported.' : 'Preview.' });
    },
  );
}

/** The device’s maps (floor plans): the list, uploading, floor order, renaming and deleting one. */
function mapRoutes(app: ContractApp, locations: LocationsService) {
  app.get(
    '/location_map/maps',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'The device’s maps, in floor order',
        querystring: ZMapsQuery,
        response: { 200: ZOk(ZLocationMaps) },
      },
    },
    async (req) => {
      const maps = await locations.maps(deviceIdOf(req));
      return ok(maps, { total: maps.length });
    },
  );
  app.post(
    '/location_map/maps',
    {
      config: { ...aiPage, upload: true },
      schema: {
        tags,
        summary: 'Upload a floor plan (multipart: the file and its fields)',
        description:
          `\`device_id\` in the query. The file \`${MAP_FILE_FIELD}\`: a PNG, JPEG, GIF or WebP image, or a PDF (the largest picture on page \`page\` is the plan; a page of vector drawing only is 422 \`pdf_unreadable\`, a page past the end 422 \`pdf_page_missing\`; a PDF whose streams unpack past 256 MB, or whose reading runs out of memory or time, 413 \`pdf_too_large\`; a protected (encrypted) PDF 422 \`pdf_unreadable\`), at most ${MAP_UPLOAD_MAX_BYTES / 1024 / 1024} MB. ` +
          `The field \`${MAP_DATA_FIELD}\`: JSON {name, page, floor_order}. A plan of more than 50 megapixels (a 200 MP scan) is refused, 413 \`image_too_many_pixels\`, with its size: scale it down first. The media pipeline makes its web-sized copy (1,600 px) and thumbnail.`,
        querystring: ZMapsQuery,
        response: { 200: ZOk(ZLocationMap) },
      },
    },
    async (req) => {
      const fields = new Map<string, string>();
      const files = manyFiles(req, {
        maxBytes: MAP_UPLOAD_MAX_BYTES,
        maxFiles: 1,
        onField: (name, value) => void fields.set(name, value),
      });
      const auth = authOf(req);
      const map = await locations.uploadMap(
        deviceIdOf(req),
        { projectId: auth.projectId, userId: auth.userId },
        { files, fields },
      );
      return ok(map, { message: 'Map uploaded.' });
    },
  );
  app.put(
    '/location_map/maps/order',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Put the maps in floor order',
        description: 'Every map of the device exactly once, first floor first; else 409 `map_list_changed`.',
        body: ZReorderMapsRequest,
        response: { 200: ZOk(ZLocationMaps) },
      },
    },
    async (req) =>
      ok(await locations.reorderMaps(deviceIdOf(req), req.body.map_ids), { message: 'Order saved.' }),
  );
  app.put(
    '/location_map/maps/:map_id',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Rename a map',
        params: ZMapParams,
        body: ZRenameMapRequest,
        response: { 200: ZOk(ZLocationMap) },
      },
    },
    async (req) =>
      ok(await locations.renameMap(deviceIdOf(req), req.params.map_id, req.body.name), {
        message: 'Map renamed.',
      }),
  );
  app.delete(
    '/location_map/maps/:map_id',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Delete a map',
        description:
          'Refused, 409 `map_in_use`, while locations have a point on it: the message names them. The device’s own position on it goes with it.',
        params: ZMapParams,
        querystring: ZDeleteMapQuery,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await locations.removeMap(deviceIdOf(req), req.params.map_id);
      return done('Map deleted.');
    },
  );
}

/** Where the device itself stands on its maps ("you are here"). */
function positionRoutes(app: ContractApp, locations: LocationsService) {
  app.get(
    '/location_map/kiosk_position',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Where the device itself stands ("you are here"); null when not set',
        querystring: ZKioskPositionQuery,
        response: { 200: ZOk(ZKioskPosition.nullable()) },
      },
    },
    async (req) => ok(await locations.position(deviceIdOf(req))),
  );
  app.put(
    '/location_map/kiosk_position',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Set where the device stands on one of its maps',
        body: ZSetKioskPositionRequest,
        response: { 200: ZOk(ZKioskPosition) },
      },
    },
    async (req) =>
      ok(await locations.setPosition(deviceIdOf(req), req.body.map_id, req.body.poi), {
        message: 'Position saved.',
      }),
  );
  app.delete(
    '/location_map/kiosk_position',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Clear the device’s position',
        querystring: ZKioskPositionQuery,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      await locations.clearPosition(deviceIdOf(req));
      return done('Position cleared.');
    },
  );
}

/** The category layers locations are filed under. */
function categoryLayerRoutes(app: ContractApp, locations: LocationsService) {
  app.get(
    '/location_map/categories/tree',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'The whole tree of location categories',
        querystring: ZLocationCategoryTreeQuery,
        response: { 200: ZOk(ZLocationCategoryTree) },
      },
    },
    async (req) => ok(await locations.tree(deviceIdOf(req))),
  );
  app.get(
    '/location_map/categories/column',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'One column of the column view: the layers and locations under a layer',
        querystring: ZLocationCategoryColumnQuery,
        response: { 200: ZOk(ZLocationCategoryColumn) },
      },
    },
    async (req) => ok(await locations.column(deviceIdOf(req), req.query.category_id)),
  );
  app.post(
    '/location_map/categories',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Add a layer',
        description: 'A name a sibling has (any case) is 409 `category_name_taken`.',
        body: ZCreateLocationCategoryRequest,
        response: { 200: ZOk(ZLocationCategory) },
      },
    },
    async (req) =>
      ok(await locations.createCategory(deviceIdOf(req), req.body.category, req.body.parent_id), {
        message: 'Category added.',
      }),
  );
  app.put(
    '/location_map/categories/:category_id',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Rename a layer',
        params: ZLocationCategoryParams,
        body: ZRenameLocationCategoryRequest,
        response: { 200: ZOk(ZLocationCategory) },
      },
    },
    async (req) =>
      ok(await locations.renameCategory(deviceIdOf(req), req.params.category_id, req.body.category), {
        message: 'Category renamed.',
      }),
  );
  app.delete(
    '/location_map/categories/:category_id',
    {
      config: aiPage,
      schema: {
        tags,
        summary: 'Delete a layer and its sub-layers (locations stay, no longer filed there)',
        params: ZLocationCategoryParams,
        querystring: ZDeleteLocationCategoryQuery,
        response: { 200: ZOk(ZDeletedLocationCategory) },
      },
    },
    async (req) =>
      ok(await locations.removeCategory(deviceIdOf(req), req.params.category_id), {
        message: 'Category deleted.',
      }),
  );
}

/** The device API: a location answer again (after `location_map:changed`). */
export function locationsDeviceRoutes(
  parent: FastifyInstance,
  { locations }: { locations: LocationsService },
) {
  const app = contractApp(parent);
  app.get(
    '/locations/:location_id',
    {
      schema: {
        tags: ['Device API'],
        summary: 'A location as the device answers with it: details in the language, open now, map and point',
        params: ZLocationParams,
        querystring: ZKioskLocationQuery,
        response: { 200: ZOk(ZLocationAnswer) },
      },
    },
    async (req) =>
      ok(await locations.kioskLocation(deviceOf(req).id, req.params.location_id, req.query.language)),
  );
  app.get(
    '/floor_map',
    {
      schema: {
        tags: ['Device API'],
        summary:
          'The start screen’s map: floors in order, every active place in the language, where the kiosk stands',
        description:
          'Places carry what a location answer carries (details, categories, open now, map and point). ' +
          'Read again on `location_map:changed`.',
        querystring: ZKioskFloorMapQuery,
        response: { 200: ZOk(ZKioskFloorMap) },
      },
    },
    async (req) => ok(await locations.floorMap(deviceOf(req).id, req.query.language)),
  );
}
