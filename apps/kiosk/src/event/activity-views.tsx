import { useEffect, useRef, useState } from 'react';
import type { KioskActivity } from '@ambassador/contracts';
import { format, type Strings } from '../i18n/strings';
import { announceCountdown, type Step } from './event-run';

type TtsActivity = Extract<KioskActivity, { type: 'tts' }>;

/** Moves the focus to the returned element whenever `key` changes (a new activity, page or question). */
export function useFocusOn<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}

/**
 * A video activity, full screen: plays `plays` times, with sound unless the kiosk is muted. A
 * browser that refuses sound plays it muted; one that cannot play it at all moves the run on.
 */
export function VideoActivity({
  step,
  muted,
  strings,
  onEnded,
  onFailed,
}: {
  step: Extract<Step, { kind: 'video' }>;
  muted: boolean;
  strings: Strings;
  onEnded: () => void;
  onFailed: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });
  const heading = useFocusOn<HTMLHeadingElement>(`video:${step.url}`);
  const startMuted = useRef(muted);
  useEffect(() => {
    startMuted.current = muted;
    if (ref.current) ref.current.muted = muted;
  }, [muted]);

  // Each play is a fresh element (keyed by the play), started here rather than by autoplay so a
  // refusal is seen.
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let cancelled = false;
    const play = (silent: boolean) => {
      video.muted = silent;
      return Promise.resolve().then(() => video.play());
    };
    play(startMuted.current)
      .catch(() => {
        if (!cancelled) return play(true);
      })
      .catch(() => {
        if (!cancelled) failed.current();
      });
    return () => {
      cancelled = true;
    };
  }, [step.play, step.url]);

  return (
    <section className="k-event-video" aria-labelledby="k-event-video-title">
      <h2 id="k-event-video-title" className="k-visually-hidden" ref={heading} tabIndex={-1}>
        {strings.eventVideo}
      </h2>
      <video
        key={step.play}
        ref={ref}
        className="k-event-video-media"
        src={step.url}
        playsInline
        preload="auto"
        onEnded={onEnded}
        onError={onFailed}
        aria-hidden="true"
        data-testid="event-video"
        data-play={step.play}
        data-plays={step.plays}
      />
    </section>
  );
}

/**
 * A spoken announcement: its script (and image) on screen while the kiosk speaks, with the
 * countdown when it has one (announced politely every ten seconds and for the last five). Without
 * a countdown, Next goes on at once.
 */
export function TtsActivity({
  activity,
  step,
  strings,
  onNext,
}: {
  activity: TtsActivity;
  step: Extract<Step, { kind: 'tts' }>;
  strings: Strings;
  onNext: () => void;
}) {
  const script = useFocusOn<HTMLParagraphElement>(`tts:${activity.key}`);
  const total = activity.countdown;
  const [announced, setAnnounced] = useState<number | null>(null);
  const left = step.secondsLeft;
  if (left !== null && total !== null && left !== announced && announceCountdown(left, total))
    setAnnounced(left);
  return (
    <section className="k-event-panel k-event-tts" data-testid="event-tts">
      {activity.image_url && <img className="k-event-image" src={activity.image_url} alt="" />}
      <p className="k-event-script" ref={script} tabIndex={-1}>
        {activity.script}
      </p>
      {left !== null && (
        <>
          <div
            className="k-countdown"
            role="timer"
            aria-label={strings.eventTimeLeft}
            data-testid="event-countdown"
            data-seconds={left}
          >
            <span className="k-countdown-number" aria-hidden="true">
              {left}
            </span>
            <span className="k-countdown-label" aria-hidden="true">
              {strings.eventTimeLeft}
            </span>
          </div>
          <p className="k-visually-hidden" aria-live="polite" data-testid="event-countdown-announce">
            {announced !== null ? format(strings.eventSecondsLeft, { seconds: announced }) : ''}
          </p>
        </>
      )}
      {total === null && (
        <button
          type="button"
          className="k-btn k-btn-primary k-event-next"
          data-testid="event-next"
          onClick={onNext}
        >
          {strings.eventNext}
        </button>
      )}
    </section>
  );
}
