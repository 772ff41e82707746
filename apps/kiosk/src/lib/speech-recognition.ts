import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '@ambassador/contracts';
import { RECOGNITION_LANG } from './languages';

/** The part of the Web Speech API the kiosk uses (not in TypeScript's DOM types). */
type RecognitionResultList = ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

export function recognitionConstructor(): RecognitionConstructor | null {
  const w = window as unknown as Record<string, unknown>;
  const ctor = w.SpeechRecognition ?? w.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as RecognitionConstructor) : null;
}

type Options = {
  language: Language;
  /** What has been heard so far (changes while the visitor speaks). */
  onInterim: (text: string) => void;
  /** The visitor stopped speaking: the whole utterance. */
  onFinal: (text: string) => void;
};

/**
 * Speech to text in the visitor's language. `supported` is false where the browser has no
 * recognition; `blocked` turns true when the microphone is refused, so the button can go away.
 */
export function useSpeechRecognition({ language, onInterim, onFinal }: Options) {
  const [supported] = useState(() => recognitionConstructor() !== null);
  const [listening, setListening] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const handlers = useRef({ onInterim, onFinal });
  useEffect(() => {
    handlers.current = { onInterim, onFinal };
  });

  /** Stops listening and asks what was heard. */
  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);
  const discard = useRef(false);
  /** Stops listening and drops what was heard (the visitor sent typed text instead). */
  const cancel = useCallback(() => {
    discard.current = true;
    recognition.current?.abort();
  }, []);

  const start = useCallback(() => {
    const Ctor = recognitionConstructor();
    if (!Ctor || recognition.current) return;
    const r = new Ctor();
    r.lang = RECOGNITION_LANG[language];
    r.interimResults = true;
    r.continuous = false;
    r.maxAlternatives = 1;
    let finalText = '';
    discard.current = false;
    r.onresult = (event) => {
      let text = '';
      let final = true;
      for (let i = 0; i < event.results.length; i++) {
        const result = event.results[i]!;
        text += result[0]?.transcript ?? '';
        if (!result.isFinal) final = false;
      }
      if (final) finalText = text.trim();
      else handlers.current.onInterim(text);
    };
    r.onerror = (event) => {
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') setBlocked(true);
    };
    r.onend = () => {
      recognition.current = null;
      setListening(false);
      if (finalText && !discard.current) handlers.current.onFinal(finalText);
    };
    recognition.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      recognition.current = null;
      setListening(false);
    }
  }, [language]);

  // Leaving the chat (or the session timing out) never leaves the microphone open.
  useEffect(
    () => () => {
      const r = recognition.current;
      if (r) {
        r.onend = null;
        r.abort();
        recognition.current = null;
      }
    },
    [],
  );

  return { supported: supported && !blocked, listening, blocked, start, stop, cancel };
}
