/**
 * Nearest taught phrase by cosine: every example's unit vector in one flat matrix, scored against a
 * question's vector in one pass (a few thousand 384-wide vectors take about a millisecond). Each
 * topic's score is its best example's cosine, and that cosine less the question's mean cosine to the
 * examples of the same language group: a multilingual encoder puts any two sentences of one
 * language closer than a sentence and its translation, so without this a Cantonese question lands
 * on whichever topic has Chinese phrases rather than the English-taught one that means it
 * (bench/semantic.ts: English-taught topics asked in Chinese 1% → 44% right first).
 */
export interface DenseScore {
  best: number;
  centered: number;
}

export class DenseIndex {
  private constructor(
    readonly dim: number,
    private readonly labels: Int32Array,
    private readonly groups: Int32Array,
    private readonly groupCount: number,
    private readonly data: Float32Array,
  ) {}

  get size() {
    return this.labels.length;
  }

  /** `group`: the example's language group (any string; examples of one language share one). */
  static build(
    items: ReadonlyArray<{ label: number; group: string; vector: Float32Array }>,
  ): DenseIndex | null {
    const dim = items[0]?.vector.length ?? 0;
    const usable = items.filter((i) => i.vector.length === dim);
    if (dim === 0 || usable.length === 0) return null;
    const labels = new Int32Array(usable.length);
    const groups = new Int32Array(usable.length);
    const groupIds = new Map<string, number>();
    const data = new Float32Array(usable.length * dim);
    usable.forEach((item, i) => {
      labels[i] = item.label;
      let g = groupIds.get(item.group);
      if (g === undefined) groupIds.set(item.group, (g = groupIds.size));
      groups[i] = g;
      data.set(item.vector, i * dim);
    });
    return new DenseIndex(dim, labels, groups, groupIds.size, data);
  }

  /** label → its examples' best cosine to `q`, raw and centred on the question's mean cosine to that example's language group. */
  best(q: Float32Array): Map<number, DenseScore> {
    const out = new Map<number, DenseScore>();
    if (q.length !== this.dim) return out;
    const { dim, data, labels, groups } = this;
    const cos = new Float32Array(labels.length);
    const sum = new Float64Array(this.groupCount);
    const count = new Int32Array(this.groupCount);
    for (let r = 0; r < labels.length; r++) {
      let s = 0;
      const o = r * dim;
      for (let i = 0; i < dim; i++) s += q[i]! * data[o + i]!;
      cos[r] = s;
      sum[groups[r]!]! += s;
      count[groups[r]!]!++;
    }
    for (let r = 0; r < labels.length; r++) {
      const s = cos[r]!;
      const centered = s - sum[groups[r]!]! / count[groups[r]!]!;
      const label = labels[r]!;
      const prev = out.get(label);
      if (!prev) out.set(label, { best: s, centered });
      else {
        if (s > prev.best) prev.best = s;
        if (centered > prev.centered) prev.centered = centered;
      }
    }
    return out;
  }
}

/** The `k` best labels of a `best()` map by centred cosine, best first. */
export function topLabels(
  scores: Map<number, DenseScore>,
  k: number,
): Array<{ label: number; score: number }> {
  const all = [...scores].map(([label, s]) => ({ label, score: s.centered }));
  all.sort((a, b) => b.score - a.score || a.label - b.label);
  return all.slice(0, k);
}
