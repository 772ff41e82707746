import type { RigParams } from './rig';

/** The player's own work per frame in milliseconds (a moving average), for its state. */
export const frameCost = { ms: 0 };

/** What draws the avatar: the WebGL mesh, or the still portrait where WebGL is missing. */
export interface Surface {
  /** Called every frame for the parameters to draw with. */
  onFrame(frame: () => RigParams): void;
  /** A tap on the avatar (not a drag). */
  onTap(tap: () => void): void;
  caption(text: string): void;
  listening(on: boolean): void;
  /** Back to where it started (a drag undone). */
  reset(): void;
}

/**
 * Drag to move, tap to gesture: a pointer that moved less than a few pixels between down and up
 * is a tap. Moves the element by the drag (kept inside the frame).
 */
export function dragAndTap(target: HTMLElement, move: (dx: number, dy: number) => void, tap: () => void) {
  let start: { x: number; y: number; ox: number; oy: number } | null = null;
  let offset = { x: 0, y: 0 };
  let moved = false;
  target.addEventListener('pointerdown', (e) => {
    start = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    moved = false;
    target.setPointerCapture(e.pointerId);
  });
  target.addEventListener('pointermove', (e) => {
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.hypot(dx, dy) > 6) moved = true;
    if (!moved) return;
    const limitX = window.innerWidth * 0.4;
    const limitY = window.innerHeight * 0.4;
    offset = {
      x: Math.max(-limitX, Math.min(limitX, start.ox + dx)),
      y: Math.max(-limitY, Math.min(limitY, start.oy + dy)),
    };
    move(offset.x, offset.y);
  });
  const end = () => {
    if (start && !moved) tap();
    start = null;
  };
  target.addEventListener('pointerup', end);
  target.addEventListener('pointercancel', () => (start = null));
  return {
    reset() {
      offset = { x: 0, y: 0 };
      move(0, 0);
    },
  };
}
