/**
 * The group model's parameters and data, and what its parts share (model.ts, model-linear.ts,
 * model-nearest.ts).
 */

export interface ModelParams {
  epochs: number;
  /** PA-I aggressiveness cap. */
  c: number;
  /** Epochs of the warm-started retraining after an incremental update. */
  updateEpochs: number;
  /** Softmax temperature over linear scores for the confidence. */
  temperature: number;
  /**
   * The confidence: a logistic model of the top candidate being right, over [bias, p, √nearest,
   * nearest/ref, nearestMargin/ref, linearMargin, linear, ln ref] (see `CandidateFeatures`), fitted
   * on development data only (bench/calibrate.ts: teach.json folds and cross-variety, the
   * development out-of-scope set, a split of banking77's train rows). docs/performance.md.
   * The bias is shifted by ln(7/3) so that the default threshold 0.5 sits where the fitted chance
   * of a right answer is 30%: below it a visitor is better served by the fallback (which offers
   * staff), above it more often by the answer — the point where the development sets refuse about
   * 90% of out-of-scope questions.
   */
  calibration: readonly number[];
  /** Confidence of a topic whose keyword the utterance contains, before the coverage bonus. */
  keywordBase: number;
  /**
   * Features in more than max(this, 5% of topics) topics get no linear weights (they still count in
   * the cosine): they discriminate little and would make every posting list as long as the topic
   * count, which is what training and scoring cost scales with.
   */
  linearMaxTopics: number;
  seed: number;
}

export const DEFAULT_PARAMS: ModelParams = {
  epochs: 12,
  c: 1,
  updateEpochs: 4,
  temperature: 0.1,
  calibration: [-8.4298 + Math.log(7 / 3), 2.0764, 5.7006, 0.0902, 0.0317, 2.9901, -0.44, -2.3504],
  keywordBase: 0.75,
  linearMaxTopics: 60,
  seed: 77,
};

export interface TrainingExample {
  topicId: number;
  text: string; // normalized and alias-rewritten
  kind: 'keyword' | 'phrase';
}

/** A training example as the model holds it (internal to the model's files). */
export interface Example {
  cls: number;
  ids: Int32Array;
  /** Sublinear tf, kept so vectors can be re-weighted. */
  tf: Float32Array;
  /** TF-IDF, L2-normalized, computed with the IDF at the time the example was added. */
  vals: Float32Array;
  /** Score for its own topic (cached for warm starts; refreshed by the examples it steps on). */
  self: number;
}

export interface Scored {
  topicId: number;
  score: number;
}

/** What a candidate's confidence is computed from (exposed for the benchmarks' calibration). */
export interface CandidateFeatures {
  topicId: number;
  /** Linear score, its softmax probability, and the margin to the best other candidate's score. */
  linear: number;
  p: number;
  linearMargin: number;
  /** Highest cosine to one of the topic's examples (0 beyond the first three candidates). */
  nearest: number;
  nearestMargin: number;
  /** Share of the utterance a keyword of the topic covers, or 0. */
  keyword: number;
  /** The device's reference similarity (see GroupModel.reference). */
  ref: number;
}

/** Seeded PRNG (mulberry32): deterministic shuffles. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/**
 * Examples (or features, for per-feature passes) between two yields of a build: a step of 64
 * examples costs about 1–2 ms at 1,000 topics, small against a 20 ms slice and large against the
 * cost of a yield (the bench measures the longest stall).
 */
export const EXAMPLES_PER_STEP = 64;
