import { analyze, normalizeText } from '../../matcher/text.js';
import type { StoredSmallTalkItem } from './starter.js';

/**
 * How close a visitor's question must come to one of an entry's questions (cosine of their
 * features) for small talk to answer: "hello", "你好", "thank you so much" do; "where is the
 * pharmacy" does not (small-talk.test.ts holds these cases).
 */
export const SMALL_TALK_THRESHOLD = 0.5;

type Features = Map<string, number>;

/**
 * The matcher's features, plus every word and CJK character as it is: small talk is made of the
 * words the matcher ignores as function words ("hello", "how are you").
 */
function features(normalized: string, raw: string): Features {
  const { units, counts } = analyze(normalized);
  const all = new Map(counts);
  for (const unit of units) all.set(`u${unit}`, (all.get(`u${unit}`) ?? 0) + 1);
  // The whole question, so saying exactly it always answers; the folding drops some courtesies
  // entirely ("唔該"): those are compared as they were written.
  all.set(normalized ? `=${normalized}` : `r${raw}`, 2);
  return all;
}

/** Case, width and punctuation only. */
const rawForm = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, '');

const LATIN_ONLY = /^[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]*$/u;

/** Whether folded text holds a folded phrase: Latin as whole words, CJK anywhere. */
function mentions(text: string, phrase: string) {
  return LATIN_ONLY.test(phrase) ? ` ${text} `.includes(` ${phrase} `) : text.includes(phrase);
}

function norm(f: Features) {
  let sum = 0;
  for (const v of f.values()) sum += v * v;
  return Math.sqrt(sum);
}

function cosine(a: Features, aNorm: number, b: Features, bNorm: number) {
  if (aNorm === 0 || bNorm === 0) return 0;
  let dot = 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  for (const [k, v] of small) {
    const w = large.get(k);
    if (w !== undefined) dot += v * w;
  }
  return dot / (aNorm * bNorm);
}

export interface SmallTalkMatch {
  item: StoredSmallTalkItem;
  /** The entry's question it matched best. */
  question: string;
  score: number;
}

/** A list's questions, featurized once; `match` finds the entry closest to a visitor's question. */
export function smallTalkMatcher(items: readonly StoredSmallTalkItem[]) {
  const entries = items.flatMap((item) =>
    item.questions.map((question) => {
      const key = normalizeText(question);
      const f = features(key, rawForm(question));
      return { item, question, key, f, n: norm(f) };
    }),
  );
  return {
    /** The closest entry (null when the list is empty), whatever its score. */
    best(text: string): SmallTalkMatch | null {
      const normalized = normalizeText(text);
      const f = features(normalized, rawForm(text));
      const n = norm(f);
      let best: SmallTalkMatch | null = null;
      for (const e of entries) {
        // A question that says an entry's question and little else ("thank you so much") is it too.
        const said = e.key !== '' && mentions(normalized, e.key) ? e.key.length / normalized.length : 0;
        const score = Math.max(cosine(f, n, e.f, e.n), said);
        if (!best || score > best.score) best = { item: e.item, question: e.question, score };
      }
      return best && { ...best, score: Math.round(best.score * 1000) / 1000 };
    },
  };
}

/** A topic as questions are compared with it: the matcher's folding (case, width, script, punctuation). */
export const foldTopic = (topic: string) => normalizeText(topic);

/**
 * The first filtered topic a question mentions: folded alike, a Latin topic as whole words, a
 * Chinese, Japanese or Korean one anywhere in the question.
 */
export function topicFilterMatcher(topics: readonly string[]) {
  const folded = topics.map((topic) => ({ topic, key: foldTopic(topic) })).filter((t) => t.key !== '');
  return (text: string): string | null => {
    const q = normalizeText(text);
    return folded.find((t) => mentions(q, t.key))?.topic ?? null;
  };
}
