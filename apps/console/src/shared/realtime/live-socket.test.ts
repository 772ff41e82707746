import { afterEach, describe, expect, it, vi } from 'vitest';
import { disconnectLive, dispatchLiveEvent, onLiveEvent } from './live-socket';

describe('live events that arrive before their handler', () => {
  afterEach(() => {
    disconnectLive();
    vi.useRealTimers();
  });

  it('hands a call that rang while the banner was still loading to the banner once it registers, once', () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    dispatchLiveEvent({ name: 'new_call', real_session_id: 'a' });
    dispatchLiveEvent({ name: 'chat_message', session_id: 's' });
    const calls: unknown[] = [];
    const off = onLiveEvent('new_call', (e) => calls.push(e.real_session_id));
    expect(calls).toEqual(['a']);
    // A second handler (another tab of the UI) does not get it again.
    const again: unknown[] = [];
    onLiveEvent('new_call', (e) => again.push(e));
    expect(again).toEqual([]);
    // Other names stay for their own handler.
    const chats: unknown[] = [];
    onLiveEvent('chat_message', (e) => chats.push(e.session_id));
    expect(chats).toEqual(['s']);
    off();
  });

  it('drops early events after 10 seconds', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    dispatchLiveEvent({ name: 'refresh_push', push_id: 1 });
    vi.advanceTimersByTime(10_001);
    const seen: unknown[] = [];
    onLiveEvent('refresh_push', (e) => seen.push(e));
    expect(seen).toEqual([]);
  });
});
