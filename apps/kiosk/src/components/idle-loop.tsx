import { useEffect, useRef, useState } from 'react';
import type { Language } from '@ambassador/contracts';
import { useKioskPart } from '../device/device-context';
import { STRINGS, type Strings } from '../i18n/strings';
import { HTML_LANG } from '../lib/languages';

/**
 * The idle loop (Interface Settings → idle screen), full-screen over the start screen: the images
 * in order, each for its seconds, or the videos in order, muted, each to its end; then from the
 * start again. A touch or a key ends it (the touch is taken by the loop, so it presses nothing
 * underneath). The items may change while it plays (the device's live idle screen).
 */
export function IdleLoop({
  strings,
  languages = [],
  onExit,
}: {
  strings: Strings;
  /** The device's languages: nobody has chosen one yet, so the hint is said in each (once). */
  languages?: readonly Language[];
  onExit: () => void;
}) {
  const hints = [
    ...new Map(
      (languages.length > 0 ? languages : [null]).map((l) => {
        const text = l ? STRINGS[l].idleLabel : strings.idleLabel;
        return [text, l] as const;
      }),
    ),
  ];
  const [turn, setTurn] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const { items, media_type } = useKioskPart('idle_screen');
  const index = items.length > 0 ? turn % items.length : 0;
  const item = items[index];
  const next = () => setTurn((n) => n + 1);

  // An image's turn ends after its seconds; a video's when it ends.
  useEffect(() => {
    if (media_type !== 'image' || !item || items.length < 2) return;
    const timer = setTimeout(next, (item.duration ?? 10) * 1000);
    return () => clearTimeout(timer);
  }, [media_type, item, items.length, turn]);

  // Keys end it too; the focus is on it, so nothing behind it reacts.
  useEffect(() => {
    root.current?.focus();
    const key = () => onExit();
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [onExit]);

  if (!item) return null;
  return (
    <div
      ref={root}
      className="k-idle"
      role="dialog"
      aria-modal="true"
      aria-label={strings.idleLabel}
      tabIndex={-1}
      data-testid="kiosk-idle"
      data-media-type={media_type}
      onClick={onExit}
    >
      {media_type === 'image' ? (
        <img
          key={`${item.id}-${turn}`}
          className="k-idle-media"
          src={item.url}
          alt=""
          draggable={false}
          data-testid="kiosk-idle-image"
        />
      ) : (
        <video
          key={`${item.id}-${turn}`}
          className="k-idle-media"
          src={item.url}
          muted
          autoPlay
          playsInline
          // One video alone plays on and on; several take turns.
          loop={items.length === 1}
          onEnded={next}
          // A video the browser cannot play is skipped, not stared at.
          onError={() => items.length > 1 && next()}
          aria-hidden="true"
          data-testid="kiosk-idle-video"
        />
      )}
      <p className="k-idle-hint" data-testid="kiosk-idle-hint">
        {hints.map(([text, l]) => (
          <span key={text} className="k-idle-hint-line" {...(l && { lang: HTML_LANG[l] })}>
            {text}
          </span>
        ))}
      </p>
    </div>
  );
}
