/**
 * The dense side of document answers: each passage's and each of its sentences' embedding, so a
 * question finds the passage that means it in words it does not share (a Cantonese question on an
 * English handbook shares none). Vectors are centred on their language's mean (the background
 * sentences', nlu/background.ts) and renormalised, as the matcher's are: a multilingual encoder
 * otherwise ranks any passage in the question's language above the one in another that answers it.
 */
import type { BackgroundVectors } from '../../../nlu/background.js';
import { dot } from '../../../nlu/embedder/types.js';
import { centre, languageMeans, languageOf } from '../../../nlu/lda.js';
import type { IndexedPassage } from './bm25.js';
import { sentencesOf } from './terms.js';

export interface DenseDocs {
  /** Passage id → the passage's centred vector (absent: not embedded). */
  passages: ReadonlyMap<number, Float32Array>;
  /** Passage id → its sentences' centred vectors, in `sentencesOf` order (null: not embedded). */
  sentences: ReadonlyMap<number, ReadonlyArray<Float32Array | null>>;
  /** A question's vector centred for comparing with these. */
  centreQuery(q: Float32Array, text: string): Float32Array;
}

/** The texts a device's documents embed: every passage, then every sentence (duplicates once). */
export function denseTexts(passages: readonly IndexedPassage[]): string[] {
  const out = new Set<string>();
  for (const p of passages) {
    out.add(passageText(p));
    for (const s of sentencesOf(p.text)) out.add(p.text.slice(s.start, s.end));
  }
  return [...out];
}

/** What a passage is embedded as: its heading says what the passage is about. */
const passageText = (p: IndexedPassage) => (p.heading ? `${p.heading}\n${p.text}` : p.text);

export function buildDenseDocs(
  passages: readonly IndexedPassage[],
  vectors: ReadonlyMap<string, Float32Array>,
  background: BackgroundVectors | null | undefined,
): DenseDocs {
  const means = languageMeans(background);
  const centred = (text: string) => {
    const v = vectors.get(text);
    return v ? centre(v, means[languageOf(text)]) : null;
  };
  const byPassage = new Map<number, Float32Array>();
  const bySentence = new Map<number, Array<Float32Array | null>>();
  for (const p of passages) {
    const v = centred(passageText(p));
    if (v) byPassage.set(p.id, v);
    bySentence.set(
      p.id,
      sentencesOf(p.text).map((s) => centred(p.text.slice(s.start, s.end))),
    );
  }
  return {
    passages: byPassage,
    sentences: bySentence,
    centreQuery: (q, text) => centre(q, means[languageOf(text)]),
  };
}

/** Both vectors are unit length: their dot product (0 for vectors of another width). */
export function cosine(a: Float32Array, b: Float32Array): number {
  return a.length === b.length ? dot(a, b) : 0;
}
