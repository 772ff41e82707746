import { describe, expect, it } from 'vitest';
import { clusterByMeaning, groupTexts, medoid } from './cluster.js';

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

describe('clusterByMeaning', () => {
  it('puts close vectors together and leaves a far one alone, largest group first', () => {
    const v = [unit(1, 0, 0), unit(0, 0, 1), unit(0.95, 0.05, 0), unit(0.9, 0.1, 0)];
    expect(clusterByMeaning(v, 0.8)).toEqual([[0, 2, 3], [1]]);
  });

  it('does not chain two needs through one question between them (average linkage)', () => {
    // a ~ m and m ~ b are close, a and b are not: single linkage would make one group of three.
    const a = unit(1, 0);
    const b = unit(0, 1);
    const m = unit(1, 1);
    const groups = clusterByMeaning([a, m, b], 0.6);
    expect(groups).toHaveLength(2);
    expect(groups.flat().sort()).toEqual([0, 1, 2]);
  });

  it('answers nothing for nothing, and each vector alone above any similarity', () => {
    expect(clusterByMeaning([], 0.5)).toEqual([]);
    expect(clusterByMeaning([unit(1, 0), unit(1, 0.01)], 1.01)).toEqual([[0], [1]]);
  });
});

describe('groupTexts', () => {
  it('leaves a text without a vector in a group of its own, and names a typical member', () => {
    const vectors = new Map([
      ['where to park', unit(1, 0.1, 0)],
      ['car park?', unit(1, 0, 0)],
      ['parking please', unit(1, 0.05, 0)],
    ]);
    const texts = ['car park?', 'not embedded', 'where to park', 'parking please'];
    const groups = groupTexts(texts, vectors, null, 0.9);
    expect(groups).toEqual([
      { members: [0, 2, 3], typical: 3 },
      { members: [1], typical: 1 },
    ]);
    expect(medoid([unit(1, 0), unit(1, 1), unit(0, 1)], [0, 1, 2])).toBe(1);
  });
});
