import type { Strings } from '../i18n/strings';
import { VolumeIcon, VolumeOffIcon } from './icons';

/** The visitor's sound switch in a screen's bar. */
export function MuteButton({
  muted,
  strings,
  onToggle,
}: {
  muted: boolean;
  strings: Strings;
  onToggle: () => void;
}) {
  const label = muted ? strings.unmute : strings.mute;
  return (
    <button
      type="button"
      className="k-icon-btn"
      data-testid="kiosk-mute"
      aria-pressed={muted}
      aria-label={label}
      title={label}
      onClick={onToggle}
    >
      {muted ? <VolumeOffIcon /> : <VolumeIcon />}
    </button>
  );
}
