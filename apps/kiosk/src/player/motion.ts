import { REST, type RigParams } from './rig';

/** A motion file (`/avatar-player/motions/<id>.json`): keyframes per rig parameter. */
export interface MotionFile {
  id: string;
  kind: 'gesture' | 'idle';
  /** Seconds; an idle loops over it. */
  duration: number;
  tracks: Partial<Record<keyof RigParams, Array<[number, number]>>>;
}

/** A track's value at `t` seconds, eased between keyframes (no corner at a keyframe). */
export function valueAt(keys: Array<[number, number]>, t: number) {
  if (keys.length === 0) return 0;
  if (t <= keys[0]![0]) return keys[0]![1];
  for (let i = 1; i < keys.length; i++) {
    const [t1, v1] = keys[i]!;
    if (t <= t1) {
      const [t0, v0] = keys[i - 1]!;
      const u = (t - t0) / (t1 - t0 || 1);
      const e = (1 - Math.cos(Math.PI * u)) / 2;
      return v0 + (v1 - v0) * e;
    }
  }
  return keys[keys.length - 1]![1];
}

/** Seconds over which a gesture cut short by another fades out (so the change never jumps). */
export const CROSSFADE_S = 0.35;

interface Playing {
  motion: MotionFile;
  start: number;
  /** When another gesture took over: it fades out from then. */
  until: number | null;
}

/**
 * Mixes what the avatar does: the idle motions, always, added together; the gesture playing (and
 * one fading out under it); the mouth from speech; a lean while listening. Gestures start and end
 * at rest, and one cut short fades out, so nothing ever jumps.
 */
export function createAnimator(motions: Map<string, MotionFile>, idles: string[]) {
  let playing: Playing[] = [];
  let listening = 0;
  let listenTarget = 0;
  let last: number | null = null;

  return {
    /** Starts a gesture now (seconds); one playing fades out under it. */
    play(id: string, now: number) {
      const motion = motions.get(id);
      if (!motion) return false;
      playing = playing.filter((p) => p.until === null || now - p.until < CROSSFADE_S);
      for (const p of playing) p.until ??= now;
      playing.push({ motion, start: now, until: null });
      return true;
    },
    stop(now: number) {
      for (const p of playing) p.until ??= now;
    },
    listen(on: boolean) {
      listenTarget = on ? 1 : 0;
    },
    /** The gesture playing now, or null while idling. */
    current(now: number) {
      const p = playing.find((x) => x.until === null && now - x.start < x.motion.duration);
      return p ? p.motion.id : null;
    },
    /** The parameters at `now` (seconds), with the mouth given by speech. */
    params(now: number, mouth: { open: number; wide: number }, out: RigParams = { ...REST }) {
      Object.assign(out, REST);
      const dt = last === null ? 0 : Math.min(0.1, Math.max(0, now - last));
      last = now;
      listening += (listenTarget - listening) * Math.min(1, dt * 4);
      for (const id of idles) {
        const m = motions.get(id);
        if (!m) continue;
        const t = now % m.duration;
        for (const [k, keys] of Object.entries(m.tracks)) out[k as keyof RigParams] += valueAt(keys!, t);
      }
      playing = playing.filter(
        (p) => now - p.start < p.motion.duration && (p.until === null || now - p.until < CROSSFADE_S),
      );
      for (const p of playing) {
        const fade = p.until === null ? 1 : 1 - (now - p.until) / CROSSFADE_S;
        const weight = fade * fade * (3 - 2 * fade);
        const t = now - p.start;
        for (const [k, keys] of Object.entries(p.motion.tracks))
          out[k as keyof RigParams] += valueAt(keys!, t) * weight;
      }
      out.lean += listening * 0.35;
      out.mouth = Math.max(0, Math.min(1, mouth.open));
      out.wide = mouth.wide;
      // Speaking keeps the eyes open.
      if (mouth.open > 0.05) out.blink *= 0.3;
      out.blink = Math.max(0, Math.min(1, out.blink));
      return out;
    },
  };
}
export type Animator = ReturnType<typeof createAnimator>;
