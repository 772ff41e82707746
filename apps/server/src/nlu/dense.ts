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
  /** Each example's label as an index into `labelIds` (a topic's scores kept in arrays, not a map). */
  private readonly slot: Int32Array;
  private readonly labelIds: number[];

  private constructor(
    readonly dim: number,
    private readonly labels: Int32Array,
    private readonly groups: Int32Array,
    private readonly groupCount: number,
    private readonly data: Float32Array,
  ) {
    const slots = new Map<number, number>();
    this.slot = new Int32Array(labels.length);
    for (let r = 0; r < labels.length; r++) {
      let s = slots.get(labels[r]!);
      if (s === undefined) slots.set(labels[r]!, (s = slots.size));
      this.slot[r] = s;
    }
    this.labelIds = [...slots.keys()];
  }

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
    const { dim, data, labels, groups, slot, labelIds } = this;
    const cos = new Float32Array(labels.length);
    const sum = new Float64Array(this.groupCount);
    const count = new Int32Array(this.groupCount);
    // Four sums at a time: the dot products are most of an ask's work (10,000 phrases: 8.5 → 3 ms).
    const tail = dim - (dim % 4);
    for (let r = 0; r < labels.length; r++) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      const o = r * dim;
      let i = 0;
      for (; i < tail; i += 4) {
        s0 += q[i]! * data[o + i]!;
        s1 += q[i + 1]! * data[o + i + 1]!;
        s2 += q[i + 2]! * data[o + i + 2]!;
        s3 += q[i + 3]! * data[o + i + 3]!;
      }
      for (; i < dim; i++) s0 += q[i]! * data[o + i]!;
      const s = s0 + s1 + s2 + s3;
      cos[r] = s;
      sum[groups[r]!]! += s;
      count[groups[r]!]!++;
    }
    const best = new Float64Array(labelIds.length).fill(-Infinity);
    const centred = new Float64Array(labelIds.length).fill(-Infinity);
    for (let r = 0; r < labels.length; r++) {
      const s = cos[r]!;
      const c = s - sum[groups[r]!]! / count[groups[r]!]!;
      const k = slot[r]!;
      if (s > best[k]!) best[k] = s;
      if (c > centred[k]!) centred[k] = c;
    }
    for (let k = 0; k < labelIds.length; k++)
      out.set(labelIds[k]!, { best: best[k]!, centered: centred[k]! });
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
