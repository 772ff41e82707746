import type {
  Language,
  MrcAnswer,
  MrcAskedFor,
  MrcDeclined,
  MrcHit,
  MrcProject,
} from '@ambassador/contracts';
import type { DocumentAnswer, DocumentAnswerer } from '../answerer.js';
import { extractAnswer, EXTRACT_DEFAULTS, type ExtractParams } from './answer.js';
import { askedFor, holdsAskedFor } from './asked-for.js';
import type { Bm25Index, IndexedPassage, Ranked } from './bm25.js';
import type { Generate } from './llm.js';
import type { IndexRegistry } from './registry.js';

/**
 * The normalised score (best BM25 over the question's BM25 against itself) under which a question
 * is not answered from documents. Chosen on the dev split of bench/data/mrc (docs/performance.md).
 */
export const DEFAULT_THRESHOLD = 0.25;
/** Passages shown (and given to a model), best first. */
const HITS = 3;

export interface RetrievalDeps {
  indexes: IndexRegistry;
  threshold?: number;
  extract?: ExtractParams;
  /** The generative path, when a model is configured. */
  generate?: Generate;
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

function sourceOf(p: IndexedPassage) {
  return {
    document_id: p.documentId,
    filename: p.filename,
    page: p.page,
    heading: p.heading,
    passage_id: p.id,
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
): Omit<AskResult, 'generative'> & { ranked: Ranked[] } {
  const { ranked, terms } = index.search(text, HITS);
  const score = ranked[0]?.score ?? 0;
  const extracted = extractAnswer(index, ranked, terms, params);
  const hits = ranked.map((r, i) =>
    hitOf(r, extracted && extracted.hit === i ? { start: extracted.start, end: extracted.end } : null),
  );
  const asked = askedFor(text);
  // A question that plainly asks for a time, a price, a count or a length is not answered by a
  // sentence without one, however many of its words the sentence shares.
  const declined: MrcDeclined | null =
    extracted === null || score < threshold
      ? 'score'
      : holdsAskedFor(asked, extracted.text)
        ? null
        : 'asked_for';
  const answered = extracted !== null && declined === null;
  return {
    answered,
    declined,
    asked_for: asked,
    text: answered ? extracted.text : null,
    score: Math.round(score * 1000) / 1000,
    threshold,
    hits,
    from: answered ? ranked[extracted.hit]!.passage : null,
    ranked,
  };
}

/** Questions answered from a device's documents, for the console's test panel and the kiosk. */
export function createRetrievalService(deps: RetrievalDeps) {
  const threshold = deps.threshold ?? DEFAULT_THRESHOLD;

  async function ask(deviceId: number, text: string, language?: Language): Promise<AskResult> {
    const index = await deps.indexes.get(deviceId);
    const result = answerFrom(index, text, threshold, deps.extract);
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
        source: r.from ? sourceOf(r.from) : null,
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
        source: r.from ? sourceOf(r.from) : null,
      };
    }) satisfies DocumentAnswerer,

    invalidate: (deviceId: number) => deps.indexes.invalidate(deviceId),
  };
}

export type RetrievalService = ReturnType<typeof createRetrievalService>;
