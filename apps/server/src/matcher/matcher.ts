import type { Language } from '@ambassador/contracts';
import { DEFAULT_PARAMS, GroupModel, type ModelParams, type TrainingExample } from './model.js';
import { runSteps, runStepsSliced, type Steps } from './steps.js';
import { createAliasRewriter, normalizeText, type AliasRewriter } from './text.js';
import type {
  DeviceAiSnapshot,
  DeviceMatcher,
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
export const DEFAULT_LIMIT = 5;
/** Longest stretch `buildMatcherAsync` works before giving the event loop back. */
export const DEFAULT_SLICE_MS = 20;
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

  /** Holds no model until `rebuild()` has run (see `Matcher.build`). */
  private constructor(
    snapshot: DeviceAiSnapshot,
    private readonly threshold: number,
    params: Partial<ModelParams>,
  ) {
    this.params = { ...DEFAULT_PARAMS, ...params };
    this.rewrite = createAliasRewriter(snapshot.entities);
    for (const topic of snapshot.topics) this.topics.set(topic.id, topic);
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
  }

  match(text: string, language: Language, opts?: MatchOptions): MatchResult {
    const limit = Math.max(1, Math.floor(opts?.limit ?? DEFAULT_LIMIT));
    const group = languageGroup(language);
    const key: ModelKey = this.groupCounts.has(group) ? group : 'all';
    // 'all' (a language the device has no examples in) is built here, synchronously, on first use.
    const model = this.models.get(key) ?? runSteps(this.buildModel(key));
    const normalized = this.normalize(text);
    const candidates = normalized ? model.score(normalized, limit, opts?.explain) : [];
    const top = candidates[0];
    const threshold = opts?.threshold ?? this.threshold;
    const fallback = !top || top.score < threshold;
    return { best: fallback ? null : top, candidates, fallback, threshold };
  }

  update(changed: MatcherTopic[], removedIds: number[], entities?: MatcherEntity[]): void {
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
