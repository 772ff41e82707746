/**
 * Text normalization and featurization shared by training examples and utterances, so both land in
 * the same space: NFKC (full-width → half-width), lowercase, Traditional → Simplified Chinese
 * (OpenCC), punctuation stripped, entity aliases rewritten to their keyword.
 */
import * as OpenCC from 'opencc-js';
import { CANTONESE_FOLDING } from './lexicon/cantonese.js';
import { SYNONYM_GROUPS } from './lexicon/synonyms.js';
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

/** Replaces every key of `map` found in the text (longest first) with its value. */
function replacer(map: Map<string, string>, boundaries: boolean): (s: string) => string {
  if (map.size === 0) return (s) => s;
  const keys = [...map.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const re = new RegExp(keys.map((k) => alternative(k, boundaries)).join('|'), 'gu');
  return (s) => s.replace(re, (m) => map.get(m) ?? m);
}

let cantonese: { traditional: (s: string) => string; simplified: (s: string) => string } | undefined;

/**
 * Cantonese → Mandarin folding (lexicon/cantonese.ts): once on the Traditional text as written, once
 * more after Simplified folding for Cantonese written in Simplified characters.
 */
function foldCantonese(text: string, pass: 'traditional' | 'simplified'): string {
  if (!HAN.test(text)) return text;
  if (!cantonese) {
    const traditional = new Map<string, string>();
    const simplified = new Map<string, string>();
    for (const entry of CANTONESE_FOLDING) {
      traditional.set(entry.from, entry.to);
      if (entry.simplifiedToo !== false) simplified.set(toSimplified(entry.from), toSimplified(entry.to));
    }
    // Simplified keys take part in the first pass too: else text written in Simplified meets a short
    // key first (食谱 would fold its 食 before the second pass could see 食谱 whole, giving 吃谱).
    for (const entry of CANTONESE_FOLDING)
      if (entry.simplifiedToo !== false && !traditional.has(toSimplified(entry.from)))
        traditional.set(toSimplified(entry.from), entry.to);
    cantonese = { traditional: replacer(traditional, false), simplified: replacer(simplified, false) };
  }
  return cantonese[pass](text);
}

/** NFKC, lowercase, Cantonese folded to Mandarin, Simplified Chinese, letters/marks/digits, single spaces. */
function baseNormalize(text: string): string {
  const lower = foldCantonese(text.normalize('NFKC').toLowerCase(), 'traditional');
  const folded = foldCantonese(toSimplified(lower), 'simplified');
  // Apostrophes join ("don't" → "dont") rather than split, so contractions stay one word.
  return folded
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let synonyms: ((s: string) => string) | undefined;

/** Regional variants of one word folded to the first of their group (lexicon/synonyms.ts). */
function foldSynonyms(normalized: string): string {
  if (!synonyms) {
    const map = new Map<string, string>();
    for (const group of SYNONYM_GROUPS) {
      const canonical = baseNormalize(group[0]!);
      // The canonical word maps to itself so that a shorter variant inside it ("车场" in "停车场")
      // does not match there: the longest match at a position wins.
      map.set(canonical, canonical);
      for (const word of group.slice(1)) {
        const key = baseNormalize(word);
        if (key && !map.has(key)) map.set(key, canonical);
      }
    }
    synonyms = replacer(map, true);
  }
  return synonyms(normalized);
}

/**
 * The one form teaching phrases, keywords, aliases and questions are compared in: NFKC, lowercase,
 * Cantonese folded to Mandarin, Traditional to Simplified, regional synonyms folded, punctuation
 * stripped, single spaces.
 */
export function normalizeText(text: string): string {
  return foldSynonyms(baseNormalize(text));
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
  return replacer(map, true);
}

// Latin-script words must sit on word boundaries ("metro" not in "metronome"); Chinese ones match
// anywhere, since Chinese is written without spaces. A CJK neighbour counts as a boundary.
const NOT_WORD_BEFORE = '(?<![^\\s\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}])';
const NOT_WORD_AFTER = '(?![^\\s\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}])';

function alternative(key: string, boundaries: boolean) {
  const body = escapeRegExp(key);
  return !boundaries || HAN.test(key) || KANA.test(key) ? body : `${NOT_WORD_BEFORE}${body}${NOT_WORD_AFTER}`;
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
