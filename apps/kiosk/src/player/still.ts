import type { AvatarModel } from '@ambassador/contracts';
import { REST, type RigParams } from './rig';
import { dragAndTap, type Surface } from './surface';

/**
 * Without WebGL: the portrait as a still image with captions under it, a bar that moves while it
 * speaks, and the listening ring. The same commands work; nothing is drawn from the rig.
 */
export function startStill(
  root: HTMLElement,
  { model, image, scale }: { model: AvatarModel; image: HTMLImageElement; scale: number },
): Surface {
  const figure = document.createElement('figure');
  figure.className = 'avatar-still';
  image.className = 'avatar-still-image';
  image.alt = model.name;
  image.draggable = false;
  image.style.setProperty('--avatar-scale', String(scale));
  const speaking = document.createElement('div');
  speaking.className = 'avatar-speaking';
  speaking.setAttribute('aria-hidden', 'true');
  const caption = document.createElement('figcaption');
  caption.className = 'avatar-caption';
  caption.setAttribute('aria-live', 'polite');
  figure.append(image, speaking, caption);
  root.replaceChildren(figure);
  let frame: () => RigParams = () => REST;
  let tap = () => undefined as void;
  const drag = dragAndTap(
    image,
    (x, y) => (image.style.translate = `${x}px ${y}px`),
    () => tap(),
  );
  const loop = () => {
    const p = frame();
    speaking.style.transform = `scaleX(${0.15 + p.mouth * 0.85})`;
    speaking.style.opacity = p.mouth > 0.02 ? '1' : '0';
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  return {
    onFrame: (f) => (frame = f),
    onTap: (t) => (tap = t),
    caption: (text) => (caption.textContent = text),
    listening: (on) => figure.classList.toggle('avatar-listening', on),
    reset: () => drag.reset(),
  };
}
