/**
 * Text normalization and featurization shared by training examples and utterances, so both land in
 * the same space: NFKC (full-width → half-width), lowercase, Traditional → Simplified Chinese
 * (OpenCC), punctuation stripped, entity aliases rewritten to their keyword.
 */
import * as OpenCC from 'opencc-js';
import type { MatcherEntity } from './types.js';

const HAN = /\p{Script=Han}/u;
const CJK_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

let toSimplifiedConverter: ((text: string) => string) | undefined;
let zhSegmenter: Intl.Segmenter | undefined;
let jaSegmenter: Intl.Segmenter | undefined;

/**
 * Traditional (Hong Kong and Taiwan forms) → Simplified. Built once on first Chinese text: the
 * OpenCC dictionaries take a while to load. Keyword comparison (`modules/ai/fold.ts`) uses it too.
 */
export function toSimplified(text: string): string {
  if (!HAN.test(text)) return text;
  if (!toSimplifiedConverter) {
    const hk = OpenCC.Converter({ from: 'hk', to: 'cn' });
    const tw = OpenCC.Converter({ from: 'tw', to: 'cn' });
    toSimplifiedConverter = (s) => tw(hk(s));
  }
  return toSimplifiedConverter(text);
}

/** NFKC, lowercase, Simplified Chinese, letters/marks/digits only, single spaces. */
export function normalizeText(text: string): string {
  const folded = toSimplified(text.normalize('NFKC').toLowerCase());
  // Apostrophes join ("don't" → "dont") rather than split, so contractions stay one word.
  return folded
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Rewrites entity aliases to their keyword in normalized text, longest alias first. */
export type AliasRewriter = (normalized: string) => string;

export function createAliasRewriter(entities: readonly MatcherEntity[]): AliasRewriter {
  const map = new Map<string, string>();
  for (const entity of entities) {
    const keyword = normalizeText(entity.keyword);
    if (!keyword) continue;
    for (const alias of entity.aliases) {
      const a = normalizeText(alias);
      if (a && a !== keyword && !map.has(a)) map.set(a, keyword);
    }
  }
  if (map.size === 0) return (s) => s;
  const aliases = [...map.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  // Latin-script aliases must sit on word boundaries ("metro" not in "metronome"); Chinese ones
  // match anywhere, since Chinese is written without spaces. A CJK neighbour counts as a boundary.
  const notWordBefore = '(?<![^\\s\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}])';
  const notWordAfter = '(?![^\\s\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}])';
  const alternatives = aliases.map((a) => {
    const body = escapeRegExp(a);
    return HAN.test(a) || KANA.test(a) ? body : `${notWordBefore}${body}${notWordAfter}`;
  });
  const re = new RegExp(alternatives.join('|'), 'gu');
  return (s) => s.replace(re, (m) => map.get(m) ?? m);
}

/** A tiny English stemmer (plurals, -ing, -ed, final -e); char n-grams cover what it misses. */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (/(?:ss|x|ch|sh|zz)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(?:ss|us|is)$/.test(s)) s = s.slice(0, -1);
  let stripped = false;
  if (s.endsWith('ing') && s.length >= 6) {
    s = s.slice(0, -3);
    stripped = true;
  } else if (s.endsWith('ed') && s.length >= 5) {
    s = s.slice(0, -2);
    stripped = true;
  }
  // "stopped" → "stopp" → "stop"
  if (stripped && /([b-df-hj-km-np-rtv-z])\1$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('e') && s.length >= 5) s = s.slice(0, -1);
  return s;
}

export interface Analyzed {
  /** Units for keyword containment: stemmed words and single CJK characters, in order. */
  units: string[];
  /** Feature → raw count. Prefixes: w word, b word bigram, c char n-gram, h CJK char, g CJK bigram. */
  counts: Map<string, number>;
}

function add(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

const CHAR_NGRAMS = [3, 4, 5] as const;

/**
 * English function words. On a device with a handful of short keywords, IDF cannot tell that
 * "do", "you" or "the" carry no meaning, so they would make "do you sell shoes" look like the keyword
 * "when do you open". They count only inside bigrams with a content word ("top up", "card not").
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but if of at by for with about to from in on is are was were be been being am ' +
    'do does did doing have has had i me my we our you your he she it its they them their this that ' +
    'these those what which who whom there here can could will would should shall may might must ' +
    'please hi hello hey just so than too very'
  ).split(' '),
);

/** Featurizes normalized (and alias-rewritten) text. */
export function analyze(normalized: string): Analyzed {
  const units: string[] = [];
  const words: string[] = [];
  const stops: boolean[] = [];
  const counts = new Map<string, number>();
  for (const chunk of normalized.split(' ')) {
    if (!chunk) continue;
    for (const run of chunk.match(CJK_RUN) ?? []) {
      if (CJK_START.test(run)) {
        const segmenter = KANA.test(run)
          ? (jaSegmenter ??= new Intl.Segmenter('ja', { granularity: 'word' }))
          : (zhSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' }));
        for (const { segment } of segmenter.segment(run)) {
          words.push(segment);
          stops.push(false);
        }
        // Character unigrams and bigrams: robust to segmentation mistakes and short keywords.
        const chars = [...run];
        for (let i = 0; i < chars.length; i++) {
          units.push(chars[i]!);
          add(counts, `h${chars[i]!}`);
          if (i > 0) add(counts, `g${chars[i - 1]!}${chars[i]!}`);
        }
      } else {
        const w = stem(run);
        const isStop = STOP_WORDS.has(run);
        words.push(w);
        stops.push(isStop);
        units.push(w);
        if (isStop) continue;
        const padded = `<${run}>`;
        for (const n of CHAR_NGRAMS) {
          for (let i = 0; i + n <= padded.length; i++) add(counts, `c${padded.slice(i, i + n)}`);
        }
      }
    }
  }
  for (let i = 0; i < words.length; i++) {
    if (!stops[i]) add(counts, `w${words[i]!}`);
    if (i > 0 && !(stops[i - 1] && stops[i])) add(counts, `b${words[i - 1]!} ${words[i]!}`);
  }
  return { units, counts };
}
