import yauzl from 'yauzl';

/**
 * What a workbook may hold before it is parsed. An xlsx is a ZIP of XML; what its headers say is
 * checked first, and then what inflating it really gives, counted as it streams, so a file that
 * understates its size is stopped at the limit instead of filling memory.
 */
export interface XlsxLimits {
  /** Files inside the ZIP (a workbook has about a dozen). */
  entries: number;
  /** Bytes of all entries once inflated. */
  bytes: number;
  /** Distinct strings (`<si>` in xl/sharedStrings.xml). */
  sharedStrings: number;
  /** Rows of all sheets (`<row>`). */
  rows: number;
  /** Cells of all sheets (`<c>`). */
  cells: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  entries: 500,
  bytes: 100 * 1024 * 1024,
  sharedStrings: 500_000,
  rows: 300_000,
  cells: 3_000_000,
};

export class ImportRefused extends Error {
  constructor(
    message: string,
    /** Past a limit, not a readable (unencrypted) ZIP or CSV, or text in an encoding we do not read. */
    readonly kind: 'too_large' | 'unreadable' | 'encoding',
    /** With too_large: whether it was the count of rows or cells (rather than bytes or files). */
    readonly rows = false,
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}
const damaged = () => new ImportRefused('The workbook could not be read: the file is damaged.', 'unreadable');

const DELIMITERS = new Set([0x20, 0x3e, 0x2f, 0x09, 0x0a, 0x0d]); // space > / tab LF CR

/** Counts `<tag` followed by a delimiter across the chunks of a stream. */
function tagCounter(tag: string) {
  const needle = Buffer.from(`<${tag}`);
  let carry = Buffer.alloc(0);
  let count = 0;
  return {
    push(chunk: Buffer) {
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      let at = 0;
      let next = buf.indexOf(needle, at);
      while (next !== -1 && next + needle.length < buf.length) {
        if (DELIMITERS.has(buf[next + needle.length]!)) count++;
        at = next + needle.length;
        next = buf.indexOf(needle, at);
      }
      // Keep what may be the start of a tag cut by the chunk boundary.
      const keepFrom = next !== -1 ? next : Math.max(at, buf.length - needle.length);
      carry = Buffer.from(buf.subarray(keepFrom));
      return count;
    },
    get count() {
      return count;
    },
  };
}

const isSheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);
const isSharedStrings = (name: string) => /^xl\/sharedStrings\.xml$/i.test(name);

/**
 * Inflates every entry once, counting, and refuses at the first limit passed. Cheap for an honest
 * workbook (the data is inflated, not parsed); a bomb costs at most `limits.bytes` of inflating.
 */
export function checkXlsx(bytes: Buffer, limits: XlsxLimits = XLSX_LIMITS) {
  const totals = { entries: 0, declared: 0, bytes: 0, sharedStrings: 0, rows: 0, cells: 0 };
  const tooLarge = (what: string, rows = false) =>
    new ImportRefused(`The workbook is too large to import at once (more than ${what}).`, 'too_large', rows);
  return new Promise<typeof totals>((resolve, reject) => {
    // lazyEntries: one entry at a time; validateEntrySizes: an entry inflating past the size its
    // header declares is an error, so the declared total (checked below) bounds the real one.
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) {
        reject(damaged());
        return;
      }
      let failed = false;
      const fail = (e: Error) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(e instanceof ImportRefused ? e : damaged());
      };
      zip.on('error', fail);
      zip.on('end', () => {
        if (!failed) resolve(totals);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        totals.entries++;
        totals.declared += entry.uncompressedSize;
        if (totals.entries > limits.entries) return fail(tooLarge(`${limits.entries} files inside`));
        if (totals.declared > limits.bytes)
          return fail(tooLarge(`${limits.bytes / 1024 / 1024} MB unpacked`));
        if (entry.isEncrypted())
          return fail(
            new ImportRefused('The workbook is encrypted. Save it without a password.', 'unreadable'),
          );
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return fail(streamErr ?? new Error('no stream'));
          const sheet = isSheet(entry.fileName);
          const strings = isSharedStrings(entry.fileName);
          const si = tagCounter('si');
          const row = tagCounter('row');
          const cell = tagCounter('c');
          const base = { sharedStrings: totals.sharedStrings, rows: totals.rows, cells: totals.cells };
          stream.on('data', (chunk: Buffer) => {
            totals.bytes += chunk.length;
            if (totals.bytes > limits.bytes) {
              stream.destroy();
              return fail(tooLarge(`${limits.bytes / 1024 / 1024} MB unpacked`));
            }
            if (strings) {
              totals.sharedStrings = base.sharedStrings + si.push(chunk);
              if (totals.sharedStrings > limits.sharedStrings) {
                stream.destroy();
                return fail(tooLarge(`${limits.sharedStrings.toLocaleString('en')} different texts`));
              }
            }
            if (sheet) {
              totals.rows = base.rows + row.push(chunk);
              totals.cells = base.cells + cell.push(chunk);
              if (totals.rows > limits.rows || totals.cells > limits.cells) {
                stream.destroy();
                return fail(
                  tooLarge(
                    `${limits.rows.toLocaleString('en')} rows or ${limits.cells.toLocaleString('en')} cells`,
                    true,
                  ),
                );
              }
            }
          });
          stream.on('error', fail);
          stream.on('end', () => {
            if (!failed) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
