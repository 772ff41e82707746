import { analyze, normalizeText } from '../../matcher/text.js';
import type { BackgroundVectors } from '../../nlu/background.js';
import { dot } from '../../nlu/embedder/types.js';
import { centre, languageMeans, languageOf } from '../../nlu/lda.js';
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

/**
 * By meaning: the chance that the entry whose questions come closest to the visitor's (centred
 * cosine, as in the matcher) is what they said, from that cosine and its lead over the next entry's,
 * σ(w0 + w1·cos + w2·lead). Fitted on the dev split of bench/data/small-talk, a writer's who never
 * saw the entries (`FIT=1 npm run bench:small-talk`; docs/performance.md).
 */
export const SMALL_TALK_DENSE: { weights: readonly number[] } = { weights: [-6.2813, 13.8985, 2.7839] };

/** What small talk needs to compare by meaning: its questions' vectors and the background's. */
export interface SmallTalkVectors {
  /** An entry question (as written) → its sentence embedding. */
  questions: ReadonlyMap<string, Float32Array>;
  background: BackgroundVectors;
}

/** A list's questions, featurized once; `match` finds the entry closest to a visitor's question. */
export function smallTalkMatcher(items: readonly StoredSmallTalkItem[], vectors?: SmallTalkVectors | null) {
  const entries = items.flatMap((item) =>
    item.questions.map((question) => {
      const key = normalizeText(question);
      const f = features(key, rawForm(question));
      return { item, question, key, f, n: norm(f) };
    }),
  );
  const means = vectors ? languageMeans(vectors.background) : null;
  const centred = (v: Float32Array, text: string) => centre(v, means?.[languageOf(text)]);
  // Each entry question's centred vector (questions the model has not embedded are compared by words only).
  const dense = vectors
    ? entries.flatMap((e) => {
        const v = vectors.questions.get(e.question);
        return v ? [{ e, v: centred(v, e.question) }] : [];
      })
    : [];
  return {
    /** Whether the questions are compared by meaning too. */
    semantic: dense.length > 0,
    /**
     * The closest entry (null when the list is empty), whatever its score: by words, or with the
     * question's vector `q` by meaning too, whichever is surer.
     */
    best(text: string, q?: Float32Array | null): SmallTalkMatch | null {
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
      const meaning = q && dense.length > 0 ? byMeaning(centred(q, text)) : null;
      if (meaning && (!best || meaning.score > best.score)) best = meaning;
      return best && { ...best, score: Math.round(best.score * 1000) / 1000 };
    },
    /** The features SMALL_TALK_DENSE weighs, for the benchmark's fit: [1, cos, lead] and the entry. */
    denseFeatures(text: string, q: Float32Array) {
      return dense.length > 0 ? nearest(centred(q, text)) : null;
    },
  };

  /** The entry whose questions come closest, its best cosine and its lead over the next entry's. */
  function nearest(qc: Float32Array) {
    const perItem = new Map<StoredSmallTalkItem, { cos: number; question: string }>();
    for (const { e, v } of dense) {
      const cos = dot(qc, v);
      const had = perItem.get(e.item);
      if (!had || cos > had.cos) perItem.set(e.item, { cos, question: e.question });
    }
    const ranked = [...perItem].sort((a, b) => b[1].cos - a[1].cos);
    const [top, next] = ranked;
    if (!top) return null;
    const lead = top[1].cos - (next?.[1].cos ?? 0);
    return { item: top[0], question: top[1].question, x: [1, top[1].cos, lead] };
  }

  function byMeaning(qc: Float32Array): SmallTalkMatch | null {
    const top = nearest(qc);
    if (!top) return null;
    const w = SMALL_TALK_DENSE.weights;
    const z = top.x.reduce((s, x, i) => s + x * (w[i] ?? 0), 0);
    return { item: top.item, question: top.question, score: 1 / (1 + Math.exp(-z)) };
  }
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
