import { ZDeviceQuery, ZImportQuery, ZImportReport } from '@ambassador/contracts';
import type { FastifyInstance } from 'fastify';
import { attachment, XLSX_TYPE } from '../../../lib/downloads.js';
import { ok } from '../../../lib/envelope.js';
import { singleFile } from '../../../media/uploads.js';
import { validate } from '../../../lib/validate.js';
import { fileTooLarge } from '../../../media/store.js';
import { authOf, deviceIdOf } from '../../../plugins/guard.js';
import { AI_PAGE, INTENTS } from '../access.js';
import type { ExchangeService } from './service.js';

/** Whole-device workbooks: the first to wait when the server is busy. */
const heavy = { ...AI_PAGE, priority: 'low' } as const;
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The topics workbook: export a device's topics to xlsx, import the same layout back. */
export function exchangeRoutes(app: FastifyInstance, deps: { exchange: ExchangeService }) {
  const { exchange } = deps;

  app.get(`${INTENTS}/export`, { config: heavy }, async (req, reply) => {
    validate(ZDeviceQuery, req.query);
    const file = await exchange.exportTopics(deviceIdOf(req));
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.content);
  });

  app.post(`${INTENTS}/import`, { config: { ...heavy, upload: true } }, async (req) => {
    const q = validate(ZImportQuery, req.query);
    const file = await singleFile(req, IMPORT_MAX_BYTES);
    const report = await exchange.importTopics(
      authOf(req).projectId,
      deviceIdOf(req),
      // Read only once the import may run: refused imports never buffer their upload.
      () =>
        file.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(IMPORT_MAX_BYTES);
          throw e;
        }),
      q.mode,
    );
    const message =
      report.errors.length > 0
        ? `Nothing was imported: the file has ${report.errors.length} problem${report.errors.length === 1 ? '' : 's'}.`
        : report.applied
          ? 'Topics imported.'
          : 'Preview only: nothing was changed.';
    return ok(ZImportReport, report, { message });
  });
}
