import type {
  DocumentSource,
  Language,
  MrcAnswer,
  MrcAskedFor,
  MrcDeclined,
  MrcHit,
  MrcProject,
} from '@ambassador/contracts';
import { detectLanguage } from '../extract/index.js';
import type { DocumentAnswer, DocumentAnswerer } from '../answerer.js';
import { extractAnswer, EXTRACT_DEFAULTS, type Extracted, type ExtractParams } from './answer.js';
import { askedFor, holdsAskedFor } from './asked-for.js';
import type { Bm25Index, IndexedPassage, Ranked } from './bm25.js';
import type { Generate } from './llm.js';
import type { IndexRegistry } from './registry.js';
import { languageOf } from '../../../nlu/lda.js';
import { cosine, type DenseDocs } from './dense.js';

/**
 * The normalised score (best BM25 over the question's BM25 against itself) under which a question
 * is not answered from documents. Chosen on the dev split of bench/data/mrc (docs/performance.md).
 */
export const DEFAULT_THRESHOLD = 0.25;
/** Passages shown (and given to a model), best first. */
const HITS = 3;
/** Candidates taken from each side (words, meaning) before they are fused by rank. */
const POOL = 10;
/** Reciprocal-rank fusion's constant: a passage first on one side and absent on the other still ranks high. */
const RRF_K = 10;
/**
 * A sentence whose centred cosine to the question reaches this answers it even when the words do
 * not: in the question's language, or in another (a translation's cosine runs lower even centred).
 * Chosen on the dev splits of bench/data/mrc with the local model (docs/performance.md).
 */
export const DENSE_THRESHOLD = { same: 0.45, cross: 0.3 };

/**
 * Whether the chosen sentence answers, when the documents have vectors: a logistic model over
 * [bias, BM25's normalised score, the share of the question's terms the sentence holds, its
 * centred cosine, that cosine when the sentence is in another language than the question, how far
 * it stands above the next sentence's], fitted on the dev splits of bench/data/mrc, each place
 * alone (`FIT=1 DENSE=1 npm run bench:mrc`; docs/performance.md). Without vectors the BM25
 * threshold decides, as before.
 */
export const ANSWERABLE: { weights: readonly number[]; threshold: number } = {
  weights: [-5.2036, 9.7119, -3.4113, 8.6197, 6.7358, 12.706],
  threshold: 0.5,
};

/** The features ANSWERABLE weighs, for one question and the sentence chosen for it. */
export function answerFeatures(score: number, extracted: Extracted, cross: boolean): number[] {
  return [
    1,
    score,
    extracted.cover,
    extracted.dense,
    cross ? extracted.dense : 0,
    extracted.dense - extracted.denseNext,
  ];
}

const logistic = (w: readonly number[], x: number[]) =>
  1 / (1 + Math.exp(-x.reduce((sum, v, i) => sum + v * (w[i] ?? 0), 0)));

/** The question's centred vector and the device's document vectors. */
export interface DenseQuery {
  docs: DenseDocs;
  q: Float32Array;
}

export interface RetrievalDeps {
  indexes: IndexRegistry;
  threshold?: number;
  extract?: ExtractParams;
  /** The generative path, when a model is configured. */
  generate?: Generate;
  /** A question's sentence embedding (cached: the matcher's embedding of the same question is reused). */
  embed?: (text: string) => Promise<Float32Array | null>;
}

export interface AskResult {
  answered: boolean;
  /** Why it was not answered; null when it was. */
  declined: MrcDeclined | null;
  asked_for: MrcAskedFor[];
  text: string | null;
  score: number;
  threshold: number;
  hits: MrcHit[];
  /** The passage the answer came from. */
  from: IndexedPassage | null;
  generative: boolean;
}

/** Where an answer was read, and the language its text is in (a quoted sentence's, or the model's). */
function sourceOf(p: IndexedPassage, text: string | null): DocumentSource {
  return {
    document_id: p.documentId,
    filename: p.filename,
    page: p.page,
    heading: p.heading,
    passage_id: p.id,
    language: text ? detectLanguage(text) : null,
  };
}

function hitOf(r: Ranked, highlight: { start: number; end: number } | null): MrcHit {
  const p = r.passage;
  return {
    passage_id: p.id,
    document_id: p.documentId,
    filename: p.filename,
    page: p.page,
    heading: p.heading,
    text: p.text,
    score: Math.round(r.score * 1000) / 1000,
    highlight,
  };
}

/** Answering a question from one index: the best passages and the sentences that answer it. */
export function answerFrom(
  index: Bm25Index,
  text: string,
  threshold: number,
  params: ExtractParams = EXTRACT_DEFAULTS,
  dense?: DenseQuery,
  denseThreshold = DENSE_THRESHOLD,
  /** The model deciding with vectors; null: the thresholds (a benchmark's comparison, or FIT=1). */
  answerable: typeof ANSWERABLE | null = ANSWERABLE,
): Omit<AskResult, 'generative'> & {
  ranked: Ranked[];
  extracted: Extracted | null;
  confidence: number | null;
  features: number[] | null;
} {
  const lexical = index.search(text, dense ? POOL : HITS);
  const { terms } = lexical;
  const ranked = dense ? fuseByRank(index, lexical.ranked, dense) : lexical.ranked;
  const score = Math.max(0, ...ranked.map((r) => r.score));
  const extracted = extractAnswer(
    index,
    ranked,
    terms,
    params,
    dense
      ? (hit, i) => {
          const v = dense.docs.sentences.get(ranked[hit]!.passage.id)?.[i];
          return v ? cosine(dense.q, v) : null;
        }
      : undefined,
  );
  const hits = ranked.map((r, i) =>
    hitOf(r, extracted && extracted.hit === i ? { start: extracted.start, end: extracted.end } : null),
  );
  const asked = askedFor(text);
  const cross = extracted !== null && languageOf(extracted.text) !== languageOf(text);
  // With vectors, the fitted model judges the sentence; without, BM25's score against the threshold.
  // (Measured and dropped: "closer to the question than any background sentence" also admits
  // near-miss questions about the place.)
  const features = extracted ? answerFeatures(score, extracted, cross) : null;
  const confidence =
    features !== null && dense !== undefined && answerable ? logistic(answerable.weights, features) : null;
  const byMeaning =
    extracted !== null && dense !== undefined && extracted.dense >= denseThreshold[cross ? 'cross' : 'same'];
  const enough = confidence !== null ? confidence >= answerable!.threshold : score >= threshold || byMeaning;
  // A question that plainly asks for a time, a price, a count or a length is not answered by a
  // sentence without one, however many of its words the sentence shares.
  const declined: MrcDeclined | null =
    extracted === null || !enough ? 'score' : holdsAskedFor(asked, extracted.text) ? null : 'asked_for';
  const answered = extracted !== null && declined === null;
  return {
    answered,
    declined,
    asked_for: asked,
    text: answered ? extracted.text : null,
    // What decided is what the test console shows: the model's confidence, or BM25's score.
    score: Math.round((confidence ?? score) * 1000) / 1000,
    threshold: confidence !== null ? answerable!.threshold : threshold,
    hits,
    from: answered ? ranked[extracted.hit]!.passage : null,
    ranked,
    extracted,
    confidence,
    features,
  };
}

/**
 * The passages best by words and best by meaning, fused by reciprocal rank (each side's order
 * counts, not its scale, which differ). Keeps each passage's lexical score for the threshold.
 */
function fuseByRank(index: Bm25Index, lexical: Ranked[], dense: DenseQuery): Ranked[] {
  const byMeaning = [...dense.docs.passages]
    .map(([id, v]) => ({ id, cos: cosine(dense.q, v) }))
    .sort((a, b) => b.cos - a.cos || a.id - b.id)
    .slice(0, POOL);
  const fused = new Map<number, { rrf: number; ranked: Ranked | null }>();
  lexical.forEach((r, i) => fused.set(r.passage.id, { rrf: 1 / (RRF_K + i + 1), ranked: r }));
  byMeaning.forEach(({ id }, i) => {
    const entry = fused.get(id) ?? { rrf: 0, ranked: null };
    entry.rrf += 1 / (RRF_K + i + 1);
    fused.set(id, entry);
  });
  const byId = passageIds(index);
  return [...fused]
    .sort((a, b) => b[1].rrf - a[1].rrf || a[0] - b[0])
    .slice(0, HITS)
    .map(([id, e]) => e.ranked ?? { passage: byId.get(id)!, bm25: 0, score: 0 })
    .filter((r) => r.passage !== undefined);
}

const idMaps = new WeakMap<Bm25Index, Map<number, Bm25Index['passages'][number]>>();
function passageIds(index: Bm25Index) {
  let map = idMaps.get(index);
  if (!map) idMaps.set(index, (map = new Map(index.passages.map((p) => [p.id, p]))));
  return map;
}

/** Questions answered from a device's documents, for the console's test panel and the kiosk. */
export function createRetrievalService(deps: RetrievalDeps) {
  const threshold = deps.threshold ?? DEFAULT_THRESHOLD;

  async function ask(deviceId: number, text: string, language?: Language): Promise<AskResult> {
    const index = await deps.indexes.get(deviceId);
    const docs = deps.indexes.dense(deviceId);
    const q = docs && deps.embed ? await deps.embed(text) : null;
    const result = answerFrom(
      index,
      text,
      threshold,
      deps.extract,
      docs && q ? { docs, q: docs.centreQuery(q, text) } : undefined,
    );
    // The model reads the best passages whenever they score well enough: it judges for itself
    // whether they hold what was asked for, and its "no answer" stands.
    if (result.declined !== 'score' && deps.generate) {
      const passages = result.ranked.map((r) => r.passage);
      const generated = await deps.generate(text, language, passages);
      if (generated === 'declined') {
        return { ...result, answered: false, declined: 'model', text: null, from: null, generative: true };
      }
      if (generated) {
        return {
          ...result,
          answered: true,
          declined: null,
          text: generated.text,
          from: passages[generated.cited]!,
          generative: true,
        };
      }
    }
    return { ...result, generative: false };
  }

  return {
    ask,

    async query(input: {
      device_id: number;
      text: string;
      language?: Language;
      session_id?: string;
    }): Promise<MrcAnswer> {
      const started = performance.now();
      const r = await ask(input.device_id, input.text, input.language);
      return {
        answered: r.answered,
        declined: r.declined,
        asked_for: r.asked_for,
        text: r.text,
        score: r.score,
        threshold: r.threshold,
        source: r.from ? sourceOf(r.from, r.text) : null,
        hits: r.hits,
        generative: r.generative,
        session_id: input.session_id ?? null,
        took_ms: Math.round(performance.now() - started),
      };
    },

    /** The device's index as it stands; `build` builds it first when missing or stale. */
    async project(deviceId: number, build: boolean): Promise<MrcProject> {
      const index = build ? await deps.indexes.build(deviceId) : deps.indexes.held(deviceId);
      const stats = await deps.indexes.stats(deviceId);
      return {
        device_id: deviceId,
        documents_ready: stats.ready,
        documents_scanning: stats.scanning,
        passages: stats.passages,
        built_at: index ? index.builtAt.toISOString() : null,
        generative: deps.generate !== undefined,
        semantic: deps.indexes.dense(deviceId) !== null,
      };
    },

    /** For the device's answering chain: documents answer when no topic matches. */
    answerer: (async (deviceId, language, text): Promise<DocumentAnswer | null> => {
      const r = await ask(deviceId, text, language);
      if (r.hits.length === 0 && !r.answered) return null;
      return {
        answered: r.answered,
        declined: r.declined,
        asked_for: r.asked_for,
        text: r.text,
        score: r.score,
        threshold: r.threshold,
        source: r.from ? sourceOf(r.from, r.text) : null,
      };
    }) satisfies DocumentAnswerer,

    invalidate: (deviceId: number) => deps.indexes.invalidate(deviceId),
  };
}

export type RetrievalService = ReturnType<typeof createRetrievalService>;
