import { z } from 'zod';
import { ZDeviceRef } from './ai-common.js';
import { KEYWORD_KINDS } from './ai-keywords.js';
import { ZTopicsFilter } from './ai-topics.js';
import { ZMatcherStatus } from './ai-transfer.js';
import { ZBulkSelection } from './undo.js';

// ---------------------------------------------------------------- import and export (xlsx, csv)

export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The tables of the topics workbook: its sheets, or what one CSV file holds. */
export const EXCHANGE_TABLES = ['topics', 'keywords', 'responses'] as const;
export type ExchangeTable = (typeof EXCHANGE_TABLES)[number];

/**
 * `format=csv` exports one table (`table`, keywords by default) as a CSV file; the workbook holds
 * all three sheets, so `table` is not read for `xlsx`.
 */
export const ZExportQuery = ZDeviceRef.extend({
  format: z.enum(IMPORT_FORMATS).default('xlsx'),
  table: z.enum(EXCHANGE_TABLES).default('keywords'),
});
/** The export of some topics (with their sub-topics): picked ones, or all the list's filter matches. */
export const ZExportPickedRequest = ZExportQuery.extend({ selection: ZBulkSelection(ZTopicsFilter) });
export type ExportPickedRequest = z.input<typeof ZExportPickedRequest>;
export const ZImportQuery = ZDeviceRef.extend({
  mode: z.enum(['preview', 'apply']).default('preview'),
  /**
   * What Keywords rows with a blank Kind are. Required to apply a file that has such rows
   * (`400 import_kind_required` without it); not read when the file has none.
   */
  blank_kind: z.enum(KEYWORD_KINDS).optional(),
});
export const ZImportIssue = z.object({
  sheet: z.string(),
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof ZImportIssue>;
export const ZImportReport = z.object({
  applied: z.boolean(),
  /** How the file was read: decided by its bytes (and checked against its name). */
  format: z.enum(IMPORT_FORMATS),
  /** The tables the file holds: a workbook's sheets, or the one table a CSV file's header names. */
  tables: z.array(z.enum(EXCHANGE_TABLES)),
  categories_created: z.array(z.string()),
  topics_created: z.array(z.string()),
  topics_changed: z.array(z.string()),
  keywords: z.number().int(),
  /** The Keywords rows by their Kind cell (they add up to `keywords`); `blank` rows are what `blank_kind` says. */
  keyword_kinds: z.object({
    keyword: z.number().int(),
    phrase: z.number().int(),
    blank: z.number().int(),
  }),
  /** The choice the blank Kind rows were read with; null when none was given. */
  blank_kind: z.enum(KEYWORD_KINDS).nullable(),
  responses: z.number().int(),
  errors: z.array(ZImportIssue),
  /** After an applied import: the device's matcher (training while it learns the new topics). */
  matcher: ZMatcherStatus.optional(),
});
export type ImportReport = z.infer<typeof ZImportReport>;
