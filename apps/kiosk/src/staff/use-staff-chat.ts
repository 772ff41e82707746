import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { ChatEndedMessage, ChatMessage, ChatStaffMessage, Language } from '@ambassador/contracts';
import { CHAT_MESSAGE_MAX } from '@ambassador/contracts/names';
import type { DeviceApi } from '../api/device-api';
import { DeviceApiError } from '../api/device-client';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { withRetry } from '../lib/with-retry';
import { SOCKET, type Realtime } from '../realtime/realtime-client';
import { useRealtimeConnect, useRealtimeEvent } from '../realtime/use-realtime';

/** One bubble of the thread. */
export type StaffMessage = {
  /** Stable across the send: the client id of the visitor's own messages, else the server id. */
  key: string;
  mine: boolean;
  text: string;
  status: 'sending' | 'failed' | 'sent';
  /** The server's reason when it refused the message; null when it could not be reached. */
  refusal: string | null;
};

type Pending = { clientId: string; text: string; status: 'sending' | 'failed'; refusal: string | null };

export type StaffChatPhase = 'form' | 'starting' | 'open' | 'ended';

type Options = {
  api: DeviceApi;
  realtime: Realtime | null;
  language: Language;
  /** The Q&A session the visitor came from, if any. */
  visitorSessionId?: string | undefined;
  /** The directory unit whose staff the visitor asked for. */
  directoryUnitId?: number | undefined;
  retryDelaysMs: readonly number[];
  /** An operator's message arrived (it counts as activity for the idle timeout). */
  onIncoming: () => void;
};

/** Server messages in server order (ids grow), each once. */
function merge(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The thread as bubbles: the server's messages, then the visitor's own not stored yet. */
function bubbles(server: ChatMessage[], pending: Pending[]): StaffMessage[] {
  const stored = new Set(server.map((m) => m.client_id).filter(Boolean));
  return [
    ...server.map((m): StaffMessage => ({
      key: m.client_id && !m.sent_by_admin ? m.client_id : `id-${m.id}`,
      mine: !m.sent_by_admin,
      text: m.message,
      status: 'sent',
      refusal: null,
    })),
    ...pending
      .filter((p) => !stored.has(p.clientId))
      .map((p): StaffMessage => ({
        key: p.clientId,
        mine: true,
        text: p.text,
        status: p.status,
        refusal: p.refusal,
      })),
  ];
}

/** The chat's messages: those the server has, and the visitor's own on their way. */
function useThread() {
  const [server, setServer] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);

  const receive = useCallback((messages: ChatMessage[]) => {
    setServer((list) => merge(list, messages));
    // A message of ours the server already has is no longer pending (its answer was lost).
    const stored = new Set(messages.map((m) => m.client_id).filter(Boolean));
    if (stored.size > 0) setPending((list) => list.filter((p) => !stored.has(p.clientId)));
  }, []);

  /** The messages of the chat as it opened. */
  const opened = useCallback((messages: ChatMessage[]) => setServer(merge([], messages)), []);

  return { pending, setPending, receive, opened, messages: bubbles(server, pending) };
}

/**
 * The visitor's messages going out one at a time in order, each with a client id reused on every
 * retry (the server stores it once).
 */
function useOutbox({
  api,
  retryDelaysMs,
  sessionRef,
  lifetimeRef,
  phaseRef,
  pending,
  setPending,
  receive,
}: {
  api: DeviceApi;
  retryDelaysMs: readonly number[];
  sessionRef: RefObject<string | null>;
  lifetimeRef: RefObject<AbortController | null>;
  phaseRef: RefObject<StaffChatPhase>;
  pending: Pending[];
  setPending: Dispatch<SetStateAction<Pending[]>>;
  receive: (messages: ChatMessage[]) => void;
}) {
  const queue = useRef<Promise<void>>(Promise.resolve());

  const deliver = useCallback(
    (clientId: string, text: string) => {
      const id = sessionRef.current;
      const signal = lifetimeRef.current?.signal;
      if (!id) return;
      // One at a time, so the operator reads them in the order they were written.
      queue.current = queue.current.then(async () => {
        if (signal?.aborted) return;
        try {
          const saved = await withRetry(
            (s) => api.sendChatMessage(id, { message: text, client_id: clientId }, s),
            retryDelaysMs,
            signal,
          );
          if (signal?.aborted) return;
          receive([saved]);
          setPending((list) => list.filter((p) => p.clientId !== clientId));
        } catch (error) {
          if (signal?.aborted) return;
          const refused = error instanceof DeviceApiError && !error.retryable;
          setPending((list) =>
            list.map((p) =>
              p.clientId === clientId
                ? { ...p, status: 'failed', refusal: refused ? error.message : null }
                : p,
            ),
          );
        }
      });
    },
    [api, retryDelaysMs, receive, sessionRef, lifetimeRef, setPending],
  );

  /** Sends a message; false when it was empty or the chat is not open. */
  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim().slice(0, CHAT_MESSAGE_MAX);
      if (!text || phaseRef.current !== 'open') return false;
      const clientId = newIdempotencyKey();
      setPending((list) => [...list, { clientId, text, status: 'sending', refusal: null }]);
      deliver(clientId, text);
      return true;
    },
    [deliver, phaseRef, setPending],
  );

  /** Sends a failed message again with its original client id. */
  const retry = useCallback(
    (clientId: string) => {
      const message = pending.find((p) => p.clientId === clientId);
      if (!message || message.status !== 'failed' || phaseRef.current !== 'open') return;
      setPending((list) =>
        list.map((p) => (p.clientId === clientId ? { ...p, status: 'sending', refusal: null } : p)),
      );
      deliver(clientId, message.text);
    },
    [pending, deliver, phaseRef, setPending],
  );

  return { send, retry };
}

/**
 * A visitor's live chat with the operators. Operator messages arrive over the device socket; the
 * visitor's go out through the outbox (useOutbox). After a lost connection the whole chat is
 * fetched again to catch up.
 * The chat ends when the component using this goes away: the visitor left or walked away.
 */
export function useStaffChat({
  api,
  realtime,
  language,
  visitorSessionId,
  directoryUnitId,
  retryDelaysMs,
  onIncoming,
}: Options) {
  const [phase, setPhase] = useState<StaffChatPhase>('form');
  const [startError, setStartError] = useState<string | null>(null);
  /** The chat ended while the visitor was here (an operator ended it): they may rate it. */
  const [endedByStaff, setEndedByStaff] = useState(false);
  /** Whether any operator is Available (the server says when the chat opens, then live). */
  const [staffAvailable, setStaffAvailable] = useState(true);
  const { pending, setPending, receive, opened, messages } = useThread();
  const sessionRef = useRef<string | null>(null);
  const phaseRef = useRef<StaffChatPhase>('form');
  const lifetimeRef = useRef<AbortController | null>(null);
  const incoming = useRef(onIncoming);
  useEffect(() => {
    incoming.current = onIncoming;
  });

  const moveTo = (next: StaffChatPhase) => {
    phaseRef.current = next;
    setPhase(next);
  };

  // Leaving ends the chat, so operators see the visitor has gone.
  useEffect(() => {
    const controller = new AbortController();
    lifetimeRef.current = controller;
    return () => {
      controller.abort();
      const id = sessionRef.current;
      if (id && phaseRef.current === 'open') api.endChat(id).catch(() => undefined);
      sessionRef.current = null;
    };
  }, [api]);

  useRealtimeEvent<ChatMessage>(realtime, SOCKET.chatMessage, (message) => {
    if (!message || message.session_id !== sessionRef.current) return;
    receive([message]);
    if (message.sent_by_admin) incoming.current();
  });

  // An operator ended the chat: the visitor reads so, and is asked how satisfied they were.
  useRealtimeEvent<ChatEndedMessage>(realtime, SOCKET.chatEnded, (ended) => {
    if (!ended || ended.session_id !== sessionRef.current || phaseRef.current !== 'open') return;
    setEndedByStaff(true);
    moveTo('ended');
  });

  useRealtimeEvent<ChatStaffMessage>(realtime, SOCKET.chatStaff, (staff) => {
    if (staff && typeof staff.available === 'boolean') setStaffAvailable(staff.available);
  });

  useRealtimeConnect(realtime, () => {
    const id = sessionRef.current;
    if (!id || phaseRef.current !== 'open') return;
    api.chat(id, lifetimeRef.current?.signal).then(
      (chat) => {
        if (sessionRef.current !== id) return;
        receive(chat.messages);
        setStaffAvailable(chat.staff_available);
        if (chat.ended_at) {
          // Ended while the kiosk was offline: not by the visitor, who is still here.
          setEndedByStaff(chat.rating === null);
          moveTo('ended');
        }
      },
      () => undefined, // the next reconnection tries again; live messages still arrive
    );
  });

  const start = useCallback(
    async (name: string, mobile: string) => {
      if (phaseRef.current !== 'form') return;
      moveTo('starting');
      setStartError(null);
      const signal = lifetimeRef.current?.signal;
      try {
        const chat = await api.startChat({
          language,
          name: name.trim(),
          mobile: mobile.trim(),
          ...(visitorSessionId ? { visitor_session_id: visitorSessionId } : {}),
          ...(directoryUnitId ? { directory_unit_id: directoryUnitId } : {}),
        });
        if (signal?.aborted) {
          // The visitor left while it opened: close it again at once.
          api.endChat(chat.session_id).catch(() => undefined);
          return;
        }
        sessionRef.current = chat.session_id;
        opened(chat.messages);
        setStaffAvailable(chat.staff_available);
        moveTo(chat.ended_at ? 'ended' : 'open');
      } catch (error) {
        if (signal?.aborted) return;
        const refused = error instanceof DeviceApiError && !error.retryable;
        setStartError(refused ? error.message : '');
        moveTo('form');
      }
    },
    [api, language, visitorSessionId, directoryUnitId, opened],
  );

  const { send, retry } = useOutbox({
    api,
    retryDelaysMs,
    sessionRef,
    lifetimeRef,
    phaseRef,
    pending,
    setPending,
    receive,
  });

  /** The visitor's satisfaction answer (1–5), saved once; rejects when it was not saved. */
  const rate = useCallback(
    async (rating: number) => {
      const id = sessionRef.current;
      if (!id) return;
      await api.rateChat(id, rating);
    },
    [api],
  );

  return { phase, startError, messages, start, send, retry, endedByStaff, rate, staffAvailable };
}
