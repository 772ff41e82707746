import zlib from 'node:zlib';

/**
 * Why a PDF is refused before pdf.js opens it: its streams decode to more than the budget, or one of
 * its pictures declares more pixels than allowed.
 */
export class PdfRefused extends Error {
  constructor(
    readonly reason: 'inflates_too_far' | 'too_many_pixels',
    message: string,
    /** The picture's size, for `too_many_pixels`. */
    readonly picture?: { width: number; height: number },
  ) {
    super(message);
    this.name = 'PdfRefused';
  }
}

export interface PdfGuardOptions {
  /** What the file's checked streams may decode to, together, in bytes. */
  budget: number;
  /**
   * Also check image streams, for a caller that decodes pictures: their data counts against the
   * budget, and a picture declaring (or, for a JPEG, holding) more than `maxPixels` is refused.
   * Without it image streams are skipped (a text scan never decodes them).
   */
  images?: { maxPixels: number };
}

/** What the check saw. */
export interface PdfGuardReport {
  /** Bytes the checked streams decoded to. */
  decoded: number;
  /** The file is encrypted: its streams could not be checked (they are ciphertext here). */
  encrypted: boolean;
}

/** Filter names as pdf.js takes them, abbreviations included. */
const FILTERS: Record<string, string> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  RunLengthDecode: 'rl',
  RL: 'rl',
  DCTDecode: 'jpeg',
  DCT: 'jpeg',
};

const MB = 1024 * 1024;

/** What a PDF's checked streams may decode to, together, for the scanner and the floor plans alike. */
export const PDF_INFLATED_BUDGET = 256 * MB;

/**
 * A PDF bomb's streams checked before pdf.js opens them. pdf.js keeps each stream it decodes whole,
 * in ArrayBuffers outside a worker's heap limit, so a megabyte that inflates to gigabytes would
 * cost gigabytes before anything else could count it. Each stream's filters (Flate, LZW, run
 * length, ASCII hex and 85) are undone here once, against one budget for the whole file, keeping at
 * most one stream at a time; image codecs (JPEG, JPEG 2000, fax, JBIG2) end a stream's check. A
 * damaged stream is left to pdf.js, which fails on it as well.
 *
 * Throws `PdfRefused`; returns what it decoded and whether the file was encrypted (nothing of an
 * encrypted file can be checked: the caller decides whether to go on).
 */
export async function checkPdfStreams(bytes: Uint8Array, opts: PdfGuardOptions): Promise<PdfGuardReport> {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = raw.toString('latin1');
  const encrypted = /\/Encrypt\s*(?:<<|\d+\s+\d+\s+R)/.test(text);
  let left = opts.budget;
  const spend = (n: number) => {
    left -= n;
    if (left < 0) {
      throw new PdfRefused(
        'inflates_too_far',
        `The PDF's content unpacks to more than ${Math.round(opts.budget / MB)} MB.`,
      );
    }
  };
  for (let at = text.indexOf('stream'); at !== -1; at = text.indexOf('stream', at + 6)) {
    if (text.startsWith('end', at - 3)) continue;
    const window = text.slice(Math.max(0, at - 4096), at);
    const dict = window.slice(window.lastIndexOf(' obj') + 1);
    let start = at + 6;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = streamEnd(text, dict, start);
    if (end === -1) break;
    at = end;
    const image = /\/Subtype\s*\/Image\b/.test(dict);
    if (image && !opts.images) continue;
    if (image) checkDeclaredPixels(text, dict, opts.images!.maxPixels);
    if (encrypted) continue;
    let data = raw.subarray(start, end);
    const filters = filtersOf(text, dict).map((f) => FILTERS[f] ?? 'codec');
    for (const [i, kind] of filters.entries()) {
      if (kind === 'jpeg') {
        if (image) checkJpegPixels(data, opts.images!.maxPixels);
        break;
      }
      if (kind === 'codec') break; // JPEG 2000, fax, JBIG2, or a filter pdf.js does not know either
      // Inflated bytes are kept only for a filter that follows (of a JPEG, its first megabyte: the header), else counted.
      const next = filters[i + 1];
      const keep = next === undefined || next === 'codec' ? 0 : next === 'jpeg' ? MB : Infinity;
      const out: { size: number; bytes: Buffer } | null =
        kind === 'flate' ? await inflated(data, left + 1, keep) : decode(kind, data, left + 1, dict);
      if (!out) break; // damaged: pdf.js fails on it too
      spend(out.size);
      data = out.bytes;
    }
  }
  return { decoded: opts.budget - left, encrypted };
}

/**
 * Where a stream's data ends, found as pdf.js finds it: its /Length when `endstream` follows there,
 * else the first `endstream` (so the word inside the data cannot cut a bomb short here alone).
 */
function streamEnd(text: string, dict: string, start: number): number {
  const length = Number(entry(text, dict, 'Length'));
  if (
    Number.isInteger(length) &&
    length >= 0 &&
    /^\s*endstream/.test(text.slice(start + length, start + length + 12))
  ) {
    return start + length;
  }
  return text.indexOf('endstream', start);
}

/** A dictionary entry's value, following one indirect reference (`/Width 7 0 R`). */
function entry(text: string, dict: string, key: string): string | undefined {
  const m = new RegExp(
    `/${key}(?![\\w.-])\\s*(\\[[^\\]]*\\]|/[^\\s/<>\\[\\]()]+|\\d+\\s+\\d+\\s+R|[-+.\\d]+)`,
  ).exec(dict);
  if (!m) return undefined;
  const ref = /^(\d+)\s+(\d+)\s+R$/.exec(m[1]!);
  if (!ref) return m[1];
  const obj = new RegExp(
    `(?:^|\\s)${ref[1]}\\s+${ref[2]}\\s+obj\\s*(\\[[^\\]]*\\]|/[^\\s/<>\\[\\]()]+|[-+.\\d]+)`,
  ).exec(text);
  return obj?.[1];
}

const filtersOf = (text: string, dict: string) =>
  (entry(text, dict, 'Filter') ?? '').match(/[^\s/[\]]+/g) ?? [];

function tooManyPixels(width: number, height: number, maxPixels: number) {
  return new PdfRefused(
    'too_many_pixels',
    `The PDF holds a picture of ${width} × ${height} pixels; at most ${Math.round(maxPixels / 100_000) / 10} megapixels are accepted.`,
    { width, height },
  );
}

/** The picture's own Width × Height, before anything is decoded (pdf.js allocates by them). */
function checkDeclaredPixels(text: string, dict: string, maxPixels: number) {
  const width = Number(entry(text, dict, 'Width'));
  const height = Number(entry(text, dict, 'Height'));
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
}

/** A JPEG's frame size (its SOF marker), which pdf.js's decoder allocates by whatever the PDF says. */
function checkJpegPixels(jpeg: Buffer, maxPixels: number) {
  let at = 2;
  while (at + 9 < jpeg.length) {
    if (jpeg[at] !== 0xff) return;
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = jpeg.readUInt16BE(at + 5);
      const width = jpeg.readUInt16BE(at + 7);
      if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
      return;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
}

/**
 * A Flate stream inflated as it streams, stopped once it passes `max`: only its size is kept, and
 * its first `keep` bytes. Null when it is damaged before anything comes out.
 */
function inflated(data: Buffer, max: number, keep: number) {
  return new Promise<{ size: number; bytes: Buffer } | null>((resolve) => {
    const inflater = zlib.createInflate();
    const kept: Buffer[] = [];
    let size = 0;
    const done = () => resolve({ size, bytes: Buffer.concat(kept) });
    inflater.on('data', (chunk: Buffer) => {
      if (size < keep) kept.push(chunk.subarray(0, keep - size));
      size += chunk.length;
      if (size > max) {
        inflater.destroy();
        done();
      }
    });
    inflater.on('error', () => (size > 0 ? done() : resolve(null))); // what came out before the damage counts
    inflater.on('end', done);
    inflater.end(data);
  });
}

/** One of the other filters undone, stopped once past `max` (more means the budget is spent). */
function decode(kind: string, data: Buffer, max: number, dict: string) {
  let bytes: Buffer;
  if (kind === 'hex') {
    const digits = data
      .toString('latin1')
      .split('>')[0]!
      .replace(/[^0-9a-f]/gi, '');
    bytes = Buffer.from(digits.length % 2 ? digits + '0' : digits, 'hex');
  } else if (kind === 'a85') bytes = ascii85(data);
  else if (kind === 'lzw') bytes = lzw(data, max, !/\/EarlyChange\s+0\b/.test(dict));
  else bytes = runLength(data, max);
  return { size: bytes.length, bytes };
}

/** ASCII85 (it only shrinks: 5 characters to 4 bytes). */
function ascii85(data: Buffer): Buffer {
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const c of group) v = v * 85 + c;
    for (let i = 0; i < n - 1; i++) out.push((v >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const byte of data) {
    if (byte === 0x7e) break; // ~> ends it
    if (byte === 0x7a && group.length === 0) out.push(0, 0, 0, 0);
    else if (byte >= 0x21 && byte <= 0x75) {
      group.push(byte - 33);
      if (group.length === 5) flush(5);
    }
  }
  if (group.length > 1) flush(group.length);
  return Buffer.from(out);
}

/** Run-length decoding, stopped once it passes `max`. */
function runLength(data: Buffer, max: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < data.length && size <= max;) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      const run = data.subarray(i + 1, i + 2 + n);
      out.push(run);
      size += run.length;
      i += 2 + n;
    } else {
      out.push(Buffer.alloc(257 - n, data[i + 1] ?? 0));
      size += 257 - n;
      i += 2;
    }
  }
  return Buffer.concat(out);
}

/** LZW as PDF uses it (9–12 bit codes, early change by default), stopped once it passes `max`. */
function lzw(data: Buffer, max: number, earlyChange: boolean): Buffer {
  const table: Buffer[] = Array.from({ length: 258 }, (_, i) => Buffer.from([i & 0xff]));
  const out: Buffer[] = [];
  let size = 0;
  let bits = 9;
  let prev: Buffer | null = null;
  let acc = 0;
  let held = 0;
  for (const byte of data) {
    acc = ((acc << 8) | byte) & 0xffffff;
    held += 8;
    while (held >= bits) {
      const code = (acc >>> (held - bits)) & ((1 << bits) - 1);
      held -= bits;
      if (code === 257) return Buffer.concat(out);
      if (code === 256) {
        table.length = 258;
        bits = 9;
        prev = null;
        continue;
      }
      const word: Buffer | undefined =
        code < table.length ? table[code] : prev ? Buffer.concat([prev, prev.subarray(0, 1)]) : undefined;
      if (!word) return Buffer.concat(out);
      out.push(word);
      size += word.length;
      if (size > max) return Buffer.concat(out);
      if (prev && table.length < 4096) table.push(Buffer.concat([prev, word.subarray(0, 1)]));
      prev = word;
      if (table.length + (earlyChange ? 1 : 0) >= 1 << bits && bits < 12) bits++;
    }
  }
  return Buffer.concat(out);
}
