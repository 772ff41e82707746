import { useFullscreen } from '../lib/use-fullscreen';
import { FullscreenExitIcon, FullscreenIcon } from './icons';

export function FullscreenButton({ enterLabel, exitLabel }: { enterLabel: string; exitLabel: string }) {
  const { supported, active, toggle } = useFullscreen();
  if (!supported) return null;
  return (
    <button
      type="button"
      className="k-icon-btn"
      onClick={toggle}
      aria-pressed={active}
      aria-label={active ? exitLabel : enterLabel}
      title={active ? exitLabel : enterLabel}
      data-testid="kiosk-fullscreen"
    >
      {active ? <FullscreenExitIcon /> : <FullscreenIcon />}
    </button>
  );
}
