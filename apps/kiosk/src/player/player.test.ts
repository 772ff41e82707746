import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Point } from '@ambassador/contracts';
import { createAnimator, valueAt, type MotionFile } from './motion';
import { mouthAt, mouthTrack } from './lipsync';
import { buildRig, deform, movedPoint, REST } from './rig';

/** 68 landmarks of a frontal face in a 800 × 1000 texture (eyes at y 380, lips meet at y 520). */
function face(): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < 17; i++) {
    const a = Math.PI * (i / 16);
    pts.push([400 - 150 * Math.cos(a), 380 + 200 * Math.sin(a) * (i > 3 && i < 13 ? 1 : 0.8)]);
  }
  for (let i = 0; i < 10; i++) pts.push([290 + i * 24, 330]);
  for (let i = 0; i < 9; i++) pts.push([400 + (i > 3 ? (i - 6) * 12 : 0), 390 + Math.min(i, 4) * 22]);
  const eye = (cx: number) =>
    [
      [cx - 30, 380],
      [cx - 12, 372],
      [cx + 12, 372],
      [cx + 30, 380],
      [cx + 12, 388],
      [cx - 12, 388],
    ] as Point[];
  pts.push(...eye(340), ...eye(460));
  const outer: Point[] = [
    [350, 520],
    [365, 508],
    [385, 503],
    [400, 506],
    [415, 503],
    [435, 508],
    [450, 520],
    [435, 535],
    [415, 542],
    [400, 543],
    [385, 542],
    [365, 535],
  ];
  const inner: Point[] = [
    [360, 520],
    [385, 518],
    [400, 519],
    [415, 518],
    [440, 520],
    [415, 522],
    [400, 522],
    [385, 522],
  ];
  pts.push(...outer, ...inner);
  return pts;
}

const motions = new Map<string, MotionFile>(
  ['nod', 'shake', 'tilt', 'bow', 'lean_in', 'breathe', 'look_around', 'sway'].map((id) => [
    id,
    JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, `../../public/avatar-player/motions/${id}.json`),
        'utf8',
      ),
    ) as MotionFile,
  ]),
);

describe('the rig', () => {
  const rig = buildRig(800, 1000, face());
  const moved = new Float32Array(rig.base.length);

  it('leaves the photo as it is at rest, and never moves the picture’s edges', () => {
    deform(rig, REST, moved);
    for (let i = 0; i < moved.length; i++) expect(moved[i]).toBeCloseTo(rig.base[i]!, 4);
    deform(rig, { ...REST, yaw: 1, pitch: 1, roll: 1, bow: 1, lean: 1, sway: 1, mouth: 1 }, moved);
    for (let v = 0; v < moved.length / 2; v++) {
      const [x, y] = [rig.base[v * 2]!, rig.base[v * 2 + 1]!];
      if (x === 0 || x === 800 || y === 0 || y === 1000) {
        expect(moved[v * 2]).toBeCloseTo(x, 3);
        expect(moved[v * 2 + 1]).toBeCloseTo(y, 3);
      }
    }
  });

  it('opens the mouth along the line where the lips meet: the lower lip drops, the upper rises a little', () => {
    const open = { ...REST, mouth: 1 };
    const upper = movedPoint(rig, open, 400, 518);
    const lower = movedPoint(rig, open, 400, 523);
    expect(lower[1] - 523).toBeGreaterThan(15);
    expect(upper[1] - 518).toBeLessThan(0);
    // The eyes and the forehead stay where they are.
    expect(movedPoint(rig, open, 340, 380)[1]).toBeCloseTo(380, 1);
    // The corners open less than the middle.
    expect(movedPoint(rig, open, 440, 523)[1] - 523).toBeLessThan(lower[1] - 523);
  });

  it('turns, nods and tilts the head while the shoulders stay', () => {
    const nose = (p: typeof REST) => movedPoint(rig, p, 400, 450);
    const shoulder = (p: typeof REST) => movedPoint(rig, p, 150, 900);
    expect(nose({ ...REST, yaw: 1 })[0]).toBeGreaterThan(405);
    expect(nose({ ...REST, pitch: 1 })[1]).toBeGreaterThan(455);
    expect(nose({ ...REST, roll: 1 })[0]).toBeGreaterThan(405);
    for (const p of [
      { ...REST, yaw: 1 },
      { ...REST, pitch: 1 },
      { ...REST, roll: 1 },
    ]) {
      expect(shoulder(p)[0]).toBeCloseTo(150, 0);
    }
  });
});

describe('motions', () => {
  it('are five gestures and three idles, each starting and (gestures) ending at rest', () => {
    const kinds = [...motions.values()].map((m) => [m.id, m.kind]);
    expect(kinds.filter(([, k]) => k === 'gesture').map(([id]) => id)).toEqual([
      'nod',
      'shake',
      'tilt',
      'bow',
      'lean_in',
    ]);
    expect(kinds.filter(([, k]) => k === 'idle').map(([id]) => id)).toEqual([
      'breathe',
      'look_around',
      'sway',
    ]);
    for (const m of motions.values()) {
      for (const keys of Object.values(m.tracks)) {
        expect(valueAt(keys!, 0)).toBe(0);
        // Idles loop: they end where they start.
        expect(valueAt(keys!, m.duration)).toBe(0);
      }
    }
  });

  it('blend without a jump when a gesture cuts another short, and report what plays', () => {
    const animator = createAnimator(motions, ['breathe', 'look_around', 'sway']);
    const still = { open: 0, wide: 0 };
    animator.play('nod', 10);
    expect(animator.current(10.2)).toBe('nod');
    let previous = { ...animator.params(10, still) };
    let atCut = 0;
    for (let frame = 1; frame < 240; frame++) {
      const t = 10 + frame / 60;
      // Half a second in, the nod is at its deepest: a shake takes over.
      const cut = frame === 30;
      if (cut) animator.play('shake', t);
      const p = animator.params(t, still);
      if (cut || frame === 31) {
        for (const k of ['yaw', 'pitch', 'roll'] as const)
          atCut = Math.max(atCut, Math.abs(p[k] - previous[k]));
      }
      previous = { ...p };
    }
    // Where the shake takes over, the head moves no more in a frame than the shake itself does at
    // its fastest (0.13); dropping the nod at once would jump by its whole depth (0.85).
    expect(atCut).toBeLessThan(0.1);
    expect(animator.current(13.9)).toBeNull();
  });
});

describe('lip sync', () => {
  it('closes the mouth in silence and opens it with the voice, at the right time', () => {
    const rate = 16_000;
    const samples = new Float32Array(rate); // 1 s: silence, a vowel from 0.4 to 0.7 s, silence
    for (let i = Math.round(0.4 * rate); i < 0.7 * rate; i++)
      samples[i] = 0.5 * Math.sin((2 * Math.PI * 220 * i) / rate);
    const track = mouthTrack(samples, rate);
    expect(mouthAt(track, 0.2).open).toBe(0);
    expect(mouthAt(track, 0.55).open).toBeGreaterThan(0.8);
    expect(mouthAt(track, 0.85).open).toBe(0);
    // It opens within one frame (1/60 s) of the sound starting.
    const first = [...track.open].findIndex((v) => v > 0.3) * track.hop;
    expect(Math.abs(first - 0.4)).toBeLessThan(1 / 60);
    expect(mouthAt(track, -1).open).toBe(0);
    expect(mouthAt(track, 5).open).toBe(0);
  });

  it('spreads the lips and closes the jaw for a hiss', () => {
    const rate = 16_000;
    const hiss = new Float32Array(rate / 2).map((_, i) => (i % 2 === 0 ? 0.3 : -0.3));
    const vowel = new Float32Array(rate / 2).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 200 * i) / rate));
    const h = mouthTrack(hiss, rate);
    const v = mouthTrack(vowel, rate);
    expect(mouthAt(h, 0.25).wide).toBeGreaterThan(mouthAt(v, 0.25).wide);
    expect(mouthAt(h, 0.25).open).toBeLessThan(mouthAt(v, 0.25).open);
  });
});
