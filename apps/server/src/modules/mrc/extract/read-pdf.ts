import { getDocumentProxy } from 'unpdf';
import { checkPdfStreams, PDF_INFLATED_BUDGET, PdfRefused } from '../../../lib/pdf-guard.js';
import { BlockWriter, joinRuns } from './text.js';
import { ScanFailure } from './types.js';

interface Line {
  text: string;
  /** Font size (the text matrix's vertical scale), the largest in the line. */
  size: number;
  /** Baseline from the page's bottom. */
  y: number;
}

interface TextItemLike {
  str?: string;
  transform?: number[];
  height?: number;
  hasEOL?: boolean;
}

/** A page's text items as lines: an item ending a line (`hasEOL`) or moving down starts the next. */
function linesOf(items: TextItemLike[]): Line[] {
  const lines: Line[] = [];
  let cur: Line | null = null;
  for (const item of items) {
    if (typeof item.str !== 'string') continue; // marked-content markers
    const t = item.transform ?? [1, 0, 0, 1, 0, 0];
    const size = Math.hypot(t[2]!, t[3]!) || item.height || 0;
    const y = t[5]!;
    if (cur && Math.abs(cur.y - y) > Math.max(cur.size, size) * 0.5 && item.str.trim()) {
      lines.push(cur);
      cur = null;
    }
    if (item.str) {
      if (!cur) cur = { text: '', size: 0, y };
      cur.text += item.str;
      if (item.str.trim()) cur.size = Math.max(cur.size, size);
    }
    if (item.hasEOL && cur) {
      lines.push(cur);
      cur = null;
    }
  }
  if (cur) lines.push(cur);
  return lines.filter((l) => l.text.trim());
}

/** The size most of the document's characters are set in: the body text. */
function bodySize(pages: Line[][]): number {
  const weight = new Map<number, number>();
  for (const lines of pages) {
    for (const l of lines) {
      const size = Math.round(l.size * 2) / 2;
      weight.set(size, (weight.get(size) ?? 0) + l.text.length);
    }
  }
  let best = 0;
  let most = -1;
  for (const [size, w] of weight) if (w > most) [best, most] = [size, w];
  return best;
}

/** A line set clearly larger than the body, and short, is a heading. */
const isHeading = (line: Line, body: number) =>
  body > 0 && line.size >= body * 1.15 && line.text.length <= 120 && /\p{L}/u.test(line.text);

const tooMuchText = (max: number) =>
  new ScanFailure('too_much_text', `The text is longer than ${max.toLocaleString('en')} characters.`);

/**
 * A page's text items, streamed: a page whose content inflates to gigabytes of text (a PDF bomb)
 * is stopped as soon as its text passes what the scan may still keep, not after it is all read.
 */
type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

async function pageItems(page: PdfPage, budget: number, max: number): Promise<TextItemLike[]> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{
    items: TextItemLike[];
  }>;
  const items: TextItemLike[] = [];
  let characters = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return items;
    for (const item of value.items) {
      characters += item.str?.length ?? 0;
      items.push(item);
    }
    if (characters > budget) {
      const failure = tooMuchText(max);
      // pdf.js asserts that a cancel gives an Error as its reason, and rejects the cancel's promise
      // otherwise. Not waited for, but caught: in the scan's worker an unhandled rejection would
      // end the thread before the answer is posted (a flaky "cancel must have a valid reason").
      reader.cancel(failure).catch(() => undefined);
      throw failure;
    }
  }
}

/**
 * A PDF bomb's streams are checked before pdf.js opens them (lib/pdf-guard.ts), against one budget;
 * images are skipped, since a text scan never decodes them.
 */
async function checkStreams(bytes: Uint8Array): Promise<void> {
  try {
    await checkPdfStreams(bytes, { budget: PDF_INFLATED_BUDGET });
  } catch (e) {
    if (e instanceof PdfRefused) throw new ScanFailure('too_much_text', e.message);
    throw e;
  }
}

/** pdf.js failure names, as it throws them (PasswordException for encrypted files). */
function failureOf(e: unknown): ScanFailure {
  if (e instanceof ScanFailure) return e;
  const name = (e as Error | undefined)?.name;
  const message = (e as Error | undefined)?.message ?? String(e);
  if (name === 'PasswordException') {
    return new ScanFailure('encrypted', 'The PDF is protected by a password.');
  }
  return new ScanFailure('corrupt', `The PDF cannot be read: ${message}`);
}

/**
 * A PDF's text page by page through pdf.js (unpdf's Node build): lines rebuilt from text items,
 * headings told by font size against the body text's, paragraphs by a larger gap between lines.
 */
export async function readPdf(bytes: Uint8Array, opts: { maxPages: number; maxCharacters: number }) {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new ScanFailure('corrupt', 'The file is not a PDF.');
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString('latin1');
  if (!tail.includes('%%EOF') && !tail.includes('startxref')) {
    throw new ScanFailure('corrupt', 'The PDF is cut short (it has no end).');
  }
  await checkStreams(bytes);
  let doc: PdfDocument;
  try {
    doc = await getDocumentProxy(bytes, { isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  } catch (e) {
    throw failureOf(e);
  }
  try {
    const pages = doc.numPages;
    if (pages > opts.maxPages) {
      throw new ScanFailure(
        'too_many_pages',
        `The PDF has ${pages} pages; at most ${opts.maxPages} are read.`,
      );
    }
    const byPage: Line[][] = [];
    let characters = 0;
    for (let n = 1; n <= pages; n++) {
      const page = await doc.getPage(n);
      const items = await pageItems(page, opts.maxCharacters - characters, opts.maxCharacters);
      const lines = linesOf(items);
      page.cleanup();
      for (const l of lines) characters += l.text.length;
      byPage.push(lines);
    }
    if (!byPage.some((lines) => lines.some((l) => /[\p{L}\p{N}]/u.test(l.text)))) {
      throw new ScanFailure('no_text', 'The PDF has no text: its pages are images (scanned?).');
    }
    const body = bodySize(byPage);
    const out = new BlockWriter(opts.maxCharacters);
    byPage.forEach((lines, i) => {
      out.setPage(i + 1);
      let para = '';
      let heading = '';
      let prev: Line | null = null;
      for (const line of lines) {
        const text = line.text.trim();
        if (isHeading(line, body)) {
          if (para) out.paragraph(para);
          para = '';
          heading = joinRuns(heading, text); // a heading set on two lines is one
        } else {
          if (heading) out.setHeading(heading);
          heading = '';
          const gap = prev ? Math.abs(prev.y - line.y) : 0;
          if (para && prev && gap > Math.max(prev.size, line.size) * 1.8) {
            out.paragraph(para);
            para = '';
          }
          para =
            para.endsWith('-') && /^\p{Ll}/u.test(text) ? para.slice(0, -1) + text : joinRuns(para, text);
        }
        prev = line;
      }
      if (heading) out.setHeading(heading);
      if (para) out.paragraph(para);
    });
    return { pages, blocks: out.finish(), characters: out.characters };
  } catch (e) {
    throw failureOf(e);
  } finally {
    void doc.destroy();
  }
}
