import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@ambassador/contracts';
import { isPending, mergeMessage, pendingMessage, withPending, withoutClientId } from './messages';

const S = 'aaaaaaaa-1111-4111-8111-111111111111';
const saved = (id: number, text: string, client_id: string | null = null): ChatMessage => ({
  id,
  session_id: S,
  sent_by_admin: client_id !== null,
  sender: client_id !== null ? 'mary' : null,
  message: text,
  datetime: '2025-03-04T02:00:00Z',
  client_id,
});

describe('chat history merging', () => {
  it('one message, however many ways it arrives (send answer, live event, refetch)', () => {
    const pending = pendingMessage(S, 'On level 2', 'client-1', 'mary');
    expect(isPending(pending)).toBe(true);
    let list = mergeMessage([saved(1, 'Hello')], pending);
    // The live event comes first, then the send's answer: still one copy, no longer pending.
    list = mergeMessage(list, saved(2, 'On level 2', 'client-1'));
    list = mergeMessage(list, saved(2, 'On level 2', 'client-1'));
    expect(list.map((m) => [m.id, m.message])).toEqual([
      [1, 'Hello'],
      [2, 'On level 2'],
    ]);
  });

  it('keeps server messages in id order, with sends on their way last', () => {
    const pending = pendingMessage(S, 'Wait', 'client-2', 'mary');
    const list = mergeMessage(mergeMessage([saved(5, 'five'), pending], saved(3, 'three')), saved(4, 'four'));
    expect(list.map((m) => m.message)).toEqual(['three', 'four', 'five', 'Wait']);
  });

  it('a refetch keeps sends the server has not stored yet, and drops those it has', () => {
    const a = pendingMessage(S, 'A', 'client-a', 'mary');
    const b = pendingMessage(S, 'B', 'client-b', 'mary');
    const next = withPending([saved(1, 'Hello'), saved(2, 'A', 'client-a')], [saved(1, 'Hello'), a, b]);
    expect(next.map((m) => m.message)).toEqual(['Hello', 'A', 'B']);
    expect(next.filter(isPending).map((m) => m.client_id)).toEqual(['client-b']);
  });

  it('takes a failed send out', () => {
    const a = pendingMessage(S, 'A', 'client-a', 'mary');
    expect(withoutClientId([saved(1, 'Hello'), a], 'client-a').map((m) => m.message)).toEqual(['Hello']);
  });
});
