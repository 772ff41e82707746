/**
 * One language group's model: TF-IDF (sublinear tf, L2-normalized) over word uni/bigrams, char
 * n-grams and CJK char uni/bigrams; a multiclass linear model trained with averaged
 * passive-aggressive (Crammer-Singer style, one violating class per step) updates. Each step only
 * touches the true and the violating class, so weights stay sparse: feature → [class, weight, ...].
 */
import type { Steps } from './steps.js';
import { analyze } from './text.js';

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

interface ExampleIndex {
  feats: Int32Array;
  offs: Int32Array;
  ex: Int32Array;
  vals: Float32Array;
  size: number;
}

interface Example {
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

function shuffle<T>(items: T[], random: () => number) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

const KW_SEP = '\u0001';
/**
 * The nearest-example cosine (the costly part) is computed for the first three candidates; later
 * runners-up get the probability part only, which keeps them ranked below the first three.
 */
const NEAREST_FOR = 3;
/**
 * Examples (or features, for per-feature passes) between two yields of a build: a step of 64
 * examples costs about 1–2 ms at 1,000 topics, small against a 20 ms slice and large against the
 * cost of a yield (the bench measures the longest stall).
 */
const EXAMPLES_PER_STEP = 64;
/** Examples sampled for the device's reference similarity, and its value without any to sample. */
const REFERENCE_SAMPLE = 400;
const DEFAULT_REFERENCE = 0.35;
const MIN_REFERENCE = 0.15;
const MAX_REFERENCE = 0.8;
const FEATURES_PER_STEP = 2048;

export class GroupModel {
  private readonly vocab = new Map<string, number>();
  private df: number[] = [];
  private nDocs = 0;
  /** feature id → interleaved [class, weight, class, weight, ...] */
  private post: (number[] | undefined)[] = [];
  /** class → inverted index of its examples, built on first use; dropped when the class changes. */
  private exampleIndex: (ExampleIndex | undefined)[] = [];
  private nearestScratch = new Float64Array(64);
  private readonly classOf = new Map<number, number>();
  private topicOf: number[] = [];
  private readonly freeClasses: number[] = [];
  private examples: Example[][] = [];
  private readonly keywords = new Map<string, Set<number>>();
  private readonly keywordFirst = new Map<string, number>();
  /** class → its keyword keys, to remove them on update. */
  private keywordKeys: string[][] = [];
  private scores = new Float64Array(0);
  private stamp = new Int32Array(0);
  private touched = new Int32Array(0);
  private stampValue = 0;
  /** 1 = feature has no linear weights (see linearMaxTopics); features added later are allowed. */
  private excluded = new Uint8Array(0);
  /** Negative weights are not added to a posting list longer than this. */
  private maxList = 80;
  private updates = 0;
  /** See `reference()`; recomputed after an update. */
  private ref: number | undefined;

  /** Empty; built through `GroupModel.steps`. */
  private constructor(private readonly params: ModelParams) {}

  /**
   * The full build as resumable steps (see steps.ts), so a caller can give the event loop back
   * between them. The work and its order do not depend on how the steps are driven: same model.
   */
  static *steps(examples: TrainingExample[], params: ModelParams = DEFAULT_PARAMS): Steps<GroupModel> {
    const model = new GroupModel(params);
    for (let i = 0; i < examples.length; i++) {
      model.addExample(examples[i]!);
      if (i % EXAMPLES_PER_STEP === EXAMPLES_PER_STEP - 1) yield;
    }
    const all = model.allExamples();
    for (let i = 0; i < all.length; i++) {
      const ex = all[i]!;
      ex.vals = model.weigh(ex.ids, ex.tf);
      if (i % EXAMPLES_PER_STEP === EXAMPLES_PER_STEP - 1) yield;
    }
    yield* model.limitLinearFeatures();
    yield* model.train(all, params.epochs);
    model.reference();
    return model;
  }

  private *limitLinearFeatures(): Steps<void> {
    const cap = Math.max(this.params.linearMaxTopics, Math.ceil(0.05 * this.classCount));
    this.maxList = 2 * cap;
    const topicDf = new Int32Array(this.vocab.size);
    const last = new Int32Array(this.vocab.size).fill(-1);
    let done = 0;
    for (let cls = 0; cls < this.examples.length; cls++) {
      const list = this.examples[cls];
      if (!list) continue;
      for (const ex of list) {
        for (const id of ex.ids) {
          if (last[id] !== cls) {
            last[id] = cls;
            topicDf[id]!++;
          }
        }
      }
      done += list.length;
      if (done >= EXAMPLES_PER_STEP) {
        done = 0;
        yield;
      }
    }
    this.excluded = Uint8Array.from(topicDf, (n) => (n > cap ? 1 : 0));
  }

  /** Sorted feature ids of the class with, per feature, the examples having it (CSR). */
  private indexOf(cls: number): ExampleIndex {
    const cached = this.exampleIndex[cls];
    if (cached) return cached;
    const examples = this.examples[cls]!;
    const byFeature = new Map<number, number[]>();
    examples.forEach((ex, e) => {
      for (let i = 0; i < ex.ids.length; i++) {
        let list = byFeature.get(ex.ids[i]!);
        if (!list) byFeature.set(ex.ids[i]!, (list = []));
        list.push(e, ex.vals[i]!);
      }
    });
    const feats = Int32Array.from(byFeature.keys()).sort();
    const offs = new Int32Array(feats.length + 1);
    let nnz = 0;
    for (const list of byFeature.values()) nnz += list.length / 2;
    const ex = new Int32Array(nnz);
    const vals = new Float32Array(nnz);
    let p = 0;
    feats.forEach((f, k) => {
      const list = byFeature.get(f)!;
      for (let j = 0; j < list.length; j += 2) {
        ex[p] = list[j]!;
        vals[p] = list[j + 1]!;
        p++;
      }
      offs[k + 1] = p;
    });
    const index = { feats, offs, ex, vals, size: examples.length };
    this.exampleIndex[cls] = index;
    return index;
  }

  /**
   * How close a topic's phrases are to each other on this device: the median, over (a sample of)
   * examples, of the cosine to the nearest other example of the same topic — what a new paraphrase
   * of a taught topic can expect to score. A few varied phrases per topic give about 0.2–0.3, a
   * hundred give 0.6 and more; confidence is measured against it, so scores mean the same either way.
   */
  private reference(): number {
    if (this.ref !== undefined) return this.ref;
    const pool: Array<[number, number]> = [];
    for (let cls = 0; cls < this.examples.length; cls++) {
      const list = this.examples[cls];
      if (!list || list.length < 2) continue;
      for (let e = 0; e < list.length; e++) pool.push([cls, e]);
    }
    const every = Math.max(1, Math.floor(pool.length / REFERENCE_SAMPLE));
    const sims: number[] = [];
    for (let k = 0; k < pool.length; k += every) {
      const [cls, e] = pool[k]!;
      const ex = this.examples[cls]![e]!;
      sims.push(this.nearest(cls, ex.ids, ex.vals, e));
    }
    sims.sort((a, b) => a - b);
    this.ref =
      sims.length === 0
        ? DEFAULT_REFERENCE
        : Math.min(MAX_REFERENCE, Math.max(MIN_REFERENCE, sims[sims.length >> 1]!));
    return this.ref;
  }

  /** Cosine of the query to the topic's nearest example (both L2-normalized), example `skip` aside. */
  private nearest(cls: number, ids: Int32Array, vals: Float32Array, skip = -1) {
    const index = this.indexOf(cls);
    if (this.nearestScratch.length < index.size) this.nearestScratch = new Float64Array(index.size * 2);
    const acc = this.nearestScratch;
    acc.fill(0, 0, index.size);
    const { feats } = index;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      let lo = 0;
      let hi = feats.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const f = feats[mid]!;
        if (f < id) lo = mid + 1;
        else if (f > id) hi = mid - 1;
        else {
          const v = vals[i]!;
          for (let p = index.offs[mid]!; p < index.offs[mid + 1]!; p++)
            acc[index.ex[p]!]! += index.vals[p]! * v;
          break;
        }
      }
    }
    let best = 0;
    for (let e = 0; e < index.size; e++) if (e !== skip && acc[e]! > best) best = acc[e]!;
    return Math.min(1, best);
  }

  get classCount() {
    return this.topicOf.length - this.freeClasses.length;
  }

  private classFor(topicId: number) {
    let cls = this.classOf.get(topicId);
    if (cls === undefined) {
      cls = this.freeClasses.pop() ?? this.topicOf.length;
      this.classOf.set(topicId, cls);
      this.topicOf[cls] = topicId;
      this.examples[cls] = [];
      this.keywordKeys[cls] = [];
    }
    return cls;
  }

  private allExamples() {
    const all: Example[] = [];
    for (const list of this.examples) if (list) all.push(...list);
    return all;
  }

  private addExample(input: TrainingExample) {
    const { units, counts } = analyze(input.text);
    if (counts.size === 0) return;
    const cls = this.classFor(input.topicId);
    const ids = new Int32Array(counts.size);
    const tf = new Float32Array(counts.size);
    let i = 0;
    for (const [key, count] of counts) {
      let id = this.vocab.get(key);
      if (id === undefined) {
        id = this.vocab.size;
        this.vocab.set(key, id);
        this.df.push(0);
      }
      this.df[id]!++;
      ids[i] = id;
      tf[i] = 1 + Math.log(count);
      i++;
    }
    this.nDocs++;
    this.examples[cls]!.push({ cls, ids, tf, vals: tf, self: 0 });
    this.exampleIndex[cls] = undefined;
    if (input.kind === 'keyword' && units.length > 0) {
      const key = units.join(KW_SEP);
      let set = this.keywords.get(key);
      if (!set) this.keywords.set(key, (set = new Set()));
      set.add(cls);
      this.keywordKeys[cls]!.push(key);
      this.keywordFirst.set(units[0]!, Math.max(this.keywordFirst.get(units[0]!) ?? 0, units.length));
    }
  }

  private idf(df: number) {
    return Math.log((this.nDocs + 1) / (df + 1)) + 1;
  }

  private weigh(ids: Int32Array, tf: Float32Array) {
    const vals = new Float32Array(ids.length);
    let norm = 0;
    for (let i = 0; i < ids.length; i++) {
      const v = tf[i]! * this.idf(this.df[ids[i]!]!);
      vals[i] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < vals.length; i++) vals[i]! /= norm;
    return vals;
  }

  private ensureScratch() {
    if (this.scores.length < this.topicOf.length) {
      const size = this.topicOf.length * 2;
      this.scores = new Float64Array(size);
      this.stamp = new Int32Array(size);
      this.touched = new Int32Array(size);
    }
  }

  private computeScores(ids: Int32Array, vals: Float32Array, scores: Float64Array) {
    scores.fill(0);
    for (let i = 0; i < ids.length; i++) {
      const list = this.post[ids[i]!];
      if (!list) continue;
      const v = vals[i]!;
      for (let j = 0; j < list.length; j += 2) scores[list[j]!]! += list[j + 1]! * v;
    }
  }

  /** Adds delta·x to class cls; `acc` holds the running sum for averaging (stride 3 in training). */
  private addTo(list: number[], stride: number, cls: number, delta: number, step: number) {
    for (let j = 0; j < list.length; j += stride) {
      if (list[j] === cls) {
        list[j + 1]! += delta;
        if (stride === 3) list[j + 2]! += step * delta;
        return;
      }
    }
    if (delta < 0 && list.length >= this.maxList * stride) return;
    if (stride === 3) list.push(cls, delta, step * delta);
    else list.push(cls, delta);
  }

  /** Scores x against every class into `scores`; returns the classes touched (others score 0). */
  private scoreInto(ids: Int32Array, vals: Float32Array, stride: number) {
    const { scores, stamp, touched } = this;
    const mark = ++this.stampValue;
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
      const list = this.post[ids[i]!];
      if (!list) continue;
      const v = vals[i]!;
      for (let j = 0; j < list.length; j += stride) {
        const k = list[j]!;
        if (stamp[k] !== mark) {
          stamp[k] = mark;
          scores[k] = 0;
          touched[n++] = k;
        }
        scores[k]! += list[j + 1]! * v;
      }
    }
    return n;
  }

  /** The highest-scoring live class other than y (an untouched class scores 0). */
  private rival(y: number, touchedCount: number): [number, number] {
    let r = -1;
    let sr = -Infinity;
    for (let t = 0; t < touchedCount; t++) {
      const k = this.touched[t]!;
      if (k !== y && this.scores[k]! > sr) {
        sr = this.scores[k]!;
        r = k;
      }
    }
    if (sr < 0) {
      const mark = this.stampValue;
      for (let k = 0; k < this.topicOf.length; k++) {
        if (k !== y && this.examples[k] && this.stamp[k] !== mark) return [k, 0];
      }
    }
    return [r, sr];
  }

  private ownScore(ex: Example, stride: number) {
    let s = 0;
    for (let i = 0; i < ex.ids.length; i++) {
      const list = this.post[ex.ids[i]!];
      if (!list) continue;
      for (let j = 0; j < list.length; j += stride) {
        if (list[j] === ex.cls) {
          s += list[j + 1]! * ex.vals[i]!;
          break;
        }
      }
    }
    return s;
  }

  /** Averaged PA-I over all examples; stops early once an epoch has (almost) no margin violations. */
  private *train(examples: Example[], epochs: number): Steps<void> {
    this.ensureScratch();
    this.post = []; // training lists are [class, weight, accumulator] for averaging
    const post = this.post;
    const random = rng(this.params.seed);
    const order = [...examples];
    let step = 1;
    for (let epoch = 0; epoch < epochs; epoch++) {
      shuffle(order, random);
      let violations = 0;
      for (const ex of order) {
        const { ids, vals, cls: y } = ex;
        const n = this.scoreInto(ids, vals, 3);
        const sy = this.stamp[y] === this.stampValue ? this.scores[y]! : 0;
        const [r, sr] = this.rival(y, n);
        const loss = r < 0 ? 0 : 1 - (sy - sr);
        if (loss > 0) {
          violations++;
          const tau = Math.min(this.params.c, loss / 2);
          for (let i = 0; i < ids.length; i++) {
            if (this.excluded[ids[i]!]) continue;
            const list = (post[ids[i]!] ??= []);
            this.addTo(list, 3, y, tau * vals[i]!, step);
            this.addTo(list, 3, r, -tau * vals[i]!, step);
          }
        }
        // `step` counts examples seen, so it also paces the yields.
        if (step % EXAMPLES_PER_STEP === 0) yield;
        step++;
      }
      if (violations <= order.length * 0.002) break;
    }
    // w_avg = w - acc/step; drop the accumulator and near-zero weights.
    for (let f = 0; f < post.length; f++) {
      if (f % FEATURES_PER_STEP === FEATURES_PER_STEP - 1) yield;
      const list = post[f];
      if (!list) continue;
      const out: number[] = [];
      for (let j = 0; j < list.length; j += 3) {
        const w = list[j + 1]! - list[j + 2]! / step;
        if (Math.abs(w) > 1e-5) out.push(list[j]!, w);
      }
      post[f] = out.length > 0 ? out : undefined;
    }
    // Each example's score for its own topic, so a warm start need not rescore every example.
    for (let i = 0; i < examples.length; i++) {
      examples[i]!.self = this.ownScore(examples[i]!, 2);
      if (i % EXAMPLES_PER_STEP === EXAMPLES_PER_STEP - 1) yield;
    }
  }

  /**
   * Warm start after topic `cls` was (re)added with zero weights: its own examples get full PA steps;
   * every other example is checked against `cls` alone (the only class that moved for it), using a
   * dense copy of w_cls and the cached own-topic score, so the pass is O(examples × features).
   */
  private warmStart(cls: number, epochs: number) {
    this.ensureScratch();
    const w = new Float64Array(this.vocab.size);
    const random = rng(this.params.seed + this.updates);
    const own = [...this.examples[cls]!];
    const others = this.allExamples().filter((ex) => ex.cls !== cls);
    const step = (ex: Example, r: number, loss: number) => {
      const tau = Math.min(this.params.c, loss / 2);
      for (let i = 0; i < ex.ids.length; i++) {
        const id = ex.ids[i]!;
        if (this.excluded[id]) continue;
        const list = (this.post[id] ??= []);
        this.addTo(list, 2, ex.cls, tau * ex.vals[i]!, 0);
        this.addTo(list, 2, r, -tau * ex.vals[i]!, 0);
        if (ex.cls === cls) w[id]! += tau * ex.vals[i]!;
        if (r === cls) w[id]! -= tau * ex.vals[i]!;
      }
      ex.self += tau;
    };
    for (let epoch = 0; epoch < epochs; epoch++) {
      shuffle(own, random);
      for (const ex of own) {
        const n = this.scoreInto(ex.ids, ex.vals, 2);
        const sy = this.stamp[cls] === this.stampValue ? this.scores[cls]! : 0;
        const [r, sr] = this.rival(cls, n);
        ex.self = sy;
        if (r >= 0 && 1 - (sy - sr) > 0) step(ex, r, 1 - (sy - sr));
      }
      for (const ex of others) {
        let s = 0;
        for (let i = 0; i < ex.ids.length; i++) s += w[ex.ids[i]!]! * ex.vals[i]!;
        if (1 - (ex.self - s) > 0) step(ex, cls, 1 - (ex.self - s));
      }
    }
  }

  /** Replaces the examples of changed topics (empty list = remove) and warm-starts the weights. */
  update(changed: Map<number, TrainingExample[]>) {
    this.updates++;
    this.ref = undefined;
    for (const topicId of changed.keys()) this.removeTopic(topicId);
    for (const [topicId, list] of changed) {
      if (list.length === 0) continue;
      for (const ex of list) this.addExample(ex);
      const cls = this.classOf.get(topicId);
      if (cls === undefined) continue;
      // Other examples keep the IDF they were weighed with; a full rebuild refreshes it.
      for (const ex of this.examples[cls]!) ex.vals = this.weigh(ex.ids, ex.tf);
      this.exampleIndex[cls] = undefined;
      this.warmStart(cls, this.params.updateEpochs);
    }
    this.reference();
  }

  private removeTopic(topicId: number) {
    const cls = this.classOf.get(topicId);
    if (cls === undefined) return;
    for (const ex of this.examples[cls]!) {
      for (const id of ex.ids) this.df[id]!--;
      this.nDocs--;
    }
    for (const key of this.keywordKeys[cls]!) {
      const set = this.keywords.get(key);
      set?.delete(cls);
      if (set?.size === 0) this.keywords.delete(key);
    }
    // Strip the class from every posting list: O(non-zeros), no retraining.
    for (let f = 0; f < this.post.length; f++) {
      const list = this.post[f];
      if (!list) continue;
      for (let j = 0; j < list.length; j += 2) {
        if (list[j] === cls) {
          list.splice(j, 2);
          break;
        }
      }
    }
    this.classOf.delete(topicId);
    delete this.examples[cls];
    this.exampleIndex[cls] = undefined;
    this.keywordKeys[cls] = [];
    this.freeClasses.push(cls);
  }

  /** The calibrated confidence that `f` is the right topic (see ModelParams.calibration). */
  private confidence(f: CandidateFeatures): number {
    // Nothing in common with any of the topic's phrases (or not among the first three): no evidence.
    if (f.nearest <= 0) return 0;
    const [b, wp, wsn, wnr, wnm, wlm, wl, wr] = this.params.calibration as number[];
    const z =
      b! +
      wp! * f.p +
      wsn! * Math.sqrt(f.nearest) +
      wnr! * (f.nearest / f.ref) +
      wnm! * (f.nearestMargin / f.ref) +
      wlm! * f.linearMargin +
      wl! * f.linear +
      wr! * Math.log(f.ref);
    return 1 / (1 + Math.exp(-z));
  }

  /** Top `limit` topics with confidence in [0,1], best first. */
  score(normalized: string, limit: number, explain?: CandidateFeatures[]): Scored[] {
    const { units, counts } = analyze(normalized);
    if (this.classCount === 0 || counts.size === 0) return [];
    this.ensureScratch();
    // Unknown features still count in the norm: an utterance of mostly unseen words is far from all.
    const known: number[] = [];
    const knownVals: number[] = [];
    let norm = 0;
    for (const [key, count] of counts) {
      const id = this.vocab.get(key);
      const df = id === undefined ? 0 : this.df[id]!;
      const v = (1 + Math.log(count)) * this.idf(df);
      norm += v * v;
      if (id !== undefined && df > 0) {
        known.push(id);
        knownVals.push(v);
      }
    }
    norm = Math.sqrt(norm) || 1;
    const ids = Int32Array.from(known);
    const vals = Float32Array.from(knownVals, (v) => v / norm);
    const scores = this.scores;
    this.computeScores(ids, vals, scores);

    // Softmax over live classes, for the probability part of the confidence.
    const k = this.topicOf.length;
    let max = -Infinity;
    for (let c = 0; c < k; c++) if (this.examples[c] && scores[c]! > max) max = scores[c]!;
    // A "none of them" class scoring 0 joins the softmax and the margins: with one or two topics
    // the softmax alone is sure of anything, and a candidate should at least beat nothing.
    max = Math.max(max, 0);
    const t = this.params.temperature;
    let z = Math.exp(-max / t);
    for (let c = 0; c < k; c++) if (this.examples[c]) z += Math.exp((scores[c]! - max) / t);

    const want = Math.max(limit, 1);
    const top: number[] = [];
    for (let c = 0; c < k; c++) {
      if (!this.examples[c]) continue;
      if (top.length < want) {
        top.push(c);
        top.sort((a, b) => scores[b]! - scores[a]!);
      } else if (scores[c]! > scores[top[want - 1]!]!) {
        top[want - 1] = c;
        top.sort((a, b) => scores[b]! - scores[a]!);
      }
    }

    // Keyword containment: contiguous units equal to a keyword's units.
    const keywordHits = new Map<number, number>();
    for (let i = 0; i < units.length; i++) {
      const maxLen = this.keywordFirst.get(units[i]!);
      if (!maxLen) continue;
      let key = units[i]!;
      for (let len = 1; len <= maxLen && i + len <= units.length; len++) {
        if (len > 1) key += KW_SEP + units[i + len - 1]!;
        const set = this.keywords.get(key);
        if (!set) continue;
        for (const cls of set) keywordHits.set(cls, Math.max(keywordHits.get(cls) ?? 0, len / units.length));
      }
    }

    // Keyword hits first: they are evidence in their own right, then the model's ranking.
    const candidates = new Set<number>([...keywordHits.keys()].sort((a, b) => scores[b]! - scores[a]!));
    for (const cls of top) candidates.add(cls);
    const feats: CandidateFeatures[] = [];
    let rank = 0;
    for (const cls of candidates) {
      // The nearest example is the evidence that carries across model sizes: with three topics the
      // softmax is confident about almost anything, the cosine is not.
      feats.push({
        topicId: this.topicOf[cls]!,
        linear: scores[cls]!,
        p: Math.exp((scores[cls]! - max) / t) / z,
        linearMargin: 0,
        nearest: rank < NEAREST_FOR ? this.nearest(cls, ids, vals) : 0,
        nearestMargin: 0,
        keyword: keywordHits.get(cls) ?? 0,
        ref: this.reference(),
      });
      rank++;
    }
    for (const f of feats) {
      let otherLinear = 0;
      let otherNearest = 0;
      for (const g of feats) {
        if (g === f) continue;
        otherLinear = Math.max(otherLinear, g.linear);
        otherNearest = Math.max(otherNearest, g.nearest);
      }
      f.linearMargin = f.linear - otherLinear;
      f.nearestMargin = f.nearest - otherNearest;
    }
    explain?.push(...feats);
    const out: Scored[] = [];
    for (const f of feats) {
      let score = this.confidence(f);
      if (f.keyword > 0)
        score = Math.max(score, this.params.keywordBase + (1 - this.params.keywordBase) * f.keyword);
      if (score > 0) out.push({ topicId: f.topicId, score });
    }
    out.sort((a, b) => b.score - a.score || a.topicId - b.topicId);
    return out.slice(0, want);
  }
}
