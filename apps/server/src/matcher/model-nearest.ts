/**
 * The nearest-example evidence of the group model (model.ts): per topic, an inverted index of its
 * examples, the cosine of an utterance to the topic's nearest example, and the device's reference
 * similarity that confidence is measured against.
 */
import type { Example } from './model-params.js';

interface ExampleIndex {
  feats: Int32Array;
  offs: Int32Array;
  ex: Int32Array;
  vals: Float32Array;
  size: number;
}

/** Examples sampled for the device's reference similarity, and its value without any to sample. */
const REFERENCE_SAMPLE = 400;
const DEFAULT_REFERENCE = 0.35;
const MIN_REFERENCE = 0.15;
const MAX_REFERENCE = 0.8;

export class NearestExamples {
  /** class → inverted index of its examples, built on first use; dropped when the class changes. */
  private exampleIndex: (ExampleIndex | undefined)[] = [];
  private nearestScratch = new Float64Array(64);

  /** `examples` is the model's own class → examples array (read, never changed here). */
  constructor(private readonly examples: readonly Example[][]) {}

  /** Drops the class's index after its examples changed. */
  invalidate(cls: number) {
    this.exampleIndex[cls] = undefined;
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
  reference(): number {
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
    return sims.length === 0
      ? DEFAULT_REFERENCE
      : Math.min(MAX_REFERENCE, Math.max(MIN_REFERENCE, sims[sims.length >> 1]!));
  }

  /** Cosine of the query to the topic's nearest example (both L2-normalized), example `skip` aside. */
  nearest(cls: number, ids: Int32Array, vals: Float32Array, skip = -1) {
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
}
