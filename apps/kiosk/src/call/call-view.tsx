import { useEffect, useId, useRef, useState } from 'react';
import type { Language } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import type { Strings } from '../i18n/strings';
import type { SpeechPlayer } from '../lib/speech-player';
import type { Timing } from '../lib/timing';
import type { Realtime } from '../realtime/realtime-client';
import { LIVE_PHASES, type CallState } from './call-session';
import { useCall } from './use-call';

type Props = {
  api: DeviceApi;
  realtime: Realtime | null;
  language: Language;
  strings: Strings;
  timing: Pick<Timing, 'retryDelaysMs' | 'ringGraceMs' | 'callEndedMs'>;
  player: SpeechPlayer | null;
  onClose: () => void;
  /** True from the press of Call until the call is over: the idle timeout waits meanwhile. */
  onLiveChange: (live: boolean) => void;
};

/** The visitor's video call with staff; "Try again" places a new call. */
export function CallView(props: Props) {
  const [attempt, setAttempt] = useState(0);
  return <CallAttempt key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

function statusText(state: CallState, strings: Strings): string {
  switch (state.phase) {
    case 'camera':
      return strings.callCamera;
    case 'starting':
    case 'ringing':
      return strings.callCalling;
    case 'connected':
      return strings.callConnected;
    case 'missed':
      return strings.callNoAnswer;
    case 'ended':
    case 'cancelled':
      return strings.callEnded;
    case 'offline':
      return state.offlineText.trim() || strings.callNoAnswer;
    case 'no-media':
      return strings.callNoMedia;
    case 'failed':
      return strings.callFailed;
    case 'lost':
      return strings.callLost;
  }
}

function CallAttempt({
  api,
  realtime,
  language,
  strings,
  timing,
  player,
  onClose,
  onLiveChange,
  onRetry,
}: Props & { onRetry: () => void }) {
  const { state, hangUp } = useCall({
    api,
    realtime,
    language,
    retryDelaysMs: timing.retryDelaysMs,
    ringGraceMs: timing.ringGraceMs,
  });
  const titleId = useId();
  const { phase } = state;
  const live = LIVE_PHASES.includes(phase);

  const latest = useRef({ onLiveChange, onClose });
  useEffect(() => {
    latest.current = { onLiveChange, onClose };
  });
  useEffect(() => {
    latest.current.onLiveChange(live);
    // Nothing is spoken over a call (an announcement, say).
    player?.hold(live);
  }, [live, player]);
  useEffect(
    () => () => {
      latest.current.onLiveChange(false);
      player?.hold(false);
    },
    [player],
  );
  useEffect(() => {
    if (phase === 'cancelled') latest.current.onClose();
    if (phase !== 'ended') return;
    // A short note, then back to where the visitor was.
    const timer = setTimeout(() => latest.current.onClose(), timing.callEndedMs);
    return () => clearTimeout(timer);
  }, [phase, timing.callEndedMs]);

  const connected = phase === 'connected';
  const canRetry = phase === 'missed' || phase === 'failed' || phase === 'lost';

  return (
    <section
      className={connected ? 'k-panel k-call k-call-connected' : 'k-panel k-call'}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-phase={phase}
    >
      <h2 className="k-visually-hidden" id={titleId}>
        {strings.callStaff}
      </h2>
      <div className="k-call-stage">
        {connected && (
          <StreamVideo
            stream={state.remote}
            className="k-call-remote"
            testId="kiosk-remote-video"
            label={strings.staffVideo}
          />
        )}
        {state.local && (
          <StreamVideo
            stream={state.local}
            className={connected ? 'k-call-self k-call-self-small' : 'k-call-self'}
            testId="kiosk-local-video"
            label={strings.yourVideo}
            muted
          />
        )}
      </div>
      <div className="k-call-info">
        <p
          className={live ? 'k-call-status' : 'k-call-status k-call-status-final'}
          data-testid="kiosk-call-status"
          role="status"
        >
          {statusText(state, strings)}
        </p>
        <div className="k-call-actions">
          {live && !connected && (
            <button
              type="button"
              className="k-btn k-btn-hangup"
              data-testid="kiosk-call-cancel"
              onClick={hangUp}
            >
              {strings.cancel}
            </button>
          )}
          {connected && (
            <button type="button" className="k-btn k-btn-hangup" data-testid="kiosk-hangup" onClick={hangUp}>
              {strings.hangUp}
            </button>
          )}
          {canRetry && (
            <button
              type="button"
              className="k-btn k-btn-primary"
              data-testid="kiosk-call-retry"
              onClick={onRetry}
            >
              {strings.tryAgain}
            </button>
          )}
          {!live && (
            <button
              type="button"
              className="k-btn k-btn-outline"
              data-testid="kiosk-call-close"
              onClick={onClose}
            >
              {strings.close}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** A video element showing a MediaStream (React has no prop for `srcObject`). */
function StreamVideo({
  stream,
  className,
  testId,
  label,
  muted = false,
}: {
  stream: MediaStream | null;
  className: string;
  testId: string;
  label: string;
  /** The own preview is muted, or the visitor hears themselves. */
  muted?: boolean;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const node = video.current;
    if (!node) return;
    // `autoPlay` starts it; the visitor's tap on Call allows the sound.
    node.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      className={className}
      data-testid={testId}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
    />
  );
}
