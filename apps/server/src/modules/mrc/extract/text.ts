import type { ExtractedBlock } from './types.js';
import { ScanFailure } from './types.js';

/** Han, kana and Hangul: scripts written without spaces between words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}。、，！？；：]/u;

export const isCjk = (ch: string | undefined): boolean => ch !== undefined && CJK.test(ch);

/** Two runs of text as one: a space between them unless both sides are CJK (which has none). */
export function joinRuns(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return isCjk(a.at(-1)) && isCjk(b[0]) ? a + b : `${a} ${b}`;
}

/** Runs of spaces and tabs as one space, ends trimmed. */
export const squeeze = (s: string): string => s.replace(/[^\S\n]+/g, ' ').trim();

/**
 * Collects a document's text as blocks (one per page and heading), counting characters against the
 * scan's limit so a huge file stops as soon as it passes it instead of after it is all in memory.
 */
export class BlockWriter {
  readonly blocks: ExtractedBlock[] = [];
  characters = 0;
  private page: number | null = null;
  private heading: string | null = null;
  private paragraphs: string[] = [];

  constructor(private readonly maxCharacters: number) {}

  /** A paragraph of the current page under the current heading. */
  paragraph(text: string): void {
    const t = squeeze(text);
    if (!t) return;
    this.count(t.length);
    this.paragraphs.push(t);
  }

  /** A heading: the text after it is under it (until the next one). */
  setHeading(text: string): void {
    const t = squeeze(text.replace(/\s+/g, ' '));
    if (!t) return;
    this.flush();
    this.count(t.length);
    this.heading = t.slice(0, 300);
  }

  /** A page starts (the heading carries on: a section may run across pages). */
  setPage(page: number | null): void {
    if (page === this.page) return;
    this.flush();
    this.page = page;
  }

  finish(): ExtractedBlock[] {
    this.flush();
    return this.blocks;
  }

  private flush(): void {
    if (this.paragraphs.length) {
      this.blocks.push({ page: this.page, heading: this.heading, text: this.paragraphs.join('\n') });
    }
    this.paragraphs = [];
  }

  private count(n: number): void {
    this.characters += n;
    if (this.characters > this.maxCharacters) {
      throw new ScanFailure(
        'too_much_text',
        `The text is longer than ${this.maxCharacters.toLocaleString('en')} characters.`,
      );
    }
  }
}
