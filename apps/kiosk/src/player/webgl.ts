import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Mesh, MeshGeometry, Texture } from 'pixi.js';
import type { AvatarModel, Point } from '@ambassador/contracts';
import { deform, movedPoint, REST, type Rig, type RigParams } from './rig';
import { dragAndTap, frameCost, type Surface } from './surface';

/**
 * The portrait as a deformable mesh (PixiJS on WebGL): the grid of the rig textured with the
 * photo, moved every frame, and two overlays drawn where the rig moved the landmarks: the inside
 * of the mouth between the lips, and the eyelids when it blinks.
 */
export async function startWebgl(
  root: HTMLElement,
  { model, image, rig, scale }: { model: AvatarModel; image: HTMLImageElement; rig: Rig; scale: number },
): Promise<Surface> {
  const app = new Application();
  await app.init({
    preference: 'webgl',
    resizeTo: window,
    backgroundAlpha: 0,
    // No multisampling: the photo is smooth already, and a kiosk without a GPU (software WebGL)
    // spends most of each frame on it.
    antialias: false,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
  });
  const canvas = app.canvas;
  canvas.className = 'avatar-canvas';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', model.name);
  root.replaceChildren(canvas);
  const caption = document.createElement('p');
  caption.className = 'avatar-caption avatar-caption-overlay';
  caption.setAttribute('aria-live', 'polite');
  root.append(caption);

  const texture = Texture.from(image);
  const moved = new Float32Array(rig.base);
  const geometry = new MeshGeometry({ positions: moved, uvs: rig.uvs, indices: rig.indices });
  const mesh = new Mesh({ geometry, texture });
  const mouth = new Graphics();
  const lids = new Graphics();
  const figure = new Container();
  figure.addChild(mesh, mouth, lids);
  app.stage.addChild(figure);

  let offset = { x: 0, y: 0 };
  let glow = false;
  const layout = () => {
    const s = (app.screen.height / model.height) * scale;
    figure.scale.set(s);
    figure.position.set(
      (app.screen.width - model.width * s) / 2 + offset.x,
      app.screen.height - model.height * s + offset.y,
    );
  };
  layout();
  app.renderer.on('resize', layout);

  let frame: () => RigParams = () => REST;
  let tap = () => undefined as void;
  const drag = dragAndTap(
    canvas,
    (x, y) => {
      offset = { x, y };
      layout();
    },
    () => tap(),
  );

  const colour = (hex: string) => Number.parseInt(hex.slice(1), 16);
  const skin = colour(model.colors.skin);
  const inside = colour(model.colors.mouth);
  const L = rig.landmarks;
  const at = (p: RigParams, x: number, y: number) => movedPoint(rig, p, x, y);
  const flat = (pts: Point[]) => pts.flat();

  const drawMouth = (p: RigParams) => {
    mouth.clear();
    if (p.mouth < 0.02) return;
    const lipY = rig.face.mouthY;
    const upper = [60, 61, 62, 63, 64].map((i) => at(p, L[i]![0], Math.min(L[i]![1], lipY)));
    const lower = [64, 65, 66, 67, 60].map((i) => at(p, L[i]![0], Math.max(L[i]![1], lipY + 1)));
    mouth
      .poly(flat([...upper, ...lower.slice(1, 4)]))
      .fill({ color: inside, alpha: Math.min(1, p.mouth * 6) });
    if (p.mouth > 0.25) {
      // A hint of the upper teeth under the upper lip.
      const gap = Math.min(...lower.slice(1, 4).map((q, k) => q[1] - upper[k + 1]![1]));
      const teeth = upper.map(([x, y]) => [x, y + Math.min(gap * 0.28, rig.face.height * 0.02)] as Point);
      mouth
        .poly(flat([...upper.slice(1, 4), ...teeth.slice(1, 4).reverse()]))
        .fill({ color: 0xeeeae4, alpha: Math.min(0.85, (p.mouth - 0.25) * 3) });
    }
  };

  const drawLids = (p: RigParams) => {
    lids.clear();
    if (p.blink < 0.03) return;
    for (const [c0, u1, u2, c1, d2, d1] of [
      [36, 37, 38, 39, 40, 41],
      [42, 43, 44, 45, 46, 47],
    ] as const) {
      const lift = rig.face.eyeW * 0.35;
      const top = [c0, u1, u2, c1].map((i) =>
        at(p, L[i]![0], L[i]![1] - (i === u1 || i === u2 ? lift : lift * 0.3)),
      );
      const closing = (u: number, d: number) =>
        at(p, L[u]![0] + (L[d]![0] - L[u]![0]) * p.blink, L[u]![1] + (L[d]![1] - L[u]![1]) * p.blink);
      const edge = [closing(u2, d2), closing(u1, d1)];
      const c0p = at(p, L[c0]![0], L[c0]![1]);
      const c1p = at(p, L[c1]![0], L[c1]![1]);
      lids.poly(flat([...top, c1p, ...edge, c0p])).fill({ color: skin });
      lids
        .moveTo(c1p[0], c1p[1])
        .lineTo(edge[0]![0], edge[0]![1])
        .lineTo(edge[1]![0], edge[1]![1])
        .lineTo(c0p[0], c0p[1])
        .stroke({ color: 0x2a1a14, width: Math.max(1.5, rig.face.eyeW * 0.06), alpha: 0.8 });
    }
  };

  app.ticker.add(() => {
    const started = performance.now();
    const p = frame();
    deform(rig, p, moved);
    geometry.positions = moved;
    drawMouth(p);
    drawLids(p);
    if (glow) figure.alpha = 1;
    frameCost.ms = frameCost.ms * 0.9 + (performance.now() - started) * 0.1;
  });

  return {
    onFrame: (f) => (frame = f),
    onTap: (t) => (tap = t),
    caption: (text) => (caption.textContent = text),
    listening: (on) => {
      glow = on;
      root.classList.toggle('avatar-listening', on);
    },
    reset: () => drag.reset(),
  };
}
