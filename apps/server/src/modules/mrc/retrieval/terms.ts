/**
 * Search terms for documents, in the matcher's folded space (matcher/text.ts): NFKC, lowercase,
 * Cantonese → Mandarin, Traditional → Simplified, regional synonyms, English stemming. A term is a
 * content word (English stemmed, Chinese as Intl.Segmenter words) or a CJK character bigram, so a
 * Traditional Chinese question finds a Simplified passage and 邊度/喺 finds 哪里/在.
 */
import { analyze, normalizeText, stem } from '../../../matcher/text.js';

/**
 * Words a question asks with but a document rarely answers with: they would only lower a real
 * answer's score. English function words are the matcher's stop words already.
 */
const QUESTION_WORDS = new Set(
  (
    'how when where why whats wheres hows whens tell know want need get go find ' +
    '吗 呢 吧 啊 什么 哪里 哪儿 怎么 怎样 如何 几点 多少 请问 可以 是否 是不是 有没有 我 我们 你 你们 的 了 是 要 想'
  )
    .split(' ')
    // Compared with the analysed (stemmed) word: "where" is "wher" by then.
    .map(stem),
);
/** The same, as CJK bigrams (what a Chinese question is also indexed by). */
const QUESTION_BIGRAMS = new Set(
  '什么 哪里 在哪 哪儿 怎么 怎样 如何 几点 多少 请问 可以 是否 有没 没有 我们 你们 吗 呢'.split(' '),
);
/** English words this long also count by their first letters: "collected" meets "collection". */
const PREFIX = 5;

export type TermCounts = Map<string, number>;

/** Term → count for a text: `w` words and `g` CJK bigrams (the matcher's prefixes). */
export function termCounts(text: string, question = false): TermCounts {
  const out: TermCounts = new Map();
  const { counts } = analyze(normalizeText(text));
  for (const [key, n] of counts) {
    const kind = key[0];
    if (kind !== 'w' && kind !== 'g') continue;
    const body = key.slice(1);
    if (question && kind === 'w' && QUESTION_WORDS.has(body)) continue;
    if (question && kind === 'g' && QUESTION_BIGRAMS.has(body)) continue;
    // A single CJK character as a segmenter "word" says little; its bigrams carry the meaning.
    if (kind === 'w' && /^\p{Script=Han}$/u.test(body)) continue;
    out.set(key, n);
    if (kind === 'w' && body.length > PREFIX && /^[a-z]+$/.test(body)) {
      const prefix = `p${body.slice(0, PREFIX)}`;
      out.set(prefix, (out.get(prefix) ?? 0) + n);
    }
  }
  return out;
}

export function lengthOf(counts: TermCounts): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}

/** A sentence of a passage: its place in the passage text (UTF-16 offsets, trimmed). */
export interface Sentence {
  start: number;
  end: number;
}

// A semicolon joins two halves of one sentence ("Students use the gym for free; visitors pay $60"):
// cut there, the half that answers loses the half that says what it is about.
const SENTENCE_END = /[.!?。！？]+["'”’)）」』]*(?=\s|$)|[。！？]+["'”’)）」』]*|\n+/gu;

/** Splits a passage into sentences: at . ! ? and their CJK forms, and line breaks. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    // Bullets and numbering at the start are not part of what a sentence says.
    const bullet = /^(?:[-*•·]|\d{1,2}[.)、])\s*/u.exec(text.slice(start, end));
    if (bullet && start + bullet[0].length < end) start += bullet[0].length;
    if (/[\p{L}\p{N}]/u.test(text.slice(start, end))) out.push({ start, end });
  };
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    // "e.g." / "No. 5" / "3.5": a full stop followed by a lowercase letter or digit runs on.
    if (m[0] === '.' && /^\s*[a-z0-9]/.test(text.slice(end, end + 3))) continue;
    push(from, m[0].startsWith('\n') ? m.index : end);
    from = end;
  }
  push(from, text.length);
  return out;
}
