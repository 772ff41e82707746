/**
 * A per-device linear classifier over sentence embeddings: linear discriminant analysis with a
 * shrunk shared covariance (one weight vector per topic, plus one for "none of these" at the mean of
 * the background sentences, nlu/background.ts), softmax over the scores. Against the nearest taught
 * phrase by cosine it learns which directions of the embedding tell this device's topics apart and
 * which only vary between phrasings of one topic, and the "none" class gives an out-of-scope
 * question somewhere to go. Closed form (a covariance, one Cholesky factorisation, one solve per
 * topic): a tenth of a second for a 64-topic kiosk, seconds at 10,000 phrases, where a logistic regression
 * over the same vectors measured 1–2 points better but took 5 s for 64 topics (bench/semantic.ts,
 * docs/performance.md).
 *
 * Every vector is first centred on its language's mean (that of the background sentences in the
 * same language) and renormalised, so a Cantonese question and an English phrase meet on meaning
 * rather than on language.
 */
import type { BackgroundVectors } from './background.js';
import { normalize } from './embedder/types.js';

export const NONE = -1;

export interface LdaOptions {
  /** Weight of the identity in the shrunk covariance, 0..1 (default 0.7). */
  shrinkage?: number;
  /** Softmax temperature over the discriminant scores (default 10). */
  temperature?: number;
}

export class LdaClassifier {
  private constructor(
    readonly dim: number,
    /** Class index → label (NONE: the background class). */
    readonly labels: Int32Array,
    private readonly W: Float64Array,
    private readonly b: Float64Array,
    private readonly temperature: number,
  ) {}

  /**
   * `items`: the device's centred vectors by topic; `background`: centred background vectors (the
   * "none" class). Null without at least two topics.
   */
  static train(
    items: ReadonlyArray<{ label: number; vector: Float32Array }>,
    background: readonly Float32Array[],
    opts: LdaOptions = {},
  ): LdaClassifier | null {
    const steps = LdaClassifier.steps(items, background, opts);
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  }

  /**
   * The same training as resumable steps (a yield every 64 phrases and every 16 topics), for the
   * matcher's sliced build: a large device's classifier never holds the event loop for long.
   */
  static *steps(
    items: ReadonlyArray<{ label: number; vector: Float32Array }>,
    background: readonly Float32Array[],
    opts: LdaOptions = {},
  ): Generator<void, LdaClassifier | null, void> {
    const dim = items[0]?.vector.length ?? 0;
    const usable = items.filter((i) => i.vector.length === dim);
    const bg = background.filter((v) => v.length === dim);
    const byLabel = new Map<number, Float32Array[]>();
    for (const item of usable) {
      const list = byLabel.get(item.label);
      if (list) list.push(item.vector);
      else byLabel.set(item.label, [item.vector]);
    }
    if (dim === 0 || byLabel.size < 2) return null;
    const classes: Array<{ label: number; mean: Float64Array }> = [];
    const S = new Float64Array(dim * dim);
    const r = new Float64Array(dim);
    let n = 0;
    for (const [label, vectors] of byLabel) {
      const mean = meanOf(vectors);
      classes.push({ label, mean });
      for (const v of vectors) {
        for (let i = 0; i < dim; i++) r[i] = v[i]! - mean[i]!;
        addOuter(S, r, dim);
        if (++n % 64 === 0) yield;
      }
    }
    if (bg.length) classes.push({ label: NONE, mean: meanOf(bg) });
    // Shrink towards a multiple of the identity: few phrases per topic cannot estimate 384×384.
    const alpha = opts.shrinkage ?? 0.7;
    let trace = 0;
    for (let i = 0; i < dim; i++) trace += S[i * dim + i]! / n;
    for (let j = 0; j < S.length; j++) S[j] = ((1 - alpha) * S[j]!) / n;
    for (let i = 0; i < dim; i++) S[i * dim + i]! += (alpha * trace) / dim || 1e-6;
    yield;
    const L = cholesky(S, dim);
    const K = classes.length;
    const W = new Float64Array(K * dim);
    const b = new Float64Array(K);
    for (let k = 0; k < K; k++) {
      if (k % 16 === 15) yield;
      const c = classes[k]!;
      const w = solve(L, c.mean, dim);
      W.set(w, k * dim);
      let s = 0;
      for (let i = 0; i < dim; i++) s += w[i]! * c.mean[i]!;
      b[k] = -0.5 * s;
    }
    return new LdaClassifier(
      dim,
      Int32Array.from(classes, (c) => c.label),
      W,
      b,
      opts.temperature ?? 10,
    );
  }

  /** label → probability, NONE included (empty for a vector of another width). */
  predict(q: Float32Array): Map<number, number> {
    const out = new Map<number, number>();
    if (q.length !== this.dim) return out;
    const { dim, W, b, labels, temperature } = this;
    const K = labels.length;
    const z = new Float64Array(K);
    let max = -Infinity;
    for (let k = 0; k < K; k++) {
      let s = b[k]!;
      const o = k * dim;
      for (let i = 0; i < dim; i++) s += W[o + i]! * q[i]!;
      z[k] = s / temperature;
      if (z[k]! > max) max = z[k]!;
    }
    let sum = 0;
    for (let k = 0; k < K; k++) sum += z[k] = Math.exp(z[k]! - max);
    for (let k = 0; k < K; k++) out.set(labels[k]!, z[k]! / sum);
    return out;
  }
}

function meanOf(vectors: readonly Float32Array[]): Float64Array {
  const dim = vectors[0]!.length;
  const m = new Float64Array(dim);
  for (const v of vectors) for (let i = 0; i < dim; i++) m[i]! += v[i]!;
  for (let i = 0; i < dim; i++) m[i]! /= vectors.length;
  return m;
}

/** S += r rᵀ (upper and lower). */
function addOuter(S: Float64Array, r: Float64Array, dim: number) {
  for (let i = 0; i < dim; i++) {
    const ri = r[i]!;
    if (ri === 0) continue;
    const o = i * dim;
    for (let j = 0; j < dim; j++) S[o + j]! += ri * r[j]!;
  }
}

/** Lower-triangular L with L Lᵀ = S (S symmetric positive definite). */
function cholesky(S: Float64Array, dim: number): Float64Array {
  const L = new Float64Array(dim * dim);
  for (let i = 0; i < dim; i++) {
    for (let j = 0; j <= i; j++) {
      let s = S[i * dim + j]!;
      for (let k = 0; k < j; k++) s -= L[i * dim + k]! * L[j * dim + k]!;
      L[i * dim + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / L[j * dim + j]!;
    }
  }
  return L;
}

/** x with L Lᵀ x = m. */
function solve(L: Float64Array, m: Float64Array, dim: number): Float64Array {
  const y = new Float64Array(dim);
  for (let i = 0; i < dim; i++) {
    let s = m[i]!;
    for (let k = 0; k < i; k++) s -= L[i * dim + k]! * y[k]!;
    y[i] = s / L[i * dim + i]!;
  }
  const x = new Float64Array(dim);
  for (let i = dim - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < dim; k++) s -= L[k * dim + i]! * x[k]!;
    x[i] = s / L[i * dim + i]!;
  }
  return x;
}

/** `v` less `mean`, renormalised (a copy; `v` itself without a mean of its width). */
export function centre(v: Float32Array, mean: Float32Array | undefined): Float32Array {
  if (!mean || mean.length !== v.length) return v;
  return normalize(v.map((x, i) => x - mean[i]!));
}

/** Mostly Chinese characters: centred on the Chinese mean; else on the English one (by script). */
const CJK = /[\u3400-\u9fff]/gu;
export function languageOf(text: string): 'zh' | 'en' {
  const cjk = text.match(CJK)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 1;
  return cjk / letters > 0.3 ? 'zh' : 'en';
}

/** Each background language's mean vector: what centring a vector of that language takes away. */
export function languageMeans(background: BackgroundVectors | null | undefined): {
  en?: Float32Array;
  zh?: Float32Array;
} {
  return { en: meanVector(background?.en ?? []), zh: meanVector(background?.zh ?? []) };
}

export function meanVector(vectors: readonly Float32Array[]): Float32Array | undefined {
  return vectors.length ? Float32Array.from(meanOf(vectors)) : undefined;
}
