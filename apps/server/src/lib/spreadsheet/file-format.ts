import type { ErrorCode, ImportFormat } from '@ambassador/contracts';
import { AppError } from '../errors.js';

/** The encodings a CSV file is read in: what Excel writes ("CSV UTF-8", "Unicode Text"). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';
export type Sniffed = { format: 'xlsx' } | { format: 'csv'; encoding: TextEncoding };

/** Bytes looked at to tell text from binary; the worker decodes the whole file later. */
const SAMPLE_BYTES = 64 * 1024;
const ZIP = 0x504b0304;
/** OLE2 compound file: an old .xls, or an xlsx saved with a password. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

type TextKind = { kind: 'text'; encoding: TextEncoding } | { kind: 'legacy' } | { kind: 'binary' };

/** Control characters that text files do not hold (tab, line ends and form feed aside). */
const isControl = (code: number) => code < 0x09 || (code > 0x0d && code < 0x20) || code === 0x7f;

function decodesAs(sample: Uint8Array, encoding: TextEncoding): string | undefined {
  try {
    // stream: a character cut at the sample's end is held back, not an error.
    return new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: true });
  } catch {
    return undefined;
  }
}
const mostlyPlain = (text: string) => {
  let controls = 0;
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) controls++;
  return controls <= text.length / 100;
};

/**
 * Text or not, and in which encoding, from the first 64 KB: a byte-order mark first; UTF-16
 * without one by its zero bytes (ASCII in UTF-16LE has a zero after every character); else UTF-8.
 * Text that is not UTF-8 (Big5, GBK: Excel's plain "CSV" on a Chinese Windows) is `legacy`: we do
 * not guess which of them it is.
 */
export function textKind(bytes: Uint8Array): TextKind {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const starts = (...b: number[]) => b.every((x, i) => sample[i] === x);
  let encoding: TextEncoding | undefined;
  if (starts(0xef, 0xbb, 0xbf)) encoding = 'utf-8';
  else if (starts(0xff, 0xfe)) encoding = 'utf-16le';
  else if (starts(0xfe, 0xff)) encoding = 'utf-16be';
  else {
    let even = 0;
    let odd = 0;
    for (let i = 0; i + 1 < sample.length; i += 2) {
      if (sample[i] === 0) even++;
      if (sample[i + 1] === 0) odd++;
    }
    const pairs = Math.floor(sample.length / 2);
    if (pairs > 0 && odd > pairs * 0.3 && even < pairs * 0.02) encoding = 'utf-16le';
    else if (pairs > 0 && even > pairs * 0.3 && odd < pairs * 0.02) encoding = 'utf-16be';
  }
  if (encoding) {
    const text = decodesAs(sample, encoding);
    return text !== undefined && mostlyPlain(text) ? { kind: 'text', encoding } : { kind: 'binary' };
  }
  if (sample.includes(0)) return { kind: 'binary' };
  const text = decodesAs(sample, 'utf-8');
  if (text !== undefined) return mostlyPlain(text) ? { kind: 'text', encoding: 'utf-8' } : { kind: 'binary' };
  // Not UTF-8: a legacy encoding's text still has few control bytes.
  let controls = 0;
  for (const b of sample) if (isControl(b)) controls++;
  return controls <= sample.length / 100 ? { kind: 'legacy' } : { kind: 'binary' };
}

/** What the file's name says it is; undefined when it says nothing we know. */
function claimedFormat(name: string): { format: ImportFormat; ext: string } | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase() ?? '';
  if (ext === 'xlsx' || ext === 'xlsm') return { format: 'xlsx', ext };
  // Excel's "Unicode Text" is a .txt; a .tsv is the same thing by another name.
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return { format: 'csv', ext };
  return undefined;
}

const refused = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message);

/**
 * Which reader a file goes to: decided by its bytes, never by its name or the client's claim,
 * and a name that says otherwise is an error that says what the file really is.
 */
export function sniffImport(bytes: Buffer, fileName: string): Sniffed {
  const zip = bytes.length >= 4 && bytes.readUInt32BE(0) === ZIP;
  const claim = claimedFormat(fileName);
  if (bytes.subarray(0, OLE2.length).equals(OLE2)) {
    throw refused(
      415,
      'unsupported_type',
      'This is an old Excel file (.xls) or a workbook with a password. Save it as an Excel workbook (.xlsx) without a password, or as "CSV UTF-8".',
    );
  }
  if (zip) {
    if (claim?.format === 'csv') {
      throw refused(
        415,
        'import_csv_is_workbook',
        `This file is named .${claim.ext} but is an Excel workbook. Rename it to .xlsx, or save it from Excel as "CSV UTF-8".`,
      );
    }
    return { format: 'xlsx' };
  }
  const text = textKind(bytes);
  if (claim?.format === 'xlsx') {
    if (text.kind === 'binary') {
      throw refused(415, 'unsupported_type', 'This file is not an Excel workbook (.xlsx).');
    }
    throw refused(
      415,
      'import_xlsx_is_text',
      `This file is named .${claim.ext} but holds text, not an Excel workbook. If it is a CSV file, rename it to .csv.`,
    );
  }
  if (text.kind === 'text') return { format: 'csv', encoding: text.encoding };
  if (text.kind === 'legacy') {
    throw refused(
      400,
      'import_text_encoding',
      'The file is text, but not UTF-8 or UTF-16. In Excel, save it as "CSV UTF-8 (Comma delimited)" or as "Unicode Text".',
    );
  }
  if (claim?.format === 'csv') {
    throw refused(415, 'import_not_text', `This file is named .${claim.ext} but is not a text (CSV) file.`);
  }
  throw refused(415, 'unsupported_type', 'This file is neither an Excel workbook (.xlsx) nor a CSV file.');
}
