/**
 * Lip sync from the speech audio itself: the server speaks with espeak-ng, whose command line
 * gives no phoneme timings without MBROLA voices, and a kiosk may speak any of eight languages.
 * So the mouth follows the sound: every 10 ms, the loudness (RMS over 25 ms) opens the jaw, and
 * hissing sounds (many zero crossings: s, sh, f, 是, し) spread the lips and close the jaw a
 * little. The track is made once per clip, before it plays, and read at the audio clock's time.
 */
export interface MouthTrack {
  /** Seconds between values. */
  hop: number;
  open: Float32Array;
  wide: Float32Array;
  duration: number;
}

export const HOP_S = 0.01;
const WINDOW_S = 0.025;

export function mouthTrack(samples: Float32Array, rate: number): MouthTrack {
  const hop = Math.max(1, Math.round(rate * HOP_S));
  const win = Math.max(hop, Math.round(rate * WINDOW_S));
  const frames = Math.max(1, Math.ceil(samples.length / hop));
  const rms = new Float32Array(frames);
  const zcr = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const from = Math.max(0, f * hop + Math.round(hop / 2) - Math.round(win / 2));
    const to = Math.min(samples.length, from + win);
    let sum = 0;
    let crossings = 0;
    for (let i = from; i < to; i++) {
      const s = samples[i]!;
      sum += s * s;
      if (i > from && s >= 0 !== samples[i - 1]! >= 0) crossings++;
    }
    const n = Math.max(1, to - from);
    rms[f] = Math.sqrt(sum / n);
    zcr[f] = crossings / n;
  }
  // Loudness relative to the clip's own loud parts (the 90th percentile of the voiced frames).
  const voiced = [...rms].filter((v) => v > 1e-4).sort((a, b) => a - b);
  const ref = voiced.length ? voiced[Math.floor(voiced.length * 0.9)]! : 1;
  const open = new Float32Array(frames);
  const wide = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const level = rms[f]! / ref;
    const gate = level < 0.08 ? 0 : Math.min(1, (level - 0.08) / 0.92);
    const hiss = Math.max(0, Math.min(1, (zcr[f]! - 0.18) / 0.2));
    open[f] = Math.pow(gate, 0.75) * (1 - 0.55 * hiss);
    wide[f] = hiss * 0.7 - open[f]! * 0.25;
  }
  // Centred smoothing (no lag): the track is known ahead, so the mouth needs no causal filter.
  const smoothed = (a: Float32Array) =>
    a.map((v, i) => 0.25 * (a[i - 1] ?? v) + 0.5 * v + 0.25 * (a[i + 1] ?? v));
  return { hop: HOP_S, open: smoothed(open), wide: smoothed(wide), duration: samples.length / rate };
}

/** The mouth at `t` seconds into the clip (closed before and after it). */
export function mouthAt(track: MouthTrack, t: number) {
  if (t < 0 || t >= track.duration) return { open: 0, wide: 0 };
  const x = t / track.hop;
  const i = Math.floor(x);
  const u = x - i;
  const at = (a: Float32Array, k: number) => a[Math.min(a.length - 1, k)] ?? 0;
  return {
    open: at(track.open, i) * (1 - u) + at(track.open, i + 1) * u,
    wide: at(track.wide, i) * (1 - u) + at(track.wide, i + 1) * u,
  };
}
