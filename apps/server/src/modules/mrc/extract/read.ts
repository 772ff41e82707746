import type { MrcFormat } from '@ambassador/contracts';
import { detectLanguage } from './language.js';
import { readDocx, readHtml } from './read-html.js';
import { readPdf } from './read-pdf.js';
import { readMarkdown, readTxt } from './read-text.js';
import type { Extracted } from './types.js';
import { ScanFailure } from './types.js';

export interface ReadLimits {
  maxPages: number;
  maxCharacters: number;
}

async function blocksOf(bytes: Uint8Array, format: MrcFormat, limits: ReadLimits) {
  switch (format) {
    case 'pdf':
      return readPdf(bytes, limits);
    case 'docx':
      return readDocx(bytes, limits.maxCharacters);
    case 'html':
      return readHtml(bytes, limits.maxCharacters);
    case 'markdown':
      return readMarkdown(bytes, limits.maxCharacters);
    case 'txt':
      return readTxt(bytes, limits.maxCharacters);
    default:
      throw new ScanFailure('unsupported_format', `Documents of format ${String(format)} are not read.`);
  }
}

/** A file's text as blocks with its pages and language (runs in the scan's worker thread). */
export async function readDocument(
  bytes: Uint8Array,
  format: MrcFormat,
  limits: ReadLimits,
): Promise<Extracted> {
  const { pages, blocks, characters } = await blocksOf(bytes, format, limits);
  if (pages > limits.maxPages) {
    throw new ScanFailure(
      'too_many_pages',
      `The document has ${pages} pages; at most ${limits.maxPages} are read.`,
    );
  }
  if (!blocks.some((b) => /[\p{L}\p{N}]/u.test(b.text))) {
    throw new ScanFailure('no_text', 'The document has no text.');
  }
  const sample = blocks
    .map((b) => b.text)
    .join('\n')
    .slice(0, 100_000);
  return { format, pages, blocks, language: detectLanguage(sample), characters };
}
