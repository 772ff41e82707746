import type { Point } from '@ambassador/contracts';

/**
 * The avatar's rig: a grid of vertices over the portrait, and for each vertex how much it belongs
 * to the head, the jaw, each eye and the body, computed once from the 68 landmarks. Every frame,
 * `deform` moves the vertices by the motion parameters; the texture follows, so the photo nods,
 * turns, breathes and speaks without a seam. Pure arithmetic: tested without a browser.
 */

/** What a frame asks of the rig; 0 everywhere is the photo as taken. */
export interface RigParams {
  /** Head turn, −1 (its left) … 1 (its right). */
  yaw: number;
  /** Head nod, −1 (up) … 1 (down). */
  pitch: number;
  /** Head tilt, −1 … 1 (about ±12°). */
  roll: number;
  /** Upper body bowing forward, 0 … 1. */
  bow: number;
  /** Leaning in towards the visitor, 0 … 1. */
  lean: number;
  /** Breath, 0 (out) … 1 (in). */
  breath: number;
  /** Whole-figure sway, −1 … 1. */
  sway: number;
  /** Eyes closed, 0 … 1. */
  blink: number;
  /** Gaze, −1 … 1 each way. */
  gazeX: number;
  gazeY: number;
  /** Mouth open, 0 … 1; wide (spread, `s`, `i`) −1 … 1 (rounded, `o`, `u`). */
  mouth: number;
  wide: number;
}

export const REST: RigParams = {
  yaw: 0,
  pitch: 0,
  roll: 0,
  bow: 0,
  lean: 0,
  breath: 0,
  sway: 0,
  blink: 0,
  gazeX: 0,
  gazeY: 0,
  mouth: 0,
  wide: 0,
};

export interface Rig {
  cols: number;
  rows: number;
  width: number;
  height: number;
  /** Rest positions (x, y per vertex), texture coordinates, triangles. */
  base: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
  /** Per-vertex weights. */
  head: Float32Array;
  jaw: Float32Array;
  upperLip: Float32Array;
  eyeL: Float32Array;
  eyeR: Float32Array;
  body: Float32Array;
  /** 0 at the picture's edge, 1 inside: nothing at the edge moves, so no gap ever shows. */
  edge: Float32Array;
  /** Centre-weighted nearness to the nose (turning moves the middle of the face most). */
  near: Float32Array;
  /** Face measures, in texture pixels. */
  face: {
    cx: number;
    cy: number;
    width: number;
    height: number;
    chin: Point;
    mouthY: number;
    eyeL: Point;
    eyeR: Point;
    eyeW: number;
  };
  measures: ReturnType<typeof measure>;
  landmarks: Point[];
}

const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};
const mean = (pts: Point[]): Point => [
  pts.reduce((s, p) => s + p[0], 0) / pts.length,
  pts.reduce((s, p) => s + p[1], 0) / pts.length,
];

type Weights = {
  head: number;
  jaw: number;
  upperLip: number;
  eyeL: number;
  eyeR: number;
  body: number;
  edge: number;
  near: number;
};

/** The face's measures from its landmarks, in texture pixels. */
function measure(width: number, height: number, L: Point[]) {
  const xs = L.slice(0, 17).map((p) => p[0]);
  const faceW = Math.max(...xs) - Math.min(...xs);
  const brow = Math.min(...L.slice(17, 27).map((p) => p[1]));
  const chin = L[8]!;
  const faceH = chin[1] - brow;
  const eyeW = Math.abs(L[39]![0] - L[36]![0]);
  // The lips meet between the inner contours (61–63 above, 65–67 below).
  const mouthY = (L[62]![1] + L[66]![1]) / 2;
  const mouthHalf = Math.abs(L[54]![0] - L[48]![0]) / 2;
  return {
    width,
    height,
    cx: (L[0]![0] + L[16]![0]) / 2,
    cy: (brow + chin[1]) / 2,
    faceW,
    faceH,
    chin,
    eyeL: mean(L.slice(36, 42)),
    eyeR: mean(L.slice(42, 48)),
    eyeW,
    mouthY,
    mouthX: (L[48]![0] + L[54]![0]) / 2,
    mouthHalf,
    nose: L[30]!,
  };
}
type Measures = ReturnType<typeof measure>;

/** How much a point of the texture belongs to each part. */
function weightsAt(g: Measures, x: number, y: number, out: Weights): Weights {
  const { faceW, faceH, chin, cx, cy, mouthY, eyeW } = g;
  // The head (face and hair): an ellipse around the face, fading out past it and below the chin.
  const d = Math.hypot((x - cx) / (faceW * 0.72), (y - (cy - faceH * 0.12)) / (faceH * 0.95));
  out.head = (1 - smooth(0.95, 1.45, d)) * (1 - smooth(chin[1] + faceH * 0.02, chin[1] + faceH * 0.32, y));
  // The jaw moves as one below the line where the lips meet: at the lips as wide as the mouth
  // (its corners open less), at the chin as wide as the jaw, fading into the neck.
  const down = smooth(mouthY, chin[1], y);
  const halfW = g.mouthHalf * 1.12 + (faceW * 0.42 - g.mouthHalf * 1.12) * down;
  const hx = Math.abs(x - g.mouthX) / halfW;
  out.jaw =
    (y > mouthY + 0.5 ? 1 : 0) *
    (1 - smooth(0.55, 1.0, hx)) *
    (1 - smooth(chin[1] + faceH * 0.02, chin[1] + faceH * 0.22, y));
  // The upper lip rises a little, over the mouth's width.
  out.upperLip =
    (y <= mouthY + 0.5 ? 1 : 0) *
    (1 - smooth(0, faceH * 0.09, mouthY - y)) *
    (1 - smooth(0.55, 1.0, Math.abs(x - g.mouthX) / (g.mouthHalf * 1.12)));
  // The eyes: what sits inside each eye (the iris follows the gaze).
  const eye = (p: Point) => Math.exp(-(((x - p[0]) / (eyeW * 0.33)) ** 2 + ((y - p[1]) / (eyeW * 0.2)) ** 2));
  out.eyeL = eye(g.eyeL);
  out.eyeR = eye(g.eyeR);
  // The body: shoulders and chest, below the neck.
  out.body = smooth(chin[1] + faceH * 0.1, chin[1] + faceH * 0.6, y);
  // Nothing moves at the picture's edges.
  const border = Math.min(x, g.width - x, y * 1.6, (g.height - y) * 4) / (Math.min(g.width, g.height) * 0.09);
  out.edge = smooth(0, 1, border);
  out.near = Math.exp(-(((x - g.nose[0]) / (faceW * 0.55)) ** 2 + ((y - g.nose[1]) / (faceH * 0.6)) ** 2));
  return out;
}

/**
 * Builds the rig of a texture of `width` × `height` with its landmarks: a grid of `cols` × `rows`
 * cells, with two more rows where the lips meet (so the mouth opens along that line, not across
 * a lip).
 */
export function buildRig(width: number, height: number, landmarks: Point[], cols = 48, rows = 60): Rig {
  const g = measure(width, height, landmarks);
  const ys = [...Array.from({ length: rows + 1 }, (_, r) => (r / rows) * height)];
  const cellH = height / rows;
  // Rows near the lip line move onto it; two rows sit on it, a pixel and a half apart.
  const near = ys.filter((y) => Math.abs(y - g.mouthY) > cellH * 0.35);
  const rowYs = [...near, g.mouthY, g.mouthY + 1.5].sort((a, b) => a - b);
  const allRows = rowYs.length - 1;
  const n = (cols + 1) * (allRows + 1);
  const base = new Float32Array(n * 2);
  const uvs = new Float32Array(n * 2);
  const indices = new Uint32Array(cols * allRows * 6);
  const keys = ['head', 'jaw', 'upperLip', 'eyeL', 'eyeR', 'body', 'edge', 'near'] as const;
  const w = Object.fromEntries(keys.map((k) => [k, new Float32Array(n)])) as Record<
    keyof Weights,
    Float32Array
  >;
  const wt: Weights = { head: 0, jaw: 0, upperLip: 0, eyeL: 0, eyeR: 0, body: 0, edge: 0, near: 0 };
  let v = 0;
  for (let r = 0; r <= allRows; r++) {
    for (let c = 0; c <= cols; c++, v++) {
      const x = (c / cols) * width;
      const y = rowYs[r]!;
      base[v * 2] = x;
      base[v * 2 + 1] = y;
      uvs[v * 2] = c / cols;
      uvs[v * 2 + 1] = y / height;
      weightsAt(g, x, y, wt);
      for (const k of keys) w[k][v] = wt[k];
    }
  }
  let i = 0;
  for (let r = 0; r < allRows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = r * (cols + 1) + c;
      const b = a + 1;
      const d = a + cols + 1;
      const e = d + 1;
      indices.set([a, b, d, b, e, d], i);
      i += 6;
    }
  }
  return {
    cols,
    rows: allRows,
    width,
    height,
    base,
    uvs,
    indices,
    ...w,
    face: {
      cx: g.cx,
      cy: g.cy,
      width: g.faceW,
      height: g.faceH,
      chin: g.chin,
      mouthY: g.mouthY,
      eyeL: g.eyeL,
      eyeR: g.eyeR,
      eyeW: g.eyeW,
    },
    measures: g,
    landmarks,
  };
}

/** How far each parameter moves things, as shares of the face's height. */
const REACH = {
  yaw: 0.07,
  pitch: 0.06,
  rollDeg: 12,
  bow: 0.1,
  lean: 0.07,
  breath: 0.012,
  swayDeg: 1.6,
  gaze: 0.16,
  jaw: 0.085,
  lip: 0.018,
};

/** One point moved by the parameters, given its weights (shared by `deform` and the overlays). */
function movePoint(rig: Rig, p: RigParams, x: number, y: number, wt: Weights, out: Float32Array, o: number) {
  const { face } = rig;
  const H = face.height;
  let nx = x;
  let ny = y;
  // Mouth: the jaw drops, the upper lip rises; spread or round the corners.
  const open = p.mouth;
  ny += open * REACH.jaw * H * wt.jaw - open * REACH.lip * H * wt.upperLip;
  const lipBand = Math.max(wt.jaw, wt.upperLip);
  nx +=
    (x - rig.measures.mouthX) *
    p.wide *
    0.12 *
    lipBand *
    (1 - Math.min(1, Math.abs(y - face.mouthY) / (H * 0.12)));
  // Gaze: what is inside the eyes shifts.
  const eyes = wt.eyeL + wt.eyeR;
  nx += p.gazeX * REACH.gaze * face.eyeW * eyes;
  ny += p.gazeY * REACH.gaze * 0.6 * face.eyeW * eyes;
  // Head: turn (the middle of the face moves most), nod, tilt around the neck.
  const head = wt.head;
  nx += p.yaw * REACH.yaw * H * head * (0.35 + 0.65 * wt.near);
  ny += p.pitch * REACH.pitch * H * head * (0.3 + 0.7 * wt.near) + p.pitch * 0.02 * H * head;
  if (p.roll !== 0 && head > 0) {
    const a = ((p.roll * REACH.rollDeg * Math.PI) / 180) * head;
    const px = face.chin[0];
    const py = face.chin[1] + H * 0.15;
    const dx = nx - px;
    const dy = ny - py;
    nx = px + dx * Math.cos(a) - dy * Math.sin(a);
    ny = py + dx * Math.sin(a) + dy * Math.cos(a);
  }
  // Body: breathing lifts the shoulders; a bow takes head and chest down; leaning in comes closer.
  const upper = Math.max(head, 1 - wt.body * 0.6);
  ny -=
    p.breath *
    REACH.breath *
    H *
    wt.body *
    (1 - Math.min(1, (y - face.chin[1]) / (rig.height - face.chin[1] + 1)) * 0.5);
  ny += p.bow * REACH.bow * H * upper * (1 - wt.body * 0.7);
  const zoom = p.lean * REACH.lean;
  nx += (nx - face.cx) * zoom;
  ny += (ny - face.cy) * zoom * 0.8 + p.lean * 0.02 * H;
  // Sway: the whole figure around its base.
  if (p.sway !== 0) {
    const a = (p.sway * REACH.swayDeg * Math.PI) / 180;
    const px = face.cx;
    const py = rig.height;
    const dx = nx - px;
    const dy = ny - py;
    nx = px + dx * Math.cos(a) - dy * Math.sin(a);
    ny = py + dx * Math.sin(a) + dy * Math.cos(a);
  }
  out[o] = x + (nx - x) * wt.edge;
  out[o + 1] = y + (ny - y) * wt.edge;
}

/** Moves every vertex of the rig by the parameters, into `out` (x, y per vertex). */
export function deform(rig: Rig, p: RigParams, out: Float32Array) {
  const n = rig.base.length / 2;
  const wt: Weights = { head: 0, jaw: 0, upperLip: 0, eyeL: 0, eyeR: 0, body: 0, edge: 0, near: 0 };
  for (let v = 0; v < n; v++) {
    wt.head = rig.head[v]!;
    wt.jaw = rig.jaw[v]!;
    wt.upperLip = rig.upperLip[v]!;
    wt.eyeL = rig.eyeL[v]!;
    wt.eyeR = rig.eyeR[v]!;
    wt.body = rig.body[v]!;
    wt.edge = rig.edge[v]!;
    wt.near = rig.near[v]!;
    movePoint(rig, p, rig.base[v * 2]!, rig.base[v * 2 + 1]!, wt, out, v * 2);
  }
  return out;
}

/** Where a point of the texture is after the deformation (the overlays are drawn there). */
export function movedPoint(rig: Rig, p: RigParams, x: number, y: number): Point {
  const out = new Float32Array(2);
  const wt = weightsAt(rig.measures, x, y, {
    head: 0,
    jaw: 0,
    upperLip: 0,
    eyeL: 0,
    eyeR: 0,
    body: 0,
    edge: 0,
    near: 0,
  });
  movePoint(rig, p, x, y, wt, out, 0);
  return [out[0]!, out[1]!];
}
