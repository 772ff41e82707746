/**
 * Answer extraction: from the best passages, the sentence (or two adjacent sentences) that says
 * most of what the question asks, weighted by how rare each question term is (IDF) and how tightly
 * the sentence holds them; and the passage's next-best sentence with it, in document order, when
 * that one answers the same thing nearly as well (issue 39).
 */
import type { Bm25Index, Ranked } from './bm25.js';
import { sentencesOf, termCounts, type TermCounts } from './terms.js';

export interface ExtractParams {
  /** Passages the answer may come from, best first. */
  passages: number;
  /** Weight of the passage's own score against the sentence's. */
  passageWeight: number;
  /** At most this many characters (UTF-16) for a sentence and the one after it quoted together. */
  follow: number;
  /** Weight of a sentence's centred cosine to the question, when the documents have vectors. */
  denseWeight: number;
  /**
   * The passage's next-best sentence is quoted too when it answers the same thing: it holds some of
   * the question's terms and none the quoted one lacks, and its own score is at least this share
   * of the quoted one's (0: never).
   */
  second: number;
  /** At most this many characters (UTF-16) for the two quoted together. */
  secondMax: number;
}

export const EXTRACT_DEFAULTS: ExtractParams = {
  passages: 3,
  passageWeight: 0.35,
  follow: 200,
  denseWeight: 1,
  second: 0.6,
  secondMax: 240,
};

export interface Extracted {
  /** Which of `ranked` the answer is in. */
  hit: number;
  start: number;
  end: number;
  text: string;
  /** The chosen sentence's centred cosine to the question (0 without vectors). */
  dense: number;
  /** The best cosine of any other sentence read (0 without vectors): how much the chosen one stands out. */
  denseNext: number;
  /** The share of the question's term weight the chosen sentence holds (0–1). */
  cover: number;
}

/** A sentence's centred cosine to the question: (hit, sentence index) → cosine, or null. */
export type SentenceCosine = (hit: number, sentence: number) => number | null;

interface Scored {
  start: number;
  end: number;
  /** IDF-weighted share of the question's terms the sentence holds, 0..1. */
  cover: number;
  terms: Set<string>;
}

function scoreSentences(text: string, question: TermCounts, idf: (t: string) => number, total: number) {
  return sentencesOf(text).map(({ start, end }): Scored => {
    const counts = termCounts(text.slice(start, end));
    const terms = new Set<string>();
    let matched = 0;
    for (const t of question.keys()) {
      if (!counts.has(t)) continue;
      terms.add(t);
      matched += idf(t);
    }
    return { start, end, cover: total > 0 ? matched / total : 0, terms };
  });
}

export function extractAnswer(
  index: Bm25Index,
  ranked: readonly Ranked[],
  question: TermCounts,
  params: ExtractParams = EXTRACT_DEFAULTS,
  dense?: SentenceCosine,
): Extracted | null {
  if (ranked.length === 0) return null;
  let total = 0;
  for (const t of question.keys()) total += index.idf(t);
  // Best by words, whichever place the fused order gave it (a passage found by meaning has none).
  const best = Math.max(0, ...ranked.map((r) => r.bm25));
  const read: Array<{ sentences: Scored[]; own: number[]; cos: number[] }> = [];
  let choice: { hit: number; at: number; value: number } | null = null;
  for (let h = 0; h < Math.min(params.passages, ranked.length); h++) {
    const r = ranked[h]!;
    const sentences = scoreSentences(r.passage.text, question, index.idf, total);
    // Each sentence's own score (its passage's aside) and its cosine.
    const own: number[] = [];
    const cos: number[] = [];
    read.push({ sentences, own, cos });
    for (let i = 0; i < sentences.length; i++) {
      const s = sentences[i]!;
      // Shorter sentences that hold the same terms hold them closer together.
      const density = 1 / (1 + Math.max(0, s.end - s.start - 80) / 400);
      cos.push(dense?.(h, i) ?? 0);
      own.push((1 - params.passageWeight) * s.cover * density + params.denseWeight * cos[i]!);
      const value = own[i]! + params.passageWeight * (best > 0 ? r.bm25 / best : 0);
      if (!choice || value > choice.value + 1e-9) choice = { hit: h, at: i, value };
    }
  }
  if (!choice) return null;
  const { hit, at } = choice;
  const { sentences, own, cos } = read[hit]!;
  const main = sentences[at]!;
  let start = main.start;
  let end = main.end;
  // A neighbour joins when it holds question terms the sentence lacks, or when the sentence is a
  // lead-in ("Parking:") too short to answer on its own.
  const adds = (s: Scored | undefined) => (s ? [...s.terms].filter((t) => !main.terms.has(t)).length : 0);
  const before = sentences[at - 1];
  const after = sentences[at + 1];
  const short = main.end - main.start < 30;
  if (after && (adds(after) > 0 || short) && adds(after) >= adds(before)) end = after.end;
  else if (before && adds(before) > 0) start = before.start;
  // What the sentence leaves of the question is often answered by the next one, in words the
  // question does not use ("How often does the bus come on a Saturday?" — "…every 10 minutes on
  // weekdays. On weekends it runs every 30 minutes."): it joins while the two stay short.
  else if (after && main.cover < 1 - 1e-9 && after.end - main.start <= params.follow) end = after.end;
  const passage = ranked[hit]!.passage.text;
  // Two sentences of the passage answering the same thing ("Are dogs welcome?" — "Guide dogs are
  // welcome everywhere. Small pets in a carrier are welcome in the mall."): the next best joins,
  // in document order, when it holds only terms the quoted one holds and scores nearly as well.
  const runnerUp = sentences
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.end <= start || s.start >= end)
    .sort((a, b) => own[b.i]! - own[a.i]! || a.i - b.i)[0];
  const second =
    runnerUp &&
    params.second > 0 &&
    own[at]! > 0 &&
    runnerUp.s.terms.size > 0 &&
    [...runnerUp.s.terms].every((t) => main.terms.has(t)) &&
    own[runnerUp.i]! >= params.second * own[at]! &&
    end - start + runnerUp.s.end - runnerUp.s.start <= params.secondMax
      ? runnerUp
      : null;
  const quoted = [{ start, end }];
  if (second) quoted.push({ start: second.s.start, end: second.s.end });
  quoted.sort((a, b) => a.start - b.start);
  const first = quoted[0]!;
  const last = quoted.at(-1)!;
  // Next to each other they read as the document has them; apart, as two sentences.
  const text =
    quoted.length === 1 || /^\s*$/.test(passage.slice(first.end, last.start))
      ? passage.slice(first.start, last.end)
      : quoted.map((q) => passage.slice(q.start, q.end)).join(/\p{Script=Han}/u.test(passage) ? '' : ' ');
  // How much the quote stands out: its sentences' best cosine against any other sentence read.
  const mine = new Set([at, ...(second ? [second.i] : [])]);
  const others = read.flatMap((p, h) => p.cos.filter((_, i) => h !== hit || !mine.has(i)));
  return {
    hit,
    start: first.start,
    end: last.end,
    text,
    dense: Math.max(...[...mine].map((i) => cos[i]!)),
    denseNext: Math.max(0, ...others),
    cover: main.cover,
  };
}
