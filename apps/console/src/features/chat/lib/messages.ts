import type { ChatMessage } from '@ambassador/contracts';

/**
 * The history of a chat as the screen keeps it: the server's messages in id order, then the
 * operator's messages still on their way (negative ids). The same message can reach us three
 * ways — the send's answer, the live event, a refetch — so merging is by id, else by client_id.
 */

let nextPendingId = -1;

/** A message the operator just sent, shown at once until the server confirms it. */
export function pendingMessage(
  sessionId: string,
  text: string,
  clientId: string,
  sender: string,
): ChatMessage {
  return {
    id: nextPendingId--,
    session_id: sessionId,
    sent_by_admin: true,
    sender,
    message: text,
    datetime: new Date().toISOString(),
    client_id: clientId,
  };
}

export function isPending(message: ChatMessage): boolean {
  return message.id < 0;
}

function ordered(messages: ChatMessage[]): ChatMessage[] {
  const confirmed = messages.filter((m) => !isPending(m)).sort((a, b) => a.id - b.id);
  return [...confirmed, ...messages.filter(isPending)];
}

/** Adds a message, or replaces the copy we already have (same id, or same client_id). */
export function mergeMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = messages.findIndex(
    (m) => m.id === message.id || (message.client_id !== null && m.client_id === message.client_id),
  );
  const next = [...messages];
  if (index === -1) next.push(message);
  else next[index] = message;
  return ordered(next);
}

/** A fresh history from the server, keeping the sends it does not know about yet. */
export function withPending(server: readonly ChatMessage[], cached: readonly ChatMessage[] | undefined) {
  const known = new Set(server.map((m) => m.client_id).filter((id): id is string => id !== null));
  const waiting = (cached ?? []).filter((m) => isPending(m) && !known.has(m.client_id ?? ''));
  return ordered([...server, ...waiting]);
}

/** Takes a failed send out of the history. */
export function withoutClientId(messages: readonly ChatMessage[], clientId: string): ChatMessage[] {
  return messages.filter((m) => !(isPending(m) && m.client_id === clientId));
}

/** A client id per send, so a retried send is stored once (ZClientMessageId: 8-100 characters). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
