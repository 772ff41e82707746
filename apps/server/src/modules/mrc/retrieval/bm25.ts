/**
 * A device's passages as an Okapi BM25 index over passage text, heading and file name, in the
 * folded term space of terms.ts. Built in slices (a large device's build yields to every other
 * request), then searched synchronously in a few milliseconds.
 */
import { lengthOf, termCounts, type TermCounts } from './terms.js';

export interface IndexedPassage {
  id: number;
  documentId: number;
  filename: string;
  ordinal: number;
  page: number | null;
  heading: string | null;
  text: string;
}

export interface Bm25Params {
  k1: number;
  b: number;
  /** How much a question term no passage has counts against the best score (0..1). */
  unseen: number;
}

export const BM25_DEFAULTS: Bm25Params = { k1: 1.2, b: 0.75, unseen: 0.5 };

export interface Ranked {
  passage: IndexedPassage;
  /** Raw BM25. */
  bm25: number;
  /** BM25 over the question's own BM25 against itself: 0..1. */
  score: number;
}

export interface Bm25Index {
  readonly passages: readonly IndexedPassage[];
  readonly builtAt: Date;
  /** Document frequency of a term (for sentence weighting). */
  idf(term: string): number;
  search(question: string, limit: number): { ranked: Ranked[]; terms: TermCounts };
}

interface Postings {
  ids: number[];
  tfs: number[];
}

/** File names are searched by their words: "Visitor_Guide-2024.pdf" → "Visitor Guide 2024". */
export function filenameWords(filename: string): string {
  return filename.replace(/\.[a-z0-9]{1,8}$/i, '').replace(/[_\-.]+/g, ' ');
}

export async function buildIndex(
  passages: readonly IndexedPassage[],
  opts: { params?: Partial<Bm25Params>; sliceMs?: number; now?: () => Date } = {},
): Promise<Bm25Index> {
  const params = { ...BM25_DEFAULTS, ...opts.params };
  const sliceMs = opts.sliceMs ?? 5;
  const postings = new Map<string, Postings>();
  const lengths = new Float64Array(passages.length);
  const titleTerms = new Map<string, TermCounts>();
  let total = 0;
  let sliceStart = performance.now();
  for (let i = 0; i < passages.length; i++) {
    const p = passages[i]!;
    const counts = termCounts(p.heading ? `${p.heading}\n${p.text}` : p.text);
    // A file's name counts once per passage: "parking.md" lends "parking" to each of its passages.
    let title = titleTerms.get(p.filename);
    if (!title) titleTerms.set(p.filename, (title = termCounts(filenameWords(p.filename))));
    for (const [t, n] of title) counts.set(t, (counts.get(t) ?? 0) + n);
    lengths[i] = lengthOf(counts);
    total += lengths[i]!;
    for (const [t, n] of counts) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = { ids: [], tfs: [] }));
      list.ids.push(i);
      list.tfs.push(n);
    }
    if (performance.now() - sliceStart > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  const n = passages.length;
  const avgdl = n > 0 ? total / n : 1;
  const idfOf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const idf = (term: string) => idfOf(postings.get(term)?.ids.length ?? 0);
  const scores = new Float64Array(n);
  const { k1, b } = params;

  return {
    passages,
    builtAt: (opts.now ?? (() => new Date()))(),
    idf,
    search(question, limit) {
      const terms = termCounts(question, true);
      const qlen = lengthOf(terms);
      const touched: number[] = [];
      let self = 0;
      for (const [t, qtf] of terms) {
        const list = postings.get(t);
        const w = idfOf(list?.ids.length ?? 0);
        // The question as a passage of its own length: what a passage saying exactly it would score.
        const selfTf = (qtf * (k1 + 1)) / (qtf + k1 * (1 - b + (b * qlen) / avgdl));
        self += w * selfTf * (list ? 1 : params.unseen);
        if (!list) continue;
        for (let j = 0; j < list.ids.length; j++) {
          const id = list.ids[j]!;
          const tf = list.tfs[j]!;
          if (scores[id] === 0) touched.push(id);
          scores[id]! += (w * (tf * (k1 + 1))) / (tf + k1 * (1 - b + (b * lengths[id]!) / avgdl));
        }
      }
      const top: number[] = [];
      for (const id of touched) {
        // Keep the best `limit`, ties by passage order (stable answers).
        let k = top.length;
        while (
          k > 0 &&
          (scores[top[k - 1]!]! < scores[id]! || (scores[top[k - 1]!] === scores[id] && top[k - 1]! > id))
        )
          k--;
        if (k < limit) {
          top.splice(k, 0, id);
          if (top.length > limit) top.pop();
        }
      }
      const ranked = top.map((id) => ({
        passage: passages[id]!,
        bm25: scores[id]!,
        score: self > 0 ? Math.min(1, scores[id]! / self) : 0,
      }));
      for (const id of touched) scores[id] = 0;
      return { ranked, terms };
    },
  };
}
