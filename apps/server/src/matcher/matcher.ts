import type { Language } from '@ambassador/contracts';
import { DEFAULT_PARAMS, GroupModel, type ModelParams, type TrainingExample } from './model.js';
import { runSteps, runStepsSliced, type Steps } from './steps.js';
import { createAliasRewriter, normalizeText, type AliasRewriter } from './text.js';
import { DenseIndex, topLabels } from '../nlu/dense.js';
import { centre, languageMeans, LdaClassifier, NONE } from '../nlu/lda.js';
import type { CandidateFeatures } from './model.js';
import type {
  BackgroundVectors,
  DeviceAiSnapshot,
  DeviceMatcher,
  FusedFeatures,
  MatchOptions,
  MatchResult,
  MatcherEntity,
  MatcherTopic,
} from './types.js';

/**
 * Default out-of-scope threshold, calibrated on banking77 with 10 held-out intents
 * (bench/matcher.ts, docs/performance.md).
 */
export const DEFAULT_THRESHOLD = 0.5;
/**
 * A fallback's closest topic is offered to teach (Conversation Review's "had a candidate") only
 * when its score is at least this fraction of the device's threshold: below it, the closest topic
 * is rarely the right one (bench/candidate-reach.ts, docs/performance.md).
 */
export const CANDIDATE_REACH = 0.6;
export const DEFAULT_LIMIT = 5;
/** Longest stretch `buildMatcherAsync` works before giving the event loop back. */
export const DEFAULT_SLICE_MS = 20;
/**
 * The fused confidence: a logistic model over [bias, lexical confidence, dense cosine, dense cosine
 * centred on its language group, centred margin over the next topic, keyword, the per-device
 * classifier's probability (nlu/lda.ts)], fitted on development data only (bench/semantic.ts
 * CALIBRATE=1; docs/performance.md): the
 * semantic development set (taught in one variety, asked in four), the few-shot teaching phrases
 * across varieties, and the development out-of-scope sets. As with the lexical confidence, the bias
 * is shifted by ln(7/3) so the default threshold 0.5 sits where the fitted chance of a right answer
 * is 30%.
 */
export const FUSION: readonly number[] = [
  10.3321 + Math.log(7 / 3),
  4.2874,
  -15.95,
  18.5601,
  80.2693,
  0,
  2.8645,
];
/** The second stage over the first's score s and its margin m over the next topic: σ(c0 + c1·logit(s) + c2·m). */
export const CONFIDENCE: readonly number[] = [-1.1905, 0.4957, 1.6988];
/** Up to this many phrase vectors, an update retrains the per-device classifier at once. */
const LDA_RETRAIN_MAX = 2_000;
/** Candidates taken from each side before fusing. */
const FUSE_FROM = 10;

/** Examples normalized between two yields of a build (normalizing costs a few µs per example). */
const NORMALIZED_PER_STEP = 256;

type Group = 'zh' | Exclude<Language, 'chinese' | 'cantonese' | 'mandarin'>;
/** 'all' serves a language group the device has no examples in. */
type ModelKey = Group | 'all';

/** Chinese, Cantonese and Mandarin share examples (all folded to Simplified Chinese). */
export function languageGroup(language: Language): Group {
  return language === 'chinese' || language === 'cantonese' || language === 'mandarin' ? 'zh' : language;
}

export interface BuildOptions {
  threshold?: number;
  /** Model hyper-parameters; for the benchmark's tuning, not for callers. */
  params?: Partial<ModelParams>;
}

export interface AsyncBuildOptions extends BuildOptions {
  /** Work at most about this long (ms) before yielding to the event loop; default 20. */
  sliceMs?: number;
}

class Matcher implements DeviceMatcher {
  private readonly topics = new Map<number, MatcherTopic>();
  private rewrite: AliasRewriter;
  private readonly models = new Map<ModelKey, GroupModel>();
  /** Examples per group over active topics, to know which groups fall back to 'all'. */
  private readonly groupCounts = new Map<Group, number>();
  private readonly params: ModelParams;
  /** Example text (as taught) → its sentence embedding. */
  private readonly vectors = new Map<string, Float32Array>();
  private denseIndex: DenseIndex | null | undefined;
  private readonly background?: BackgroundVectors;
  /** Each background language's mean vector: what centring takes away (nlu/lda.ts). */
  private readonly means: ReturnType<typeof languageMeans>;
  private lda: LdaClassifier | null | undefined;

  /** Holds no model until `rebuild()` has run (see `Matcher.build`). */
  private constructor(
    snapshot: DeviceAiSnapshot,
    private readonly threshold: number,
    params: Partial<ModelParams>,
  ) {
    this.params = { ...DEFAULT_PARAMS, ...params };
    this.rewrite = createAliasRewriter(snapshot.entities);
    for (const topic of snapshot.topics) this.topics.set(topic.id, topic);
    for (const [text, vec] of snapshot.vectors ?? []) this.vectors.set(text, vec);
    this.background = snapshot.background;
    this.means = languageMeans(snapshot.background);
  }

  private centred(v: Float32Array, language: Language) {
    const g = language === 'english' ? 'en' : languageGroup(language) === 'zh' ? 'zh' : null;
    return g ? centre(v, this.means[g]) : v;
  }

  /** The per-device classifier over centred vectors, with the background as "none of these". */
  private ldaOf(): LdaClassifier | null {
    if (this.lda === undefined) this.lda = runSteps(this.ldaSteps());
    return this.lda;
  }

  private *ldaSteps(): Steps<LdaClassifier | null> {
    if (!this.background) return null;
    const items: Array<{ label: number; vector: Float32Array }> = [];
    for (const topic of this.topics.values()) {
      if (!topic.active) continue;
      for (const ex of topic.examples) {
        const vector = this.vectors.get(ex.text);
        if (vector) items.push({ label: topic.id, vector: this.centred(vector, ex.language) });
      }
    }
    const bg = [
      ...this.background.en.map((v) => this.centred(v, 'english')),
      ...this.background.zh.map((v) => this.centred(v, 'chinese')),
    ];
    return items.length ? yield* LdaClassifier.steps(items, bg) : null;
  }

  get dense() {
    return this.vectors.size > 0;
  }

  nearest(q: Float32Array, limit: number) {
    const best = this.denseIndexOf()?.best(q);
    if (!best) return [];
    return [...best]
      .map(([topicId, s]) => ({ topicId, similarity: s.best }))
      .sort((a, b) => b.similarity - a.similarity || a.topicId - b.topicId)
      .slice(0, limit);
  }

  /** Every active topic's examples that have vectors, in every language: a topic taught in English answers in Cantonese. */
  private denseIndexOf(): DenseIndex | null {
    if (this.denseIndex !== undefined) return this.denseIndex;
    const items: Array<{ label: number; group: string; vector: Float32Array }> = [];
    for (const topic of this.topics.values()) {
      if (!topic.active) continue;
      for (const ex of topic.examples) {
        const vector = this.vectors.get(ex.text);
        if (vector) items.push({ label: topic.id, group: languageGroup(ex.language), vector });
      }
    }
    this.denseIndex = DenseIndex.build(items);
    return this.denseIndex;
  }

  /** A full build as resumable steps; nothing outside sees the matcher before it is complete. */
  static *build(snapshot: DeviceAiSnapshot, options?: BuildOptions): Steps<Matcher> {
    const matcher = new Matcher(snapshot, options?.threshold ?? DEFAULT_THRESHOLD, options?.params ?? {});
    yield* matcher.rebuild();
    return matcher;
  }

  get topicCount() {
    return this.topics.size;
  }

  private normalize(text: string) {
    return this.rewrite(normalizeText(text));
  }

  private examplesOf(topic: MatcherTopic, key: ModelKey): TrainingExample[] {
    if (!topic.active) return [];
    const out: TrainingExample[] = [];
    for (const ex of topic.examples) {
      if (key !== 'all' && languageGroup(ex.language) !== key) continue;
      const text = this.normalize(ex.text);
      if (text) out.push({ topicId: topic.id, text, kind: ex.kind });
    }
    return out;
  }

  private countGroups() {
    this.groupCounts.clear();
    for (const topic of this.topics.values()) {
      if (!topic.active) continue;
      for (const ex of topic.examples) {
        const g = languageGroup(ex.language);
        this.groupCounts.set(g, (this.groupCounts.get(g) ?? 0) + 1);
      }
    }
  }

  private *buildModel(key: ModelKey): Steps<GroupModel> {
    const examples: TrainingExample[] = [];
    let pending = 0;
    for (const topic of this.topics.values()) {
      examples.push(...this.examplesOf(topic, key));
      pending += topic.examples.length;
      if (pending >= NORMALIZED_PER_STEP) {
        pending = 0;
        yield;
      }
    }
    const model = yield* GroupModel.steps(examples, this.params);
    this.models.set(key, model);
    return model;
  }

  /** Builds every group the device has examples in; 'all' is built on first use. */
  private *rebuild(): Steps<void> {
    this.models.clear();
    this.countGroups();
    for (const group of [...this.groupCounts.keys()]) yield* this.buildModel(group);
    if (this.vectors.size > 0) {
      // The dense side is built here too, so the first question does not wait for it.
      yield;
      this.denseIndexOf();
      this.lda = yield* this.ldaSteps();
    }
  }

  match(text: string, language: Language, opts?: MatchOptions): MatchResult {
    const limit = Math.max(1, Math.floor(opts?.limit ?? DEFAULT_LIMIT));
    const group = languageGroup(language);
    const key: ModelKey = this.groupCounts.has(group) ? group : 'all';
    // 'all' (a language the device has no examples in) is built here, synchronously, on first use.
    const model = this.models.get(key) ?? runSteps(this.buildModel(key));
    const normalized = this.normalize(text);
    const index = opts?.dense ? this.denseIndexOf() : null;
    const candidates = index
      ? this.fused(model, normalized, opts!.dense!, language, index, limit, opts!)
      : normalized
        ? model.score(normalized, limit, opts?.explain)
        : [];
    const top = candidates[0];
    const threshold = opts?.threshold ?? this.threshold;
    const fallback = !top || top.score < threshold;
    return { best: fallback ? null : top, candidates, fallback, threshold };
  }

  /**
   * Lexical and dense evidence together: the lexical model's calibrated confidence and the nearest
   * taught phrase's cosine (with its margin over the next topic's) in one logistic model, so a
   * question that shares no word with a topic's phrases (another variety, the need described) can
   * still reach it, and one that shares only a word cannot ride on it alone.
   */
  private fused(
    model: GroupModel,
    normalized: string,
    q: Float32Array,
    language: Language,
    index: DenseIndex,
    limit: number,
    opts: MatchOptions,
  ): MatchResult['candidates'] {
    const lexFeats: CandidateFeatures[] = [];
    const lexical = normalized ? model.score(normalized, Math.max(limit, FUSE_FROM), lexFeats) : [];
    opts.explain?.push(...lexFeats);
    const lexScore = new Map(lexical.map((c) => [c.topicId, c.score]));
    const keyword = new Set(lexFeats.filter((f) => f.keyword > 0).map((f) => f.topicId));
    const best = index.best(q);
    const probs = this.ldaOf()?.predict(this.centred(q, language)) ?? new Map<number, number>();
    // A classifier kept across an update may know topics since removed or switched off.
    const byProb = [...probs]
      .filter(([label]) => label !== NONE && this.topics.get(label)?.active)
      .sort((x, y) => y[1] - x[1]);
    const ids = new Set([
      ...lexical.map((c) => c.topicId),
      ...topLabels(best, FUSE_FROM).map((t) => t.label),
      ...byProb.slice(0, FUSE_FROM).map(([label]) => label),
    ]);
    const ranked = topLabels(best, 2);
    const [b, wl, wd, wc, wm, wk, wp] = FUSION as [number, number, number, number, number, number, number];
    const feats: FusedFeatures[] = [];
    for (const topicId of ids) {
      const d = best.get(topicId) ?? { best: 0, centered: 0 };
      const other = ranked[0]?.label === topicId ? (ranked[1]?.score ?? 0) : (ranked[0]?.score ?? 0);
      const f: FusedFeatures = {
        topicId,
        lexical: lexScore.get(topicId) ?? 0,
        keyword: keyword.has(topicId),
        dense: d.best,
        denseCentered: d.centered,
        denseMargin: d.centered - other,
        lda: probs.get(topicId) ?? 0,
        fused: 0,
      };
      const z =
        b +
        wl * f.lexical +
        wd * f.dense +
        wc * f.denseCentered +
        wm * f.denseMargin +
        wk * (f.keyword ? 1 : 0) +
        wp * f.lda;
      f.fused = 1 / (1 + Math.exp(-z));
      feats.push(f);
    }
    // Second stage: how far the topic stands above the best other one. A question that fits two
    // topics about equally, or none much, is refused more readily (out-of-scope questions mostly look
    // like that; bench/semantic.ts CALIBRATE=2).
    const [c0, c1, c2] = CONFIDENCE as [number, number, number];
    const order = [...feats].sort((x, y) => y.fused - x.fused);
    const out: MatchResult['candidates'] = [];
    for (const f of feats) {
      const other = order[0] === f ? (order[1]?.fused ?? 0) : order[0]!.fused;
      const s = Math.min(Math.max(f.fused, 1e-5), 1 - 1e-5);
      let score = 1 / (1 + Math.exp(-(c0 + c1 * Math.log(s / (1 - s)) + c2 * (f.fused - other))));
      // An operator's keyword in the question answers as it does lexically.
      if (f.keyword) score = Math.max(score, f.lexical);
      out.push({ topicId: f.topicId, score });
      opts.explainFused?.push(f);
    }
    out.sort((x, y) => y.score - x.score || x.topicId - y.topicId);
    return out.slice(0, limit);
  }

  update(
    changed: MatcherTopic[],
    removedIds: number[],
    entities?: MatcherEntity[],
    vectors?: ReadonlyMap<string, Float32Array>,
  ): void {
    for (const [text, vec] of vectors ?? []) this.vectors.set(text, vec);
    this.denseIndex = undefined;
    // A kiosk's classifier is retrained on the next question (a tenth of a second); a large device
    // keeps the one it has until its next full build (a changed topic meanwhile ranks by its other
    // evidence) rather than hold the event loop for seconds.
    if (this.vectors.size <= LDA_RETRAIN_MAX) this.lda = undefined;
    for (const id of removedIds) this.topics.delete(id);
    for (const topic of changed) this.topics.set(topic.id, topic);
    if (entities) {
      // Aliases change how every example normalizes: rebuild from scratch.
      this.rewrite = createAliasRewriter(entities);
      runSteps(this.rebuild());
      return;
    }
    const before = new Set(this.groupCounts.keys());
    this.countGroups();
    const after = new Set(this.groupCounts.keys());
    for (const group of new Set([...before, ...after])) {
      if (before.has(group) !== after.has(group)) {
        // A group gained its first or lost its last example: rebuild that group lazily, and 'all'
        // stops or starts serving it (it keeps every example, so it stays valid either way).
        this.models.delete(group);
      }
    }
    for (const [key, model] of this.models) {
      const delta = new Map<number, TrainingExample[]>();
      for (const id of removedIds) delta.set(id, []);
      for (const topic of changed) delta.set(topic.id, this.examplesOf(topic, key));
      model.update(delta);
    }
  }
}

/** Builds in one go, holding the event loop throughout (seconds at 1,000 topics). */
export function buildMatcher(snapshot: DeviceAiSnapshot, options?: BuildOptions): DeviceMatcher {
  return runSteps(Matcher.build(snapshot, options));
}

/**
 * The same build (same model, same scores) in slices of about `sliceMs`, yielding to the event loop
 * in between so other requests are served while a large device's matcher is built. Slower overall
 * only by the time other work takes in between.
 */
export function buildMatcherAsync(
  snapshot: DeviceAiSnapshot,
  options?: AsyncBuildOptions,
): Promise<DeviceMatcher> {
  return runStepsSliced(Matcher.build(snapshot, options), options?.sliceMs ?? DEFAULT_SLICE_MS);
}
