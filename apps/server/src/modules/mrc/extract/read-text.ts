import { Lexer, type Token, type Tokens } from 'marked';
import { BlockWriter, joinRuns } from './text.js';
import { MAX_NESTING, ScanFailure, tooDeep } from './types.js';

/** Bytes as UTF-8 text (a UTF-16 file is read by its byte-order mark); CRLF as LF. */
export function decodeText(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  const text = new TextDecoder(encoding).decode(bytes); // drops the BOM
  if (text.includes('\0')) throw new ScanFailure('corrupt', 'The file is not text (it holds NUL bytes).');
  return text.replace(/\r\n?/g, '\n');
}

/** The text's pages by form feeds: page numbers when it has any, else one page numbered null. */
function pagesOf(text: string): { pages: number; parts: { page: number | null; text: string }[] } {
  const parts = text.split('\f');
  if (parts.length === 1) return { pages: 1, parts: [{ page: null, text }] };
  return { pages: parts.length, parts: parts.map((t, i) => ({ page: i + 1, text: t })) };
}

const FINAL_PUNCTUATION = /[.,;:!?…。，；：！？、"'”’)）\]】」』-]$/u;

/** A short line alone between blank lines, without final punctuation, reads as a heading. */
function looksLikeHeading(line: string): boolean {
  const t = line.trim();
  if (!t || t.length > 80 || FINAL_PUNCTUATION.test(t)) return false;
  if (!/\p{L}/u.test(t)) return false;
  return t.split(/\s+/).length <= 12;
}

/** Plain text: paragraphs between blank lines (their lines joined), headings guessed, \f a page break. */
export function readTxt(bytes: Uint8Array, maxCharacters: number) {
  const { pages, parts } = pagesOf(decodeText(bytes));
  const out = new BlockWriter(maxCharacters);
  for (const { page, text } of parts) {
    out.setPage(page);
    const paras = text.split(/\n[^\S\n]*\n/).map((para) => para.split('\n').filter((l) => l.trim()));
    const last = paras.findLastIndex((lines) => lines.length > 0);
    for (const [i, lines] of paras.entries()) {
      // A heading has text after it on its page; a page's last short line is text.
      if (lines.length === 1 && i < last && looksLikeHeading(lines[0]!)) out.setHeading(lines[0]!);
      else if (lines.length) out.paragraph(lines.map((l) => l.trim()).reduce(joinRuns));
    }
  }
  return { pages, blocks: out.finish(), characters: out.characters };
}

/** The plain text of inline markdown tokens (emphasis, links, code spans…). */
function inlineText(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens
    .map((t) => {
      if (t.type === 'br') return '\n';
      if (t.type === 'image') return (t as Tokens.Image).text;
      if (t.type === 'html') return '';
      const nested = (t as { tokens?: Token[] }).tokens;
      return nested ? inlineText(nested, '') : ((t as { text?: string }).text ?? '');
    })
    .join('');
}

/** A block-level markdown token written out: headings set, everything else paragraphs. */
function writeToken(token: Token, out: BlockWriter): void {
  switch (token.type) {
    case 'heading':
      out.setHeading(inlineText(token.tokens, token.text as string));
      return;
    case 'paragraph':
    case 'text':
      for (const line of inlineText(token.tokens, token.text as string).split('\n')) out.paragraph(line);
      return;
    case 'code':
      for (const line of (token.text as string).split('\n')) out.paragraph(line);
      return;
    case 'list':
      for (const item of (token as Tokens.List).items) for (const t of item.tokens) writeToken(t, out);
      return;
    case 'blockquote':
      for (const t of (token as Tokens.Blockquote).tokens) writeToken(t, out);
      return;
    case 'table': {
      const table = token as Tokens.Table;
      for (const row of [table.header, ...table.rows]) {
        out.paragraph(row.map((cell) => inlineText(cell.tokens, cell.text)).join(' · '));
      }
      return;
    }
    case 'html':
      out.paragraph((token.text as string).replace(/<[^>]*>/g, ' '));
      return;
    default:
      return; // space, hr, def
  }
}

/**
 * Markdown nested past MAX_NESTING (a blockquote 100,000 deep overflowed marked's recursive lexer):
 * quote markers and list indentation at the start of a line, or brackets and emphasis runs opened
 * in a row, counted before lexing.
 */
function refuseDeepMarkdown(text: string): void {
  for (const line of text.split('\n')) {
    const lead = /^[\s>]*/.exec(line)![0];
    let quotes = 0;
    for (const ch of lead) if (ch === '>') quotes++;
    if (quotes > MAX_NESTING || lead.length - quotes > MAX_NESTING * 4) throw tooDeep();
  }
  if (new RegExp(`[\\[(*_~\`]{${MAX_NESTING * 4},}`).test(text)) throw tooDeep();
}

/** Markdown: `#` headings, markup stripped; \f a page break as in plain text. */
export function readMarkdown(bytes: Uint8Array, maxCharacters: number) {
  const decoded = decodeText(bytes);
  refuseDeepMarkdown(decoded);
  const { pages, parts } = pagesOf(decoded);
  const out = new BlockWriter(maxCharacters);
  for (const { page, text } of parts) {
    out.setPage(page);
    for (const token of new Lexer().lex(text)) writeToken(token, out);
  }
  return { pages, blocks: out.finish(), characters: out.characters };
}
