import { isCjk } from './text.js';
import type { ExtractedBlock, PassageDraft, ToPassages } from './types.js';

/**
 * A passage's size in English words: a word counts 1, a CJK character ½, so 40–120 words and
 * 80–240 CJK characters are the same range.
 */
const MIN = 40;
const MAX = 120;

const WORDS = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;
/** CJK characters with their punctuation (。，、！？「」 and full-width forms). */
const CJK_CHARS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/gu;

export function sizeOf(text: string): number {
  const cjk = text.match(CJK_CHARS)?.length ?? 0;
  const words = text.replace(CJK_CHARS, ' ').match(WORDS)?.length ?? 0;
  return words + cjk / 2;
}

/** Sentence ends: after 。！？ at once, after . ! ? before a space (so 3.5 stays whole). */
const SENTENCE_END = /(?<=[。！？]["'”’」』)）]*)(?![。！？"'”’」』)）])|(?<=[.!?]["'”’)]*)\s+/u;

const sentencesOf = (line: string): string[] =>
  line
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter(Boolean);

/** A sentence too long for one passage, cut at words (or every so many CJK characters). */
function cutLong(sentence: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (const token of sentence.match(
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\S+\s*/gu,
  ) ?? []) {
    if (sizeOf(cur + token) > MAX && cur.trim()) {
      parts.push(cur.trim());
      cur = '';
    }
    cur += token;
  }
  if (cur.trim()) parts.push(cur.trim());
  return parts;
}

/** The units a passage is built from: sentences, each on its line (a line break ends one too). */
function unitsOf(text: string): { text: string; lineStart: boolean; size: number }[] {
  const units: { text: string; lineStart: boolean; size: number }[] = [];
  for (const line of text.split('\n')) {
    let first = true;
    for (const sentence of sentencesOf(line)) {
      for (const piece of sizeOf(sentence) > MAX ? cutLong(sentence) : [sentence]) {
        units.push({ text: piece, lineStart: first, size: sizeOf(piece) });
        first = false;
      }
    }
  }
  return units;
}

const join = (a: string, b: string, lineStart: boolean) =>
  !a ? b : lineStart ? `${a}\n${b}` : isCjk(a.at(-1)) && isCjk(b[0]) ? a + b : `${a} ${b}`;

/**
 * Blocks cut into passages of about 40–120 words (80–240 CJK characters) at sentence ends, never
 * across a heading or a page; each passage keeps its heading and page. A short last piece joins the
 * passage before it when the two still fit.
 */
export const toPassages: ToPassages = (blocks) => {
  const merged: ExtractedBlock[] = [];
  for (const b of blocks) {
    const last = merged.at(-1);
    if (last && last.page === b.page && last.heading === b.heading) last.text += `\n${b.text}`;
    else merged.push({ ...b });
  }
  const passages: PassageDraft[] = [];
  for (const block of merged) {
    const own: { text: string; size: number }[] = [];
    let text = '';
    let size = 0;
    for (const unit of unitsOf(block.text)) {
      if (text && size + unit.size > MAX) {
        own.push({ text, size });
        text = '';
        size = 0;
      }
      text = join(text, unit.text, unit.lineStart);
      size += unit.size;
    }
    if (text) {
      const prev = own.at(-1);
      if (prev && size < MIN / 2 && prev.size + size <= MAX) {
        prev.text = join(prev.text, text, false);
      } else own.push({ text, size });
    }
    for (const p of own) {
      passages.push({ ordinal: passages.length, page: block.page, heading: block.heading, text: p.text });
    }
  }
  return passages;
};
