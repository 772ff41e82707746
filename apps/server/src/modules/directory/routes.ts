import {
  DIRECTORY_DATA_FIELD,
  DIRECTORY_LOGO_FIELD,
  DIRECTORY_MAX_UNITS,
  IMAGE_UPLOAD_MAX_BYTES,
  ZDeleteDirectoryUnitRequest,
  ZDirectoryDeviceQuery,
  ZDirectoryImportQuery,
  ZDirectoryImportReport,
  ZDirectoryQuery,
  ZDirectoryUnit,
  ZDirectoryUnits,
  ZKioskDirectory,
  ZOk,
  BULK_MAX,
  ZBulkResult,
  ZDirectoryBulkRequest,
  ZUndoTicket,
} from '@ambassador/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyOrQuery, contractApp, file, ok } from '../../lib/contract.js';
import { attachment, XLSX_TYPE } from '../../lib/downloads.js';
import { deferredFile, manyFiles } from '../../media/uploads.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import type { DirectoryBulk } from './bulk.js';
import type { DirectoryService, UnitForm } from './service.js';

const interfacePage = { access: { page: '/interface' } } as const;
/** Whole-directory workbooks: the first to wait when the server is busy. */
const heavy = { ...interfacePage, priority: 'low' } as const;
const tags = ['Interface settings'];
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const deleteInput = bodyOrQuery(ZDeleteDirectoryUnitRequest);

/** The unit form of a POST or PUT: the logo file (stored as it streams in) and the fields. */
function unitForm(req: FastifyRequest): UnitForm {
  const fields = new Map<string, string>();
  const files = manyFiles(req, {
    maxBytes: IMAGE_UPLOAD_MAX_BYTES,
    maxFiles: 1,
    onField: (name, value) => void fields.set(name, value),
  });
  return { files, fields };
}

const formDescription =
  `Multipart: the field \`${DIRECTORY_DATA_FIELD}\` holds the unit's fields as JSON (unit, names and descriptions per language ` +
  `of the device, phone, email, live_chat), the optional file \`${DIRECTORY_LOGO_FIELD}\` its logo (a PNG, JPEG, GIF or WebP image by ` +
  `its content, 415 \`unsupported_type\`; at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB, 413 \`file_too_large\`). ` +
  'A unit number the device has already (any case) is 409 `unit_taken`; a text in a language the device does not offer is 400 ' +
  '`language_not_offered`. A refused request stores nothing. Paired kiosks read the directory again (`interface:directory`).';

/** The directory of a device. Thin: the contract and the guard check, the service acts. */
export function directoryRoutes(
  parent: FastifyInstance,
  { directory, bulk }: { directory: DirectoryService; bulk: DirectoryBulk },
) {
  const app = contractApp(parent);
  app.get(
    '/directory',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'A page of the device’s directory units, by unit number',
        description:
          '`search` finds a unit by its number, the occupant’s name in any language, its phone or email.',
        querystring: ZDirectoryQuery,
        response: { 200: ZOk(ZDirectoryUnits) },
      },
    },
    async (req) => {
      const { units, total } = await directory.list(deviceIdOf(req), req.query);
      return ok(units, { total });
    },
  );
  app.post(
    '/directory',
    {
      config: { ...interfacePage, upload: true },
      schema: {
        tags,
        summary: 'Add a unit (multipart: fields and an optional logo)',
        description: `\`device_id\` in the query. ${formDescription} A device holds at most ${DIRECTORY_MAX_UNITS} units (409 \`too_many_units\`).`,
        querystring: ZDirectoryDeviceQuery,
        response: { 200: ZOk(ZDirectoryUnit) },
      },
    },
    async (req) =>
      ok(await directory.create(authOf(req), deviceIdOf(req), unitForm(req)), { message: 'Unit added.' }),
  );
  app.put(
    '/directory',
    {
      config: { ...interfacePage, upload: true },
      schema: {
        tags,
        summary: 'Edit a unit (multipart: fields with its id, and an optional new logo)',
        description: `\`device_id\` in the query; \`id\` and, to drop the logo, \`remove_logo: true\` in the JSON. ${formDescription}`,
        querystring: ZDirectoryDeviceQuery,
        response: { 200: ZOk(ZDirectoryUnit) },
      },
    },
    async (req) =>
      ok(await directory.update(authOf(req), deviceIdOf(req), unitForm(req)), { message: 'Unit saved.' }),
  );
  app.delete(
    '/directory',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Delete a unit and its logo',
        description:
          'The answer is the undo ticket (`POST /undo`), which puts it back with its names and logo.',
        ...deleteInput.schema,
        response: { 200: ZOk(ZUndoTicket) },
      },
    },
    async (req) =>
      ok(await bulk.removeOne(authOf(req), deviceIdOf(req), deleteInput.read(req).id), {
        message: 'Unit deleted.',
      }),
  );
  app.post(
    '/directory/bulk',
    {
      config: interfacePage,
      schema: {
        tags,
        summary: 'Delete many units at once',
        description:
          '`selection` is `{ ids }` or `{ all: true, filter: { search } }`. ' +
          `At most ${BULK_MAX}, in one transaction; the answer’s \`undo\` ticket puts them all back (\`POST /undo\`).`,
        body: ZDirectoryBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await bulk.run(authOf(req), pinned(req, req.body));
      return ok(result, { message: `${result.count} units deleted.` });
    },
  );
  app.get(
    '/directory/export',
    {
      config: heavy,
      schema: {
        tags,
        summary: 'The device’s directory as an xlsx workbook the import reads back',
        description:
          'One sheet, a unit a row: Unit, Phone, Email, Live chat, then Name and Description per language of the device.',
        querystring: ZDirectoryDeviceQuery,
        response: { 200: file('The directory as .xlsx', XLSX_TYPE) },
      },
    },
    async (req, reply) => {
      const content = await directory.exportWorkbook(deviceIdOf(req));
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(`directory-${deviceIdOf(req)}.xlsx`))
        .send(content);
    },
  );
  app.post(
    '/directory/import',
    {
      config: { ...heavy, upload: true },
      schema: {
        tags,
        summary: 'Import a directory workbook (the export’s layout): preview, or apply',
        description:
          'Multipart, the field `file`: an .xlsx workbook, told by its bytes. Units are matched by unit number: new ones are added, ' +
          'changed ones updated, units the file does not name are left alone; a column the file lacks keeps each unit’s value. ' +
          `With \`mode=preview\` nothing changes; with \`mode=apply\` the file is applied in one transaction only when no row has a problem. ` +
          `At most ${DIRECTORY_MAX_UNITS.toLocaleString('en')} units (413 \`too_many_units\`); up to 20 MB, bounded while it inflates ` +
          '(413 `import_too_large`); one import per project at a time (409 `import_busy`).',
        querystring: ZDirectoryImportQuery,
        response: { 200: ZOk(ZDirectoryImportReport) },
      },
    },
    async (req) => {
      const report = await directory.importWorkbook(
        authOf(req).projectId,
        deviceIdOf(req),
        await deferredFile(req, IMPORT_MAX_BYTES),
        req.query.mode,
      );
      const message =
        report.errors.length > 0
          ? `Nothing was imported: the file has ${report.errors.length} problem${report.errors.length === 1 ? '' : 's'}.`
          : report.applied
            ? 'Directory imported.'
            : 'Preview only: nothing was changed.';
      return ok(report, { message });
    },
  );
}

/** The kiosk's side: the device's whole directory, read again on `interface:directory`. */
export function directoryDeviceRoutes(
  parent: FastifyInstance,
  { directory }: { directory: DirectoryService },
) {
  const app = contractApp(parent);
  app.get(
    '/directory',
    {
      schema: {
        tags: ['Device API'],
        summary: 'The device’s directory: every unit with its texts in every language',
        response: { 200: ZOk(ZKioskDirectory) },
      },
    },
    async (req) => {
      const units = await directory.kioskDirectory(deviceOf(req).id);
      return ok(units, { total: units.length });
    },
  );
}
