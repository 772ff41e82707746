import {
  BULK_MAX,
  ZExportPickedRequest,
  ZExportQuery,
  ZImportQuery,
  ZImportReport,
  ZOk,
} from '@ambassador/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractApp, file, ok } from '../../../lib/contract.js';
import { attachment, CSV_TYPE, XLSX_TYPE } from '../../../lib/downloads.js';
import { deferredFile } from '../../../media/uploads.js';
import { authOf, deviceIdOf, pinned } from '../../../plugins/guard.js';
import { AI_PAGE, AI_TAGS, INTENTS } from '../access.js';
import type { MatcherStatusService } from '../answering/matcher-status.js';
import type { ExportedFile, ExchangeService } from './service.js';

/** Whole-device workbooks: the first to wait when the server is busy. */
const heavy = { ...AI_PAGE, priority: 'low' } as const;
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const tags = AI_TAGS;

/** An exported workbook or CSV table, as the browser saves it. */
const sendExport = (reply: FastifyReply, exported: ExportedFile) =>
  reply
    .type(exported.format === 'csv' ? CSV_TYPE : XLSX_TYPE)
    .header('content-disposition', attachment(exported.filename))
    .header('cache-control', 'no-store')
    .send(exported.content);

/** The topics workbook: export a device's topics to xlsx (or a table of it to CSV), import the same layout back. */
export function exchangeRoutes(
  parent: FastifyInstance,
  deps: { exchange: ExchangeService; matcherStatus: MatcherStatusService },
) {
  const { exchange, matcherStatus } = deps;
  const app = contractApp(parent);

  app.get(
    `${INTENTS}/export`,
    {
      config: heavy,
      schema: {
        tags,
        summary: 'Export the device’s topics as a workbook, or one table of it as CSV',
        description:
          '`format=xlsx` (default): the Topics, Keywords and Responses sheets. `format=csv`: the table named by ' +
          '`table` (default `keywords`), UTF-8 with a BOM, comma-separated, the same columns.',
        querystring: ZExportQuery,
        response: {
          200: file(
            'Every topic with its keywords and responses, as .xlsx (or one table as .csv)',
            XLSX_TYPE,
            CSV_TYPE.split(';')[0]!,
          ),
        },
      },
    },
    async (req, reply) => {
      const exported = await exchange.exportTopics(deviceIdOf(req), req.query.format, req.query.table);
      return sendExport(reply, exported);
    },
  );

  app.post(
    `${INTENTS}/export`,
    {
      config: heavy,
      schema: {
        tags,
        summary: 'Export some topics as a workbook, or one table of it as CSV',
        description:
          'As `GET` of this path, with only the topics `selection` takes and their sub-topics: `{ ids }` or ' +
          `\`{ all: true, filter }\` (the list’s category_id, parent_id and search), at most ${BULK_MAX}. Reads only.`,
        body: ZExportPickedRequest,
        response: {
          200: file(
            'The picked topics with their keywords and responses',
            XLSX_TYPE,
            CSV_TYPE.split(';')[0]!,
          ),
        },
      },
    },
    async (req, reply) => {
      const body = pinned(req, req.body);
      const exported = await exchange.exportTopics(body.device_id, body.format, body.table, body.selection);
      return sendExport(reply, exported);
    },
  );

  app.post(
    `${INTENTS}/import`,
    {
      config: { ...heavy, upload: true },
      schema: {
        tags,
        summary: 'Import a topics workbook or CSV file (the export’s layout): preview, or apply',
        description:
          'An .xlsx workbook, or a CSV file holding one of its tables (UTF-8 or UTF-16; comma, semicolon or tab), ' +
          'told apart by their bytes. With `mode=preview` nothing changes; with `mode=apply` the file is applied ' +
          'only when it has no problem. Keywords rows with a blank Kind are counted (`keyword_kinds.blank`) and ' +
          'applied as `blank_kind` says; applying them without it is `import_kind_required`. Up to 20 MB; bounded ' +
          'while it inflates or is read (`import_too_large`); one import per project at a time (`import_busy`, ' +
          '409) and two per server (`import_queue_full`, 429 with Retry-After). An applied import answers ' +
          '`matcher` (`training`): the previous model answers until the new one is built.',
        querystring: ZImportQuery,
        response: { 200: ZOk(ZImportReport) },
      },
    },
    async (req) => {
      const report = await exchange.importTopics(
        authOf(req).projectId,
        deviceIdOf(req),
        await deferredFile(req, IMPORT_MAX_BYTES),
        { mode: req.query.mode, blankKind: req.query.blank_kind },
      );
      const message =
        report.errors.length > 0
          ? `Nothing was imported: the file has ${report.errors.length} problem${report.errors.length === 1 ? '' : 's'}.`
          : report.applied
            ? 'Topics imported. The assistant is learning them; it answers as before until it has.'
            : 'Preview only: nothing was changed.';
      // Applied: the matcher is rebuilding (the service announced the change before answering).
      const matcher = report.applied ? matcherStatus.status(deviceIdOf(req)) : undefined;
      return ok({ ...report, ...(matcher && { matcher }) }, { message });
    },
  );
}
