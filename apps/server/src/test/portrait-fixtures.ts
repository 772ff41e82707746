import sharp from 'sharp';

/**
 * Generated portraits for the avatar tests: no real person's photo is in the repository. A head
 * and shoulders drawn as SVG with shaded skin, eyes with irises and catch-lights, brows, a shaded
 * nose, lips and hair, blurred a little and given sensor-like grain, which face-api's detector
 * finds as a face with its 68 landmarks. `flat` draws it as a cartoon would (flat fills, no grain).
 */
export interface PortraitOptions {
  width?: number;
  height?: number;
  /** The face's centre. */
  cx?: number;
  cy?: number;
  /** Face size, 1 ≈ a face 390 px high. */
  scale?: number;
  skin?: string;
  background?: string;
  flat?: boolean;
  /** Turns the face: features shifted sideways by this share of the face's half width. */
  turn?: number;
}

function face(
  {
    cx,
    cy,
    s,
    skin,
    flat,
    turn,
  }: { cx: number; cy: number; s: number; skin: string; flat: boolean; turn: number },
  id: string,
) {
  const fw = 150 * s;
  const fh = 195 * s;
  const eyeY = cy - 20 * s;
  const eyeDx = 58 * s;
  const fx = cx + turn * fw * 0.9;
  const paint = (gradient: string, colour: string) => (flat ? colour : `url(#${gradient}${id})`);
  const eye = (x: number, w: number) => `
    <ellipse cx="${x}" cy="${eyeY}" rx="${26 * s * w}" ry="${12 * s}" fill="#f4efe9"/>
    <circle cx="${x}" cy="${eyeY}" r="${11 * s}" fill="#5a3b22"/>
    <circle cx="${x}" cy="${eyeY}" r="${5.5 * s}" fill="#120a06"/>
    ${flat ? '' : `<circle cx="${x - 3 * s}" cy="${eyeY - 4 * s}" r="${2.5 * s}" fill="#fff"/>`}
    <path d="M ${x - 28 * s * w} ${eyeY} Q ${x} ${eyeY - 20 * s} ${x + 28 * s * w} ${eyeY}" stroke="#3a2418" stroke-width="${3 * s}" fill="none"/>
    <path d="M ${x - 30 * s * w} ${eyeY - 32 * s} Q ${x} ${eyeY - 46 * s} ${x + 30 * s * w} ${eyeY - 30 * s}" stroke="#3b2516" stroke-width="${7 * s}" fill="none" stroke-linecap="round"/>`;
  return `
  ${
    flat
      ? ''
      : `<defs><radialGradient id="skin${id}" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="#f0c3a0"/><stop offset="1" stop-color="${skin}"/></radialGradient>
  <radialGradient id="shirt${id}" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="#3d5a80"/><stop offset="1" stop-color="#22334d"/></radialGradient>
  <linearGradient id="nose${id}" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#7a4a30" stop-opacity="0.45"/></linearGradient></defs>`
  }
  <path d="M ${cx - 300 * s} ${cy + 560 * s} Q ${cx - 280 * s} ${cy + 250 * s} ${cx} ${cy + 235 * s} Q ${cx + 280 * s} ${cy + 250 * s} ${cx + 300 * s} ${cy + 560 * s} Z" fill="${paint('shirt', '#2d4466')}"/>
  <rect x="${cx - 45 * s}" y="${cy + 130 * s}" width="${90 * s}" height="${120 * s}" fill="${skin}"/>
  <ellipse cx="${cx}" cy="${cy - 60 * s}" rx="${fw + 18 * s}" ry="${fh - 10 * s}" fill="#2b1a10"/>
  <ellipse cx="${cx - fw + 2 * s}" cy="${eyeY + 25 * s}" rx="${18 * s}" ry="${34 * s}" fill="${skin}"/>
  <ellipse cx="${cx + fw - 2 * s}" cy="${eyeY + 25 * s}" rx="${18 * s}" ry="${34 * s}" fill="${skin}"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${fw}" ry="${fh}" fill="${paint('skin', skin)}"/>
  <path d="M ${cx - fw} ${cy - 70 * s} Q ${cx - fw + 10 * s} ${cy - fh - 30 * s} ${cx} ${cy - fh - 20 * s} Q ${cx + fw - 10 * s} ${cy - fh - 30 * s} ${cx + fw} ${cy - 70 * s} Q ${cx + 40 * s} ${cy - 150 * s} ${cx - fw} ${cy - 70 * s} Z" fill="#2b1a10"/>
  ${eye(fx - eyeDx * (1 - turn * 0.3), 1 - Math.max(0, turn) * 0.5)}${eye(fx + eyeDx * (1 + turn * 0.3), 1 + Math.min(0, turn) * 0.5)}
  <path d="M ${fx - 6 * s} ${eyeY + 5 * s} L ${fx - 20 * s} ${cy + 55 * s} Q ${fx} ${cy + 68 * s} ${fx + 22 * s} ${cy + 55 * s} L ${fx + 8 * s} ${eyeY + 5 * s} Z" fill="${flat ? '#c98f6c' : `url(#nose${id})`}"/>
  <ellipse cx="${fx - 13 * s}" cy="${cy + 57 * s}" rx="${7 * s}" ry="${4 * s}" fill="#6b3a26"/>
  <ellipse cx="${fx + 13 * s}" cy="${cy + 57 * s}" rx="${7 * s}" ry="${4 * s}" fill="#6b3a26"/>
  <path d="M ${fx - 48 * s} ${cy + 108 * s} Q ${fx - 20 * s} ${cy + 92 * s} ${fx} ${cy + 98 * s} Q ${fx + 20 * s} ${cy + 92 * s} ${fx + 48 * s} ${cy + 108 * s} Q ${fx} ${cy + 114 * s} ${fx - 48 * s} ${cy + 108 * s} Z" fill="#a84d4a"/>
  <path d="M ${fx - 48 * s} ${cy + 108 * s} Q ${fx} ${cy + 140 * s} ${fx + 48 * s} ${cy + 108 * s} Q ${fx} ${cy + 114 * s} ${fx - 48 * s} ${cy + 108 * s} Z" fill="#b85a55"/>
  <path d="M ${fx - 48 * s} ${cy + 108 * s} Q ${fx} ${cy + 114 * s} ${fx + 48 * s} ${cy + 108 * s}" stroke="#5e2424" stroke-width="${2.5 * s}" fill="none"/>`;
}

/** The SVG of one or more people (`faces`: their options beside the picture's). */
export function portraitSvg(opts: PortraitOptions = {}, more: PortraitOptions[] = []) {
  const w = opts.width ?? 768;
  const h = opts.height ?? 960;
  const people = [opts, ...more].map((o, i) =>
    face(
      {
        cx: o.cx ?? w / 2,
        cy: o.cy ?? h * 0.42,
        s: o.scale ?? 1,
        skin: o.skin ?? '#d9a27e',
        flat: opts.flat ?? false,
        turn: o.turn ?? 0,
      },
      String(i),
    ),
  );
  const bg = opts.background ?? '#7d8fa6';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  ${opts.flat ? '' : `<defs><radialGradient id="bg" cx="50%" cy="30%" r="80%"><stop offset="0" stop-color="#a9b7c9"/><stop offset="1" stop-color="${bg}"/></radialGradient></defs>`}
  <rect width="${w}" height="${h}" fill="${opts.flat ? bg : 'url(#bg)'}"/>${people.join('')}</svg>`;
}

/** A small deterministic random source, so every run draws the same grain. */
function grain(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5;
}

/**
 * A portrait as a JPEG, as a camera would give it: blurred a little and with grain (`flat`: as a
 * cartoon, crisp fills and no grain). `darken` multiplies the light (0.2: a backlit face).
 */
export async function portraitJpeg(
  opts: PortraitOptions = {},
  {
    more = [],
    darken = 1,
    format = 'jpeg',
  }: { more?: PortraitOptions[]; darken?: number; format?: 'jpeg' | 'png' | 'webp' } = {},
) {
  const svg = Buffer.from(portraitSvg(opts, more));
  let img = sharp(svg);
  if (!opts.flat) img = img.blur(1.2);
  const raw = await img.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const d = raw.data;
  const noise = grain(12345);
  for (let i = 0; i < d.length; i++) {
    const v = d[i]! * darken + (opts.flat ? 0 : noise() * 18);
    d[i] = Math.max(0, Math.min(255, Math.round(v)));
  }
  // Only the size and channels: sharp says a blurred SVG's pixels are premultiplied, and would undo that.
  const out = sharp(d, {
    raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels },
  });
  if (format === 'png') return out.png().toBuffer();
  if (format === 'webp') return out.webp({ quality: 90 }).toBuffer();
  return out.jpeg({ quality: 90 }).toBuffer();
}
