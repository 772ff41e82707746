/**
 * One language group's model: TF-IDF (sublinear tf, L2-normalized) over word uni/bigrams, char
 * n-grams and CJK char uni/bigrams; a multiclass linear model trained with averaged
 * passive-aggressive updates (model-linear.ts), and the cosine to each topic's nearest example
 * (model-nearest.ts); the two combine into a calibrated confidence. Parameters and shared types are
 * in model-params.ts, re-exported here.
 */
import { LinearWeights } from './model-linear.js';
import { NearestExamples } from './model-nearest.js';
import {
  DEFAULT_PARAMS,
  EXAMPLES_PER_STEP,
  type CandidateFeatures,
  type Example,
  type ModelParams,
  type Scored,
  type TrainingExample,
} from './model-params.js';
import type { Steps } from './steps.js';
import { analyze } from './text.js';

export {
  DEFAULT_PARAMS,
  rng,
  type CandidateFeatures,
  type ModelParams,
  type Scored,
  type TrainingExample,
} from './model-params.js';

const KW_SEP = '\u0001';
/**
 * The nearest-example cosine (the costly part) is computed for the first three candidates; later
 * runners-up get the probability part only, which keeps them ranked below the first three.
 */
const NEAREST_FOR = 3;

export class GroupModel {
  private readonly vocab = new Map<string, number>();
  private df: number[] = [];
  private nDocs = 0;
  private readonly classOf = new Map<number, number>();
  private readonly topicOf: number[] = [];
  private readonly freeClasses: number[] = [];
  private readonly examples: Example[][] = [];
  private readonly keywords = new Map<string, Set<number>>();
  private readonly keywordFirst = new Map<string, number>();
  /** class → its keyword keys, to remove them on update. */
  private keywordKeys: string[][] = [];
  private readonly linear: LinearWeights;
  private readonly nearest: NearestExamples;
  private updates = 0;
  /** See `reference()`; recomputed after an update. */
  private ref: number | undefined;

  /** Empty; built through `GroupModel.steps`. */
  private constructor(private readonly params: ModelParams) {
    this.linear = new LinearWeights(params, this.examples, this.topicOf);
    this.nearest = new NearestExamples(this.examples);
  }

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
    yield* model.linear.limitFeatures(model.classCount, model.vocab.size);
    yield* model.linear.train(all, params.epochs);
    model.reference();
    return model;
  }

  /** The device's reference similarity (NearestExamples.reference), cached until an update. */
  private reference(): number {
    if (this.ref !== undefined) return this.ref;
    this.ref = this.nearest.reference();
    return this.ref;
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
    this.nearest.invalidate(cls);
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
      this.nearest.invalidate(cls);
      this.linear.warmStart(
        cls,
        this.params.updateEpochs,
        this.vocab.size,
        this.params.seed + this.updates,
        this.allExamples(),
      );
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
    this.linear.removeClass(cls);
    this.classOf.delete(topicId);
    delete this.examples[cls];
    this.nearest.invalidate(cls);
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
    const scores = this.linear.scoreAll(ids, vals);

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
        nearest: rank < NEAREST_FOR ? this.nearest.nearest(cls, ids, vals) : 0,
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
