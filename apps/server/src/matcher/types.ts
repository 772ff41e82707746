import type { Language } from '@ambassador/contracts';
import type { BackgroundVectors } from '../nlu/background.js';
import type { CandidateFeatures } from './model.js';

export type { Language };

/** keyword = an operator keyword; phrase = a training phrase (a trained utterance). */
export interface MatcherExample {
  language: Language;
  text: string;
  kind: 'keyword' | 'phrase';
}

export interface MatcherTopic {
  id: number;
  name: string;
  active: boolean;
  examples: MatcherExample[];
}

/** An utterance containing an alias is treated as if it contained the keyword. */
export interface MatcherEntity {
  keyword: string;
  aliases: string[];
}

export type { BackgroundVectors };

export interface DeviceAiSnapshot {
  topics: MatcherTopic[];
  entities: MatcherEntity[];
  /** Sentence embeddings of the examples' texts (as taught); none: lexical only (nlu/vectors.ts). */
  vectors?: ReadonlyMap<string, Float32Array>;
  /** False when some examples could not be embedded (the embedder was down): build again later. */
  vectorsComplete?: boolean;
  /**
   * Set when the examples' vectors are still being embedded (a first build with thousands of new
   * phrases answers by words meanwhile): settles when they are stored (true) or the embedder gave
   * up (false), and the device is built again.
   */
  vectorsPending?: Promise<boolean>;
  /** The background sentences' vectors by language (nlu/background.ts), from the same model. */
  background?: BackgroundVectors;
}

/** score in [0,1], higher = better. */
export interface MatchCandidate {
  topicId: number;
  score: number;
}

export interface MatchResult {
  /** null when falling back. */
  best: MatchCandidate | null;
  /** Top N (default 5) active topics, best first, including best. */
  candidates: MatchCandidate[];
  /** True when the best score is below the threshold or nothing matched at all. */
  fallback: boolean;
  threshold: number;
}

export interface MatchOptions {
  limit?: number;
  /** Answer-confidence threshold for this call (a device's own setting); else the matcher's default. */
  threshold?: number;
  /** Receives each candidate's raw features (benchmarks calibrate the confidence on them). */
  explain?: CandidateFeatures[];
  /** The question's sentence embedding: its dense evidence joins the lexical one. */
  dense?: Float32Array | null;
  /** Receives each fused candidate's features (benchmarks calibrate the fusion on them). */
  explainFused?: FusedFeatures[];
}

/** What a candidate's fused confidence is computed from (see `fuse` in matcher.ts). */
export interface FusedFeatures {
  topicId: number;
  /** The lexical model's calibrated confidence (0 when it did not rank the topic). */
  lexical: number;
  /** Whether a keyword of the topic is in the question. */
  keyword: boolean;
  /** Best cosine of the question to one of the topic's examples; the same centred on its language group (nlu/dense.ts); its margin over the best other topic's. */
  dense: number;
  denseCentered: number;
  denseMargin: number;
  /** The per-device classifier's probability of the topic (nlu/lda.ts; 0 without background vectors). */
  lda: number;
  /** The first stage's fused score, before the margin over the next topic is weighed in. */
  fused: number;
}

export interface DeviceMatcher {
  match(text: string, language: Language, opts?: MatchOptions): MatchResult;
  /**
   * Incremental: replace/add `changed` topics and remove `removedIds`. New `entities` (aliases)
   * change every example's normalization, so they trigger a full rebuild.
   */
  update(
    changed: MatcherTopic[],
    removedIds: number[],
    entities?: MatcherEntity[],
    vectors?: ReadonlyMap<string, Float32Array>,
  ): void;
  /** Whether dense evidence is used (examples have vectors). */
  readonly dense: boolean;
  /** Topics held (active and inactive). */
  readonly topicCount: number;
  /** Active topics by their nearest taught phrase's cosine to `q`, best first (empty: no vectors). */
  nearest(q: Float32Array, limit: number): Array<{ topicId: number; similarity: number }>;
}

/** Whether a device's matcher has learnt every change made to its topics. */
export type MatcherState = 'training' | 'ready';

export interface MatcherStatus {
  /** `training` while a rebuild or update is under way (or waits to be retried after a failure). */
  state: MatcherState;
  /** When the state last changed. */
  since: Date;
  /** Topics the matcher answering now holds; null before the device's first build. */
  topics: number | null;
  /** Whether it holds sentence embeddings of its phrases. */
  dense: boolean;
}

export interface MatcherRegistryDeps {
  load(deviceId: number): Promise<DeviceAiSnapshot>;
  loadTopics?(deviceId: number, topicIds: number[]): Promise<MatcherTopic[]>;
  /** Vectors of changed topics' examples, for incremental updates (nlu/vectors.ts). */
  loadVectors?(
    deviceId: number,
    topics: MatcherTopic[],
  ): Promise<ReadonlyMap<string, Float32Array> | undefined>;
  /** The question's embedding (once per ask); null: lexical only. */
  embed?(text: string): Promise<Float32Array | null>;
  /** A build whose vectors were incomplete is tried again after this long (default 15 s). */
  vectorsRetryMs?: number;
  threshold?: number;
  /** Failed rebuilds are logged here (the old matcher keeps answering). */
  log?: { error(obj: object, msg: string): void };
  now?: () => Date;
  /** Retry after a failed rebuild: the first wait, doubled up to `retryMaxMs`. */
  retryMs?: number;
  retryMaxMs?: number;
  /** Longest stretch a build works before giving the event loop back (default 5 ms). */
  sliceMs?: number;
}

export interface MatcherRegistry {
  /**
   * Answers from memory. Only a device's very first question waits (for its first build); later
   * rebuilds run beside the matcher in use, which answers until the new one replaces it.
   */
  match(deviceId: number, language: Language, text: string, opts?: MatchOptions): Promise<MatchResult>;
  /**
   * Topics changed: with topicIds, re-load only those (via loadTopics) and update incrementally;
   * without, rebuild the whole device beside the matcher in use. Entity changes: call without
   * topicIds.
   */
  invalidate(deviceId: number, topicIds?: number[]): void;
  drop(deviceId: number): void;
  /** Builds the device's matcher now, so its first question need not wait. */
  warm(deviceId: number): Promise<void>;
  /** The device's state; asking about a device not held yet starts its build. */
  status(deviceId: number): MatcherStatus;
  /**
   * How many devices' matchers this instance holds, by state (/metrics); `failed`: retrying after a
   * failed rebuild (the old model answers meanwhile). Starts no build.
   */
  counts(): Record<MatcherState | 'failed', number>;
  /**
   * The topics whose taught phrases are nearest in meaning to `text` (the console's overlap check);
   * null when the device answers by words only.
   */
  nearest(
    deviceId: number,
    text: string,
    limit: number,
  ): Promise<Array<{ topicId: number; similarity: number }> | null>;
  /** Resolves once the device's matcher has learnt every change so far (tests, benchmarks). */
  whenReady(deviceId: number): Promise<void>;
  /** Stops retry timers (the app is closing). */
  close(): void;
}
