import { useCallback, useEffect, useRef, useState } from 'react';
import type { AskResult, Language } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { DeviceApiError } from '../api/device-client';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { askWithRetry } from './ask-with-retry';

/** Longest question the device API accepts. */
export const MAX_QUESTION = 500;

/** One question and what became of it. Its id is the idempotency key, reused on every retry. */
export type Exchange = {
  id: string;
  question: string;
  status: 'sending' | 'failed' | 'answered';
  result: AskResult | null;
  /** The server's reason when it refused the question; null when it could not be reached. */
  refusal: string | null;
};

type Options = {
  api: DeviceApi;
  sessionId: string;
  language: Language;
  retryDelaysMs: readonly number[];
  onAnswer: (result: AskResult) => void;
};

/**
 * The conversation of one visitor session. Questions go one at a time: a second tap while an
 * answer is on its way is ignored, so a double-tap never asks twice.
 */
export function useChat({ api, sessionId, language, retryDelaysMs, onAnswer }: Options) {
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const lifetime = useRef<AbortController | null>(null);
  const answered = useRef(onAnswer);
  useEffect(() => {
    answered.current = onAnswer;
  });
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  const patch = (id: string, change: Partial<Exchange>) =>
    setExchanges((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));

  const run = useCallback(
    async (id: string, question: string) => {
      busyRef.current = true;
      setBusy(true);
      const signal = lifetime.current?.signal;
      try {
        const result = await askWithRetry(
          api,
          { session_id: sessionId, text: question, language },
          id,
          retryDelaysMs,
          signal,
        );
        if (signal?.aborted) return;
        patch(id, { status: 'answered', result, refusal: null });
        answered.current(result);
      } catch (error) {
        if (signal?.aborted) return;
        const refused = error instanceof DeviceApiError && !error.retryable;
        patch(id, { status: 'failed', refusal: refused ? error.message : null });
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [api, sessionId, language, retryDelaysMs],
  );

  /** Sends a question; false when it was empty or another one is still being answered. */
  const ask = useCallback(
    (text: string): boolean => {
      const question = text.trim().slice(0, MAX_QUESTION);
      if (!question || busyRef.current) return false;
      const id = newIdempotencyKey();
      busyRef.current = true;
      setExchanges((list) => [...list, { id, question, status: 'sending', result: null, refusal: null }]);
      void run(id, question);
      return true;
    },
    [run],
  );

  /** Sends a failed question again with its original idempotency key. */
  const retry = useCallback(
    (id: string) => {
      if (busyRef.current) return;
      const exchange = exchanges.find((e) => e.id === id);
      if (!exchange || exchange.status !== 'failed') return;
      busyRef.current = true;
      patch(id, { status: 'sending', refusal: null });
      void run(id, exchange.question);
    },
    [exchanges, run],
  );

  return { exchanges, busy, ask, retry };
}
