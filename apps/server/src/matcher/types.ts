import type { Language } from '@ambassador/contracts';
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

export interface DeviceAiSnapshot {
  topics: MatcherTopic[];
  entities: MatcherEntity[];
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
}

export interface DeviceMatcher {
  match(text: string, language: Language, opts?: MatchOptions): MatchResult;
  /**
   * Incremental: replace/add `changed` topics and remove `removedIds`. New `entities` (aliases)
   * change every example's normalization, so they trigger a full rebuild.
   */
  update(changed: MatcherTopic[], removedIds: number[], entities?: MatcherEntity[]): void;
  /** Topics held (active and inactive). */
  readonly topicCount: number;
}

export interface MatcherRegistryDeps {
  load(deviceId: number): Promise<DeviceAiSnapshot>;
  loadTopics?(deviceId: number, topicIds: number[]): Promise<MatcherTopic[]>;
  threshold?: number;
}

export interface MatcherRegistry {
  /** Loads and builds on first use, then answers from memory without touching the database. */
  match(deviceId: number, language: Language, text: string, opts?: MatchOptions): Promise<MatchResult>;
  /**
   * Topics changed: with topicIds, re-load only those (via loadTopics) and update incrementally;
   * without, drop the device's matcher (full rebuild on next match). Entity changes: call without
   * topicIds.
   */
  invalidate(deviceId: number, topicIds?: number[]): void;
  drop(deviceId: number): void;
  /** Builds the device's matcher now, so its first question need not wait. */
  warm(deviceId: number): Promise<void>;
}
