import mammoth from 'mammoth';
import { HTMLElement, NodeType, parse, type Node } from 'node-html-parser';
import { checkXlsx, ImportRefused } from '../../../lib/spreadsheet/xlsx-limits.js';
import { decodeText } from './read-text.js';
import { BlockWriter, joinRuns } from './text.js';
import { MAX_NESTING, ScanFailure, tooDeep } from './types.js';

/** Elements whose text is not the document's: code, navigation, forms, embedded things. */
const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'head',
  'svg',
  'math',
  'iframe',
  'object',
  'select',
  'button',
  'canvas',
  'audio',
  'video',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements that end a line of text (the rest are inline). */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'html',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'br',
]);

/**
 * Walks parsed HTML into blocks: h1–h6 are headings, block elements end a paragraph, inline text
 * runs on. With `pageBreak`, an element matching it starts the next page (DOCX page breaks).
 */
function writeHtml(root: HTMLElement, out: BlockWriter, pageBreak?: (el: HTMLElement) => boolean): number {
  let line = '';
  let page = 1;
  const endLine = () => {
    out.paragraph(line);
    line = '';
  };
  const walk = (node: Node): void => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      const text = node.text.replace(/\s+/g, ' ');
      line = line.endsWith(' ') || text.startsWith(' ') ? line + text : joinRuns(line, text);
      return;
    }
    if (!(node instanceof HTMLElement)) return; // comments
    const tag = node.rawTagName?.toLowerCase() ?? '';
    if (SKIP.has(tag) || node.getAttribute('hidden') !== undefined) return;
    if (pageBreak?.(node)) {
      endLine();
      out.setPage(++page);
      return;
    }
    if (HEADINGS.has(tag)) {
      endLine();
      // A heading starting a new page holds the break (mammoth puts it inside).
      if (pageBreak && node.querySelectorAll('*').some(pageBreak)) out.setPage(++page);
      out.setHeading(node.text);
      return;
    }
    const block = BLOCKS.has(tag);
    if (block) endLine();
    for (const child of node.childNodes) walk(child);
    if (block) endLine();
  };
  walk(root);
  endLine();
  return page;
}

const parseHtml = (html: string) =>
  parse(html.replace(/<!doctype[^>]*>|<\?[^>]*>/gi, ''), {
    lowerCaseTagName: true,
    comment: false,
    blockTextElements: { script: false, style: false, pre: true },
  });

/**
 * Refuses a tree nested deeper than any real page (200,000 nested divs ended the walk with
 * "Maximum call stack size exceeded"); measured without recursion.
 */
function refuseDeep(root: Node): void {
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_NESTING) throw tooDeep();
    for (const child of node.childNodes) stack.push([child, depth + 1]);
  }
}

/** An HTML page: its visible text under its headings (one page: HTML has no page numbers). */
export function readHtml(bytes: Uint8Array, maxCharacters: number) {
  const out = new BlockWriter(maxCharacters);
  const root = parseHtml(decodeText(bytes));
  refuseDeep(root);
  writeHtml(root, out);
  return { pages: 1, blocks: out.finish(), characters: out.characters };
}

/**
 * A DOCX is a ZIP of XML like a workbook: its entries are inflated once and counted (sizes checked
 * against their headers as they stream) before mammoth holds it all in memory, so a ZIP bomb stops
 * at the budget within a second instead of filling the worker. The budget is generous XML for the
 * text a scan may keep, plus room for images.
 */
async function checkZip(bytes: Uint8Array, maxCharacters: number): Promise<void> {
  const budget = Math.min(512 * 1024 * 1024, 64 * 1024 * 1024 + maxCharacters * 40);
  try {
    await checkXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      entries: 5_000,
      bytes: budget,
      sharedStrings: Infinity,
      rows: Infinity,
      cells: Infinity,
    });
  } catch (e) {
    if (e instanceof ImportRefused && e.kind === 'too_large') {
      throw new ScanFailure(
        'too_much_text',
        `The Word document unpacks to more than ${budget / 1024 / 1024} MB.`,
      );
    }
    throw new ScanFailure('corrupt', 'The Word document is damaged (it is not a readable ZIP).');
  }
}

/** DOCX page breaks come out of mammoth as this element (its own style map). */
const PAGE_BREAK_CLASS = 'mrc-page-break';

/**
 * A Word document, through mammoth to HTML so its Heading 1–6 paragraphs stay headings. Explicit
 * page breaks (`w:br w:type="page"`) number the pages; without any, pages are unknown (null).
 * mammoth reads the XML with @xmldom/xmldom, which never loads a DTD or an external entity.
 */
export async function readDocx(bytes: Uint8Array, maxCharacters: number) {
  await checkZip(bytes, maxCharacters);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { styleMap: [`br[type='page'] => hr.${PAGE_BREAK_CLASS}:fresh`], ignoreEmptyParagraphs: true },
    );
    html = result.value;
  } catch (e) {
    throw new ScanFailure('corrupt', `The Word document cannot be read: ${(e as Error).message}`);
  }
  const out = new BlockWriter(maxCharacters);
  const root = parseHtml(html);
  refuseDeep(root);
  const hasBreaks = root.querySelector(`hr.${PAGE_BREAK_CLASS}`) !== null;
  if (hasBreaks) out.setPage(1);
  const pages = writeHtml(root, out, hasBreaks ? (el) => el.classList.contains(PAGE_BREAK_CLASS) : undefined);
  return { pages, blocks: out.finish(), characters: out.characters };
}
