/**
 * A multilingual sentence encoder behind one interface (docs/decisions.md, "Sentence embeddings").
 * `query` texts are what visitors say and the phrases they are compared with; `passage` texts are
 * document passages (e5-style models embed the two sides differently).
 */
export type EmbedKind = 'query' | 'passage';

export type EmbedderProvider = 'local' | 'http' | 'none';

/** `ready`: answering; `starting`: not yet; `down`: failed, answers are lexical until it is back; `off`: provider none. */
export type EmbedderState = 'ready' | 'starting' | 'down' | 'off';

export interface EmbedderInfo {
  provider: EmbedderProvider;
  /** The model's name as the vectors are stored under it; null with `none`. */
  model: string | null;
  state: EmbedderState;
  /** Why it is down or off, in words for the log and the AI Configuration page. */
  detail: string | null;
  /** Vector width once known. */
  dim: number | null;
}

export interface Embedder {
  info(): EmbedderInfo;
  /**
   * Unit-length vectors, one per text, in order; null when the embedder is off or down (the caller
   * answers lexically). Never throws for an unreachable service.
   */
  embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[] | null>;
  /** Resolves when the embedder is ready or has given up starting (tests, start-up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Cosine of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array, bOffset = 0): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[bOffset + i]!;
  return s;
}

export function normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n);
  if (n > 0 && Math.abs(n - 1) > 1e-4) for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}
