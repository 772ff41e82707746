import type { Language } from '@ambassador/contracts';
import { DEFAULT_PARAMS, GroupModel, type ModelParams, type TrainingExample } from './model.js';
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

class Matcher implements DeviceMatcher {
  private readonly topics = new Map<number, MatcherTopic>();
  private rewrite: AliasRewriter;
  private readonly models = new Map<ModelKey, GroupModel>();
  /** Examples per group over active topics, to know which groups fall back to 'all'. */
  private readonly groupCounts = new Map<Group, number>();
  private readonly params: ModelParams;

  constructor(
    snapshot: DeviceAiSnapshot,
    private readonly threshold: number,
    params: Partial<ModelParams>,
  ) {
    this.params = { ...DEFAULT_PARAMS, ...params };
    this.rewrite = createAliasRewriter(snapshot.entities);
    for (const topic of snapshot.topics) this.topics.set(topic.id, topic);
    this.rebuild();
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

  private buildModel(key: ModelKey) {
    const examples: TrainingExample[] = [];
    for (const topic of this.topics.values()) examples.push(...this.examplesOf(topic, key));
    const model = new GroupModel(examples, this.params);
    this.models.set(key, model);
    return model;
  }

  /** Builds every group the device has examples in; 'all' is built on first use. */
  private rebuild() {
    this.models.clear();
    this.countGroups();
    for (const group of this.groupCounts.keys()) this.buildModel(group);
  }

  match(text: string, language: Language, opts?: MatchOptions): MatchResult {
    const limit = Math.max(1, Math.floor(opts?.limit ?? DEFAULT_LIMIT));
    const group = languageGroup(language);
    const key: ModelKey = this.groupCounts.has(group) ? group : 'all';
    const model = this.models.get(key) ?? this.buildModel(key);
    const normalized = this.normalize(text);
    const candidates = normalized ? model.score(normalized, limit) : [];
    const top = candidates[0];
    const fallback = !top || top.score < this.threshold;
    return { best: fallback ? null : top, candidates, fallback, threshold: this.threshold };
  }

  update(changed: MatcherTopic[], removedIds: number[], entities?: MatcherEntity[]): void {
    for (const id of removedIds) this.topics.delete(id);
    for (const topic of changed) this.topics.set(topic.id, topic);
    if (entities) {
      // Aliases change how every example normalizes: rebuild from scratch.
      this.rewrite = createAliasRewriter(entities);
      this.rebuild();
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

export function buildMatcher(snapshot: DeviceAiSnapshot, options?: BuildOptions): DeviceMatcher {
  return new Matcher(snapshot, options?.threshold ?? DEFAULT_THRESHOLD, options?.params ?? {});
}
