import { format, type Strings } from '../i18n/strings';

/** "Are you still there?" with the seconds left; any touch keeps the session. */
export function IdleOverlay({
  secondsLeft,
  strings,
  onContinue,
}: {
  secondsLeft: number;
  strings: Strings;
  onContinue: () => void;
}) {
  return (
    <div
      className="k-overlay"
      data-testid="kiosk-idle"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="k-idle-title"
    >
      <div className="k-card k-idle-card">
        <h2 id="k-idle-title" className="k-idle-title">
          {strings.stillThere}
        </h2>
        <p className="k-idle-count" aria-live="polite">
          {format(strings.endingIn, { seconds: secondsLeft })}
        </p>
        <button
          type="button"
          className="k-btn k-btn-primary k-btn-block"
          data-testid="kiosk-idle-continue"
          onClick={onContinue}
        >
          {strings.stillHere}
        </button>
      </div>
    </div>
  );
}
