import { describe, expect, it } from 'vitest';
import { centre, LdaClassifier, meanVector, NONE } from './lda.js';

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / n);
};
/** A point near axis `axis` of 8, with a little of `noise` on the last axis (phrasing). */
const near = (axis: number, noise: number) =>
  unit(Array.from({ length: 8 }, (_, i) => (i === axis ? 1 : 0) + (i === 7 ? noise : 0)));

describe('LdaClassifier', () => {
  const items = [
    ...[-0.3, 0, 0.3].map((n) => ({ label: 10, vector: near(0, n) })),
    ...[-0.3, 0, 0.3].map((n) => ({ label: 20, vector: near(1, n) })),
  ];
  const background = [near(4, 0), near(5, 0.1), near(6, -0.1)];

  it('puts a question on the topic it is closest to, across the phrasing direction', () => {
    const lda = LdaClassifier.train(items, background)!;
    const p = lda.predict(near(1, 0.6));
    expect(p.get(20)!).toBeGreaterThan(p.get(10)!);
    expect(p.get(20)!).toBeGreaterThan(p.get(NONE)!);
    const sum = [...p.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
  });

  it('sends a question like the background to "none of these"', () => {
    const p = LdaClassifier.train(items, background)!.predict(near(5, 0));
    expect(p.get(NONE)!).toBeGreaterThan(Math.max(p.get(10)!, p.get(20)!));
  });

  it('needs two topics, and ignores vectors of another width', () => {
    expect(LdaClassifier.train(items.slice(0, 3), background)).toBeNull();
    const lda = LdaClassifier.train([...items, { label: 30, vector: new Float32Array(4) }], background)!;
    expect([...lda.labels].sort()).toEqual([NONE, 10, 20].sort());
    expect(lda.predict(new Float32Array(4)).size).toBe(0);
  });
});

describe('centre', () => {
  it('takes the mean away and renormalises, leaving the input alone', () => {
    const a = unit([1, 1, 0]);
    const mean = meanVector([unit([1, 0, 0]), unit([1, 0, 0])])!;
    const c = centre(a, mean);
    expect(Math.hypot(...c)).toBeCloseTo(1, 6);
    expect(c[0]!).toBeLessThan(a[0]!);
    expect(a[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(centre(a, undefined)).toBe(a);
  });
});
