/**
 * The linear part of the group model (model.ts): a multiclass linear model trained with averaged
 * passive-aggressive (Crammer-Singer style, one violating class per step) updates. Each step only
 * touches the true and the violating class, so weights stay sparse: feature → [class, weight, ...].
 */
import { EXAMPLES_PER_STEP, rng, shuffle, type Example, type ModelParams } from './model-params.js';
import type { Steps } from './steps.js';

const FEATURES_PER_STEP = 2048;

export class LinearWeights {
  /** feature id → interleaved [class, weight, class, weight, ...] */
  private post: (number[] | undefined)[] = [];
  /** Per-class scratch of the last scoring (see `scoreAll`). */
  private scores = new Float64Array(0);
  private stamp = new Int32Array(0);
  private touched = new Int32Array(0);
  private stampValue = 0;
  /** 1 = feature has no linear weights (see linearMaxTopics); features added later are allowed. */
  private excluded = new Uint8Array(0);
  /** Negative weights are not added to a posting list longer than this. */
  private maxList = 80;

  /**
   * `examples` (class → its examples, a hole for a free class) and `topicOf` (class → topic) are
   * the model's own arrays, read here, never changed.
   */
  constructor(
    private readonly params: ModelParams,
    private readonly examples: readonly Example[][],
    private readonly topicOf: readonly number[],
  ) {}

  *limitFeatures(classCount: number, vocabSize: number): Steps<void> {
    const cap = Math.max(this.params.linearMaxTopics, Math.ceil(0.05 * classCount));
    this.maxList = 2 * cap;
    const topicDf = new Int32Array(vocabSize);
    const last = new Int32Array(vocabSize).fill(-1);
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

  private ensureScratch() {
    if (this.scores.length < this.topicOf.length) {
      const size = this.topicOf.length * 2;
      this.scores = new Float64Array(size);
      this.stamp = new Int32Array(size);
      this.touched = new Int32Array(size);
    }
  }

  /** Scores x against every class slot (free slots included): class → linear score. */
  scoreAll(ids: Int32Array, vals: Float32Array): Float64Array {
    this.ensureScratch();
    const scores = this.scores;
    scores.fill(0);
    for (let i = 0; i < ids.length; i++) {
      const list = this.post[ids[i]!];
      if (!list) continue;
      const v = vals[i]!;
      for (let j = 0; j < list.length; j += 2) scores[list[j]!]! += list[j + 1]! * v;
    }
    return scores;
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
  *train(examples: Example[], epochs: number): Steps<void> {
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
   * every other example (`all` of the model's, those of `cls` aside) is checked against `cls` alone
   * (the only class that moved for it), using a dense copy of w_cls and the cached own-topic score,
   * so the pass is O(examples × features). `seed` seeds the shuffles.
   */
  warmStart(cls: number, epochs: number, vocabSize: number, seed: number, all: Example[]) {
    this.ensureScratch();
    const w = new Float64Array(vocabSize);
    const random = rng(seed);
    const own = [...this.examples[cls]!];
    const others = all.filter((ex) => ex.cls !== cls);
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

  /** Strips the class from every posting list: O(non-zeros), no retraining. */
  removeClass(cls: number) {
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
  }
}
