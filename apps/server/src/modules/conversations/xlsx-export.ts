import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import type { ExportCursor, ExportRow } from './repo.js';

export interface ExportOptions {
  /** Data rows per sheet (the header row comes on top); more continue on "Conversations 2", ... */
  rowsPerSheet: number;
  /** Rows read from the database at a time, in the datetime order (an index range each). */
  batchSize: number;
  /**
   * Rows at a time in any other order: each read sorts what is left of the range, so fewer,
   * larger reads.
   */
  sortedBatchSize: number;
  /** Sheet XML waiting for the zip compressor before reading more rows pauses. */
  zipBacklogBytes: number;
  /** The export worker's heap (old generation, MB); its young generation is an eighth of it. */
  workerHeapMb: number;
}

/**
 * Only exceljs's streaming writer: the whole package (its reader, csv, the in-memory workbook)
 * costs the export worker 12 MB more of code than this one part.
 */
const WorkbookWriter = createRequire(import.meta.url)(
  'exceljs/lib/stream/xlsx/workbook-writer',
) as typeof ExcelJS.stream.xlsx.WorkbookWriter;

/** Excel refuses longer cell texts. */
const CELL_MAX_CHARS = 32_767;
/**
 * Text columns are formatted as Text, so editing a cell in Excel never turns it into a formula.
 * Every cell gets one of these two shared objects: exceljs caches a style by object, and a fresh
 * style per cell (what column styles give) makes a large export four times slower.
 */
const TEXT_STYLE = { numFmt: '@' };
const PLAIN_STYLE = {};
/** The date column: real date cells a spreadsheet sorts and filters, shown to the second. */
const DATE_STYLE = { numFmt: 'yyyy-mm-dd hh:mm:ss' };
const COLUMNS: { header: string; width: number; text: boolean }[] = [
  { header: 'Date', width: 24, text: false },
  { header: 'Acquire', width: 40, text: true },
  { header: 'Reply', width: 60, text: true },
  { header: 'Intent identified', width: 28, text: true },
  { header: 'Category', width: 20, text: true },
  { header: 'Response time (ms)', width: 18, text: false },
  { header: 'Score', width: 10, text: false },
  { header: 'Status', width: 12, text: true },
  { header: 'Device', width: 26, text: true },
  { header: 'Rating', width: 8, text: false },
  { header: 'Comment', width: 40, text: true },
  { header: 'Bookmarked', width: 12, text: false },
  { header: 'Language', width: 12, text: true },
];
const CELL_STYLES = COLUMNS.map((c, i) => (i === 0 ? DATE_STYLE : c.text ? TEXT_STYLE : PLAIN_STYLE));
/** The date column's header names the zone its times are in: "Date (Asia/Hong_Kong)". */
const headersOf = (tz: string) =>
  COLUMNS.map((c, i) => ({ ...c, header: i === 0 ? `${c.header} (${tz})` : c.header }));
/**
 * A time of the caller's zone ("2026-11-23 17:22:19") as a date cell. A spreadsheet's dates have
 * no zone: the cell holds that wall-clock, which ExcelJS takes from a Date's UTC fields.
 */
const dateCell = (local: string) => new Date(`${local.replace(' ', 'T')}Z`);

const sheetName = (n: number) => (n === 1 ? 'Conversations' : `Conversations ${n}`);
const text = (s: string | null) => (s === null ? null : s.slice(0, CELL_MAX_CHARS));

/**
 * A row's cells. Texts are plain string values: exceljs writes those as string cells, never as
 * formulas, so a question like "=HYPERLINK(...)" stays text (no formula injection).
 */
function cells(r: ExportRow) {
  return [
    dateCell(r.local),
    text(r.acquire),
    text(r.reply),
    text(r.intentName),
    text(r.categoryName),
    r.responseTimeMs,
    r.score,
    r.status,
    text(r.deviceName),
    r.rating,
    text(r.comment),
    r.bookmarked,
    r.language,
  ];
}

/** A stream's unwritten bytes; archiver's streams are readable-stream 2, without `writableLength`. */
interface Buffered {
  writableLength?: number;
  _writableState?: { length?: number };
  once(event: string, listener: () => void): unknown;
}
const buffered = (s: Buffered) => s.writableLength ?? s._writableState?.length ?? 0;

/**
 * The stream the zip reads a sheet's XML from. exceljs writes into it without ever waiting, so an
 * export to a slow client would pile the whole file up there unless we watch it ourselves.
 */
function zipInputOf(ws: ExcelJS.Worksheet): Buffered | undefined {
  const input = (ws as unknown as { stream?: { pipes?: Buffered[] } }).stream?.pipes?.[0];
  return typeof input?.once === 'function' && input._writableState ? input : undefined;
}

/** Waits until the client has taken what is written and the zip has caught up. */
async function backpressure(ws: ExcelJS.Worksheet, out: Writable, limit: number, signal: AbortSignal) {
  for (;;) {
    signal.throwIfAborted();
    if (out.writableNeedDrain) {
      await once(out, 'drain', { signal });
      continue;
    }
    const input = zipInputOf(ws);
    if (input && buffered(input) > limit) {
      await once(input as unknown as NodeJS.EventEmitter, 'drain', { signal });
      continue;
    }
    return;
  }
}

/**
 * Streams the workbook into `out`, its dates in the zone `tz` (the caller's): the first batch is already read (so a failing query was still
 * a JSON error), `next` reads the batch after a cursor. Memory stays flat whatever the row count:
 * each row is committed (written out) at once, and reading waits while the client is slow.
 * Resolves when the file is complete, or quietly when the client went away.
 */
export async function writeConversationsXlsx(
  out: Writable,
  tz: string,
  first: ExportRow[],
  next: (cursor: ExportCursor) => Promise<ExportRow[]>,
  opts: ExportOptions,
) {
  const stop = new AbortController();
  out.once('close', () => stop.abort(new Error('The client went away.')));
  const wb = new WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const zip = (
    wb as unknown as { zip?: { abort?: () => void; on?: (e: string, f: (err: Error) => void) => void } }
  ).zip;
  zip?.on?.('error', (err) => stop.abort(err));
  wb.creator = 'Ambassador Console';

  let sheets = 0;
  let ws: ExcelJS.Worksheet | undefined;
  let rowsInSheet = 0;
  const newSheet = () => {
    ws?.commit();
    sheets += 1;
    ws = wb.addWorksheet(sheetName(sheets), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = headersOf(tz).map(({ header, width }) => ({ header, width }));
    const header = ws.getRow(1);
    header.font = { bold: true };
    header.commit();
    rowsInSheet = 0;
    return ws;
  };

  try {
    let batch = first;
    while (batch.length > 0) {
      for (const r of batch) {
        const sheet = !ws || rowsInSheet >= opts.rowsPerSheet ? newSheet() : ws;
        const row = sheet.addRow(cells(r));
        CELL_STYLES.forEach((style, i) => (row.getCell(i + 1).style = style));
        row.commit();
        rowsInSheet += 1;
      }
      if (batch.length < opts.batchSize) break;
      await backpressure(ws!, out, opts.zipBacklogBytes, stop.signal);
      const last = batch[batch.length - 1]!;
      batch = await next({ value: last.cursor, id: last.id });
      stop.signal.throwIfAborted();
    }
    (ws ?? newSheet()).commit();
    const committing = wb.commit();
    committing.catch(() => undefined);
    const gone = new Promise<void>((resolve) =>
      stop.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    await Promise.race([committing, gone]);
    stop.signal.throwIfAborted();
  } catch (err) {
    zip?.abort?.();
    // The client going away is not a failure of ours: nobody is left to tell.
    if (out.destroyed) return;
    throw err;
  }
}
