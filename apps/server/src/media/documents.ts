import fs from 'node:fs/promises';

/** A text document's type as the media pipeline stores it: the MIME type and the blob's extension. */
export interface TextType {
  mime: 'text/plain' | 'text/html' | 'text/markdown';
  ext: 'txt' | 'html' | 'md';
}

/** How much of a text is looked at to tell HTML and Markdown from plain text. */
const SNIFF_CHARS = 64 * 1024;

/**
 * The text of a file without magic numbers, when it is one: valid UTF-8 (a BOM allowed) or UTF-16
 * with its BOM, and no NUL character anywhere (a binary file is never taken for text). Null otherwise.
 */
export function decodeText(bytes: Buffer): string | null {
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  let text: string;
  try {
    // `fatal`: broken UTF-8 (or an odd UTF-16 length, a lone surrogate) is not text.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

/**
 * What kind of text a document is: HTML when it starts like a page or has `<body>`/`<p>` tags,
 * Markdown when its name says so or it has `#` headings, plain text otherwise.
 */
export function classifyText(text: string, name: string): TextType {
  const head = text.slice(0, SNIFF_CHARS).replace(/^\uFEFF/, '');
  if (/^\s*<(!doctype\s+html|html)[\s>]/i.test(head) || /<(body|p)(\s[^>]*)?>/i.test(head)) {
    return { mime: 'text/html', ext: 'html' };
  }
  if (/\.(md|markdown)$/i.test(name.trim()) || /^#{1,6}[ \t]+\S/m.test(head)) {
    return { mime: 'text/markdown', ext: 'md' };
  }
  return { mime: 'text/plain', ext: 'txt' };
}

/** The text type of a stored work file without magic numbers, or null when it is not text. */
export async function textTypeOf(file: string, name: string): Promise<TextType | null> {
  const text = decodeText(await fs.readFile(file));
  return text === null ? null : classifyText(text, name);
}
