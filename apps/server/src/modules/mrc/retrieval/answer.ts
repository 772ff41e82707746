/**
 * Answer extraction: from the best passages, the sentence (or two adjacent sentences) that says
 * most of what the question asks, weighted by how rare each question term is (IDF) and how tightly
 * the sentence holds them.
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
}

export const EXTRACT_DEFAULTS: ExtractParams = {
  passages: 3,
  passageWeight: 0.35,
  follow: 200,
  denseWeight: 1,
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
  let choice: { hit: number; sentences: Scored[]; at: number; value: number; dense: number } | null = null;
  const cosines: number[] = [];
  for (let h = 0; h < Math.min(params.passages, ranked.length); h++) {
    const r = ranked[h]!;
    const sentences = scoreSentences(r.passage.text, question, index.idf, total);
    for (let i = 0; i < sentences.length; i++) {
      const s = sentences[i]!;
      // Shorter sentences that hold the same terms hold them closer together.
      const density = 1 / (1 + Math.max(0, s.end - s.start - 80) / 400);
      const cos = dense?.(h, i) ?? 0;
      cosines.push(cos);
      const value =
        (1 - params.passageWeight) * s.cover * density +
        params.passageWeight * (best > 0 ? r.bm25 / best : 0) +
        params.denseWeight * cos;
      if (!choice || value > choice.value + 1e-9) choice = { hit: h, sentences, at: i, value, dense: cos };
    }
  }
  if (!choice) return null;
  const { sentences, at } = choice;
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
  const text = ranked[choice.hit]!.passage.text.slice(start, end);
  // The chosen sentence's own cosine counted once: the next best is any other's.
  const others = [...cosines];
  others.splice(others.indexOf(choice.dense), 1);
  return {
    hit: choice.hit,
    start,
    end,
    text,
    dense: choice.dense,
    denseNext: Math.max(0, ...others),
    cover: main.cover,
  };
}
