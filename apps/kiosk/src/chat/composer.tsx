import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Language } from '@ambassador/contracts';
import { MicIcon, SendIcon } from '../components/icons';
import type { Strings } from '../i18n/strings';
import { useSpeechRecognition } from '../lib/speech-recognition';
import { MAX_QUESTION } from './use-chat';

type Props = {
  language: Language;
  strings: Strings;
  /** An answer is on its way: typing goes on, sending waits. */
  busy: boolean;
  /** The microphone is offered (Interface Settings: Ask → Voice input); typing always is. */
  withVoice?: boolean;
  /** Returns false when the question was not sent (so the text stays). */
  onAsk: (text: string) => boolean;
  /** The microphone went on or off (the avatar shows that it listens). */
  onListening?: (on: boolean) => void;
};

/** The large input, the send button and, where the browser can listen, the microphone. */
export function Composer({ language, strings, busy, withVoice = true, onAsk, onListening }: Props) {
  const [text, setText] = useState('');
  const speech = useSpeechRecognition({
    language,
    onInterim: setText,
    onFinal: (heard) => {
      setText(heard);
      if (onAsk(heard)) setText('');
    },
  });

  const listening = speech.listening;
  useEffect(() => {
    onListening?.(listening);
  }, [listening, onListening]);

  const send = () => {
    if (!text.trim()) return;
    if (speech.listening) speech.cancel();
    if (onAsk(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms an IME composition (Chinese, Japanese, Korean input) is not a send.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    // A named region: the question field is a landmark of its own, beside the conversation (main).
    <section className="k-composer" aria-label={strings.inputLabel}>
      {speech.blocked && (
        <p className="k-composer-note" role="status">
          {strings.micUnavailable}
        </p>
      )}
      {listening && (
        // Hard to miss while the microphone is on: what it hears, as it hears it, and how to stop.
        <div className="k-listening" role="status" data-testid="kiosk-listening">
          <span className="k-listening-dot" aria-hidden="true" />
          <p className="k-listening-text">
            <span className="k-listening-label">{strings.listening}</span>
            <span className="k-listening-transcript" data-testid="kiosk-transcript">
              {text || strings.listeningHint}
            </span>
          </p>
        </div>
      )}
      <div className="k-composer-row">
        <input
          className="k-input k-composer-input"
          data-testid="kiosk-input"
          value={text}
          maxLength={MAX_QUESTION}
          placeholder={speech.listening ? strings.listening : strings.inputPlaceholder}
          aria-label={strings.inputLabel}
          enterKeyHint="send"
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {withVoice && speech.supported && (
          <button
            type="button"
            className={speech.listening ? 'k-icon-btn k-mic k-mic-on' : 'k-icon-btn k-mic'}
            data-testid="kiosk-mic"
            aria-pressed={speech.listening}
            aria-label={speech.listening ? strings.listening : strings.speak}
            title={speech.listening ? strings.listening : strings.speak}
            onClick={speech.listening ? speech.stop : speech.start}
          >
            <MicIcon />
          </button>
        )}
        <button
          type="button"
          className="k-btn k-btn-primary k-send"
          data-testid="kiosk-send"
          disabled={busy || text.trim() === ''}
          onClick={send}
        >
          <SendIcon />
          <span>{strings.send}</span>
        </button>
      </div>
    </section>
  );
}
