import { useEffect, useRef, useState } from 'react';
import type { Language, PushMessage } from '@ambassador/contracts';
import { CloseIcon } from '../components/icons';
import { STRINGS } from '../i18n/strings';
import { HTML_LANG } from '../lib/languages';
import type { SpeechPlayer } from '../lib/speech-player';
import { SOCKET, type Realtime } from '../realtime/realtime-client';
import { useRealtimeEvent } from '../realtime/use-realtime';

/** The text to show: the visitor's language, else the device's default, else any there is. */
export function pushText(
  texts: PushMessage['texts'],
  language: Language,
  defaultLanguage: Language,
): { language: Language; text: string } | null {
  for (const candidate of [language, defaultLanguage]) {
    const text = texts[candidate]?.trim();
    if (text) return { language: candidate, text };
  }
  for (const [candidate, value] of Object.entries(texts) as [Language, string | undefined][]) {
    const text = value?.trim();
    if (text) return { language: candidate, text };
  }
  return null;
}

/** Pushes remembered as shown, so one delivered twice (after a reconnection) shows once. */
const REMEMBERED = 50;

type Props = {
  realtime: Realtime;
  /** The language on screen now (the visitor's, or the start screen's). */
  language: Language;
  defaultLanguage: Language;
  player: SpeechPlayer | null;
  muted: boolean;
};

/**
 * An operator's announcement over whatever is on screen, for its duration or until closed. A new
 * one replaces it. The server hears once it is on screen (`push:ack`), and the text is spoken
 * when the operator asked for it and the visitor has not muted the kiosk.
 */
export function PushOverlay({ realtime, language, defaultLanguage, player, muted }: Props) {
  const [push, setPush] = useState<PushMessage | null>(null);
  const shown = useRef<number[]>([]);
  const [imageBroken, setImageBroken] = useState(false);

  useRealtimeEvent<PushMessage>(realtime, SOCKET.push, (message) => {
    if (!message || typeof message.push_id !== 'number') return;
    if (shown.current.includes(message.push_id)) {
      // Already on screen once: the server did not hear it, so say so again.
      realtime.emit(SOCKET.pushAck, { push_id: message.push_id });
      return;
    }
    setImageBroken(false);
    setPush(message);
  });

  const latest = useRef({ language, defaultLanguage, muted, player });
  useEffect(() => {
    latest.current = { language, defaultLanguage, muted, player };
  });

  // On screen now: acknowledge, speak, and hide after its duration.
  useEffect(() => {
    if (!push) return;
    if (!shown.current.includes(push.push_id)) {
      shown.current = [...shown.current, push.push_id].slice(-REMEMBERED);
      realtime.emit(SOCKET.pushAck, { push_id: push.push_id });
      const { language: current, defaultLanguage: fallback, muted: silent, player: speaker } = latest.current;
      const spoken = pushText(push.texts, current, fallback);
      if (push.speak && !silent && spoken) speaker?.speak([spoken]);
    }
    const timer = setTimeout(() => setPush(null), Math.max(1, push.duration_seconds) * 1000);
    return () => clearTimeout(timer);
    // Keyed on the push itself: a new language on screen does not restart its time.
  }, [push, realtime]);

  if (!push) return null;
  const text = pushText(push.texts, language, defaultLanguage);
  const strings = STRINGS[language];
  return (
    <div className="k-push-layer" data-testid="kiosk-push-layer">
      <div
        className="k-card k-push"
        role="alertdialog"
        aria-label={strings.announcement}
        data-testid="kiosk-push"
        data-push-id={push.push_id}
      >
        <button
          type="button"
          className="k-icon-btn k-push-close"
          data-testid="kiosk-push-close"
          aria-label={strings.close}
          title={strings.close}
          onClick={() => setPush(null)}
        >
          <CloseIcon />
        </button>
        {push.image_url && !imageBroken && (
          <img
            className="k-push-image"
            src={push.image_url}
            alt=""
            data-testid="kiosk-push-image"
            onError={() => setImageBroken(true)}
          />
        )}
        {text && (
          <p className="k-push-text" lang={HTML_LANG[text.language]} data-testid="kiosk-push-text">
            {text.text}
          </p>
        )}
      </div>
    </div>
  );
}
