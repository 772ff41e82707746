import {
  BULK_MAX,
  DOCUMENT_UPLOAD_MAX_BYTES,
  MRC_MAX_DOCUMENTS,
  MRC_MAX_FILES_PER_UPLOAD,
  ZBulkResult,
  ZId,
  ZMrcBulkRequest,
  ZMrcDeleteRequest,
  ZMrcDocument,
  ZMrcDocumentText,
  ZMrcListQuery,
  ZMrcListResponse,
  ZMrcParams,
  ZMrcUploadFields,
  ZMrcUploadResponse,
  ZOk,
  ZOkEmpty,
} from '@ambassador/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractApp, file, ok } from '../../lib/contract.js';
import { attachment } from '../../lib/downloads.js';
import { badRequest } from '../../lib/errors.js';
import { checkDeviceField, type IncomingFile } from '../../media/batch.js';
import { manyFiles } from '../../media/uploads.js';
import { authOf, checkDevices, deviceIdOf, pinned } from '../../plugins/guard.js';
import type { DevicesService } from '../devices/index.js';
import { MRC_PAGE, MRC_TAGS } from './access.js';
import type { MrcBulk } from './bulk.js';
import type { MrcService } from './service.js';

const MB = 1024 * 1024;

/**
 * The files of an upload and the device they are for: `device_id` in the query (checked by the
 * guard), or as the form's first field (checked here, as the guard would), before the files.
 */
async function uploadOf(req: FastifyRequest, devices: DevicesService) {
  const auth = authOf(req);
  const queried = req.deviceScope?.deviceId;
  let field: number | undefined;
  const files = manyFiles(req, {
    maxBytes: DOCUMENT_UPLOAD_MAX_BYTES,
    maxFiles: MRC_MAX_FILES_PER_UPLOAD,
    eachOnItsOwn: true,
    onField: (name, value) => {
      if (name !== 'device_id') return;
      if (queried !== undefined) return checkDeviceField(queried, name, value);
      const parsed = ZId.safeParse(Number(value));
      if (!parsed.success) {
        throw badRequest('device_id: must be a whole number from 1 to 2147483647.', 'invalid_device_id');
      }
      field = parsed.data;
    },
  });
  // The fields before the first file are read with it.
  const first = await files.next();
  const deviceId = queried ?? field;
  if (deviceId === undefined) {
    if (!first.done) first.value.stream.resume();
    throw badRequest('device_id: Send the device before the files.', 'validation_error');
  }
  if (queried === undefined) await checkDevices(devices, [deviceId], auth.projectId);
  async function* all(): AsyncGenerator<IncomingFile> {
    if (first.done) return;
    yield first.value;
    yield* files;
  }
  return { auth, deviceId, files: all() };
}

/** Document scanning. Thin: the contract and the guard check, the service acts. */
export function mrcRoutes(
  parent: FastifyInstance,
  { mrc, devices }: { mrc: MrcService; devices: DevicesService },
) {
  const app = contractApp(parent);
  const tags = MRC_TAGS;

  app.get(
    '/mrc',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'The device’s documents: search by file name, sort, page, filter by language',
        description: 'Removed documents are never listed. `total` counts every document that matches.',
        querystring: ZMrcListQuery,
        response: { 200: ZOk(ZMrcListResponse) },
      },
    },
    async (req) => {
      const q = req.query;
      const { documents, total } = await mrc.list(deviceIdOf(req), {
        search: q.search,
        language: q.language,
        limit: q.limit,
        offset: q.offset,
        sortBy: q.sort_by,
        order: q.order,
      });
      return ok(documents, { total });
    },
  );

  app.post(
    '/mrc',
    {
      config: { ...MRC_PAGE, upload: true },
      schema: {
        tags,
        summary: 'Upload documents to scan (multipart: `device_id`, then the files)',
        description: `\`device_id\` as the form's first field (or in the query). Up to ${MRC_MAX_FILES_PER_UPLOAD} files, each a PDF, Word (DOCX), text, HTML or Markdown document by its content, at most ${DOCUMENT_UPLOAD_MAX_BYTES / MB} MB. Each accepted file becomes a document in status Scanning and is scanned in the background (\`mrc_document\` live events tell its status). Each file on its own: a refused one is listed in \`refused\` with its code (\`unsupported_type\`, \`file_too_large\`, \`empty_file\`, \`too_many_documents\` past ${MRC_MAX_DOCUMENTS} documents a device) while the others are stored.`,
        querystring: ZMrcUploadFields.partial(),
        response: { 200: ZOk(ZMrcUploadResponse) },
      },
    },
    async (req) => {
      const { auth, deviceId, files } = await uploadOf(req, devices);
      const result = await mrc.upload(auth, deviceId, files);
      const n = result.documents.length;
      return ok(result, {
        message: n === 0 ? 'No document was added.' : `${n} document${n === 1 ? '' : 's'} added.`,
      });
    },
  );

  app.delete(
    '/mrc',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'Delete a document: hidden, its passages gone, its file deleted later',
        body: ZMrcDeleteRequest,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      const { device_id, id } = pinned(req, req.body);
      await mrc.remove(device_id, id);
      return ok(null, { message: 'Document deleted.' });
    },
  );

  app.post(
    '/mrc/:id/rescan',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'Scan a document again',
        description: '409 `document_busy` while it is being scanned.',
        params: ZMrcParams,
        response: { 200: ZOk(ZMrcDocument) },
      },
    },
    async (req) => ok(await mrc.rescan(authOf(req), req.params.id), { message: 'Scanning again.' }),
  );

  app.get(
    '/mrc/:id/file',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'Download a document’s original file, under the name it was uploaded with',
        params: ZMrcParams,
        response: { 200: file('The original file', 'application/octet-stream') },
      },
    },
    async (req, reply) => {
      const original = await mrc.file(authOf(req), req.params.id);
      return reply
        .type(original.mime)
        .header('content-length', original.size)
        .header('content-disposition', attachment(original.filename))
        .header('x-content-type-options', 'nosniff')
        .send(await original.open());
    },
  );

  app.get(
    '/mrc/:id/text',
    {
      config: MRC_PAGE,
      schema: {
        tags,
        summary: 'A document’s scanned text, passage by passage',
        params: ZMrcParams,
        response: { 200: ZOk(ZMrcDocumentText) },
      },
    },
    async (req) => ok(await mrc.text(authOf(req), req.params.id)),
  );
}

/** Deleting many documents at once: picked, or every one the list's search matches; undoable. */
export function mrcBulkRoutes(parent: FastifyInstance, bulk: MrcBulk) {
  contractApp(parent).post(
    '/mrc/bulk',
    {
      config: MRC_PAGE,
      schema: {
        tags: MRC_TAGS,
        summary: 'Delete many documents at once',
        description:
          "`selection` is `{ ids }` or `{ all: true, filter: { search } }` (the list's search), at most " +
          `${BULK_MAX}. The answer's \`undo\` ticket (\`POST /undo\`) brings them back with their passages ` +
          'and originals, without scanning them again.',
        body: ZMrcBulkRequest,
        response: { 200: ZOk(ZBulkResult) },
      },
    },
    async (req) => {
      const result = await bulk.run(authOf(req), pinned(req, req.body));
      return ok(result, { message: `${result.count} documents deleted.` });
    },
  );
}
