import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import {
  LIVE_EVENT,
  type ChatEndUser,
  type ChatMessage,
  type ChatWaitingDevice,
} from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { dispatchLiveEvent } from '@/shared/realtime/live-socket';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { renderWithApp, signedInWithTwoDevices } from '@/shared/test/render-with-app';
import { aChat, aMessage } from '../test/fixtures';
import { CHAT_SEARCH_DEBOUNCE_MS, ChatPage } from './chat-page';

configure({ asyncUtilTimeout: 4000 });
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 4000 });

const ANN = 'aaaaaaaa-1111-4111-8111-111111111111';
const BEN = 'bbbbbbbb-2222-4222-8222-222222222222';
const NEW = 'cccccccc-3333-4333-8333-333333333333';
const XSS = '<img src=x onerror=alert(1)>';

type Chats = {
  chats: ChatEndUser[];
  history: Record<string, ChatMessage[]>;
  /** GET /chat/waiting's answer (every device of the project); none when left out. */
  waiting?: ChatWaitingDevice[];
};

/**
 * A chat server in memory, like the real one: the list newest activity first with a total,
 * reading a history clears its unread count, a send is stored and returned. `override` answers
 * first (failures, slow answers).
 */
function chatServer(state: Chats, override?: (call: FakeCall) => FakeReply | Promise<FakeReply>) {
  return fakeServer(async (call) => {
    const custom = await override?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/chat/waiting' && state.waiting) {
      return { body: state.waiting, total: state.waiting.reduce((n, d) => n + d.chats, 0) };
    }
    if (call.method === 'GET' && call.path === '/chat/endusers') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      const device = Number(call.query.get('device_id'));
      const rows = state.chats.filter(
        (c) => c.device_id === device && (!search || c.name.toLowerCase().includes(search)),
      );
      return { body: rows, total: rows.length };
    }
    const one = /^\/chat\/endusers\/(.+)$/.exec(call.path);
    if (one && call.method === 'GET') {
      const chat = state.chats.find((c) => c.session_id === one[1]);
      return chat ? { body: chat } : undefined;
    }
    if (one && call.method === 'PUT') {
      const index = state.chats.findIndex((c) => c.session_id === one[1]);
      state.chats[index] = { ...state.chats[index]!, ...(call.body as object) };
      return { body: state.chats[index] };
    }
    const history = /^\/chat\/history\/(.+)$/.exec(call.path);
    if (history) {
      const sessionId = history[1]!;
      state.chats = state.chats.map((c) => (c.session_id === sessionId ? { ...c, unread: 0 } : c));
      return { body: state.history[sessionId] ?? [] };
    }
    if (call.method === 'POST' && call.path === '/chat/send') {
      const body = call.body as { session_id: string; message: string; client_id: string };
      const saved = aMessage(body.session_id, body.message, {
        sent_by_admin: true,
        sender: 'mary',
        client_id: body.client_id,
      });
      (state.history[body.session_id] ??= []).push(saved);
      return { body: saved };
    }
    return undefined;
  });
}

function twoChats(): Chats {
  return {
    chats: [
      aChat(ANN, {
        name: 'Ann Lee',
        mobile: '+852 9123 4567',
        tags: ['VIP', 'Wheelchair'],
        unread: 3,
        last_message: 'Where is the pharmacy?',
        last_message_at: '2025-03-04T02:00:00Z',
      }),
      // Listed first by the server here, but its last activity is older: the screen orders it.
      aChat(BEN, {
        last_message: 'Thank you',
        last_message_at: '2025-03-03T09:00:00Z',
        ended_at: '2025-03-03T09:05:00Z',
      }),
    ].reverse(),
    history: {
      [ANN]: [
        aMessage(ANN, 'Hello, I need help'),
        aMessage(ANN, 'Sure, how can I help?', { sent_by_admin: true, sender: 'tom' }),
        aMessage(ANN, 'Where is the pharmacy?'),
      ],
      [BEN]: [aMessage(BEN, 'Thank you')],
    },
  };
}

const historyCalls = (calls: FakeCall[], sessionId: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === `/chat/history/${sessionId}`);
const listCalls = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/chat/endusers');
const item = (sessionId: string) => screen.getByTestId(`chat-enduser-${sessionId}`);
const bubbles = () => screen.queryAllByTestId('chat-message');
const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;

/** Mary on a project with two devices, query data fresh for 30 s as in the app. */
function render(path = '/chat') {
  return renderWithApp(<ChatPage />, path, { auth: signedInWithTwoDevices, staleTime: 30_000 });
}

beforeEach(() => {
  snackbarStore.get().open = false;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('ChatPage', { timeout: 20_000 }, () => {
  it('lists the selected device’s chats, newest activity first, with what an operator needs', async () => {
    const calls = chatServer(twoChats());
    render();

    await screen.findByTestId(`chat-enduser-${ANN}`);
    const order = screen.getAllByTestId(/^chat-enduser-[0-9a-f-]+$/).map((el) => el.dataset.testid);
    expect(order).toEqual([`chat-enduser-${ANN}`, `chat-enduser-${BEN}`]);

    const ann = within(item(ANN));
    expect(ann.getByTestId('chat-enduser-name').textContent).toBe('Ann Lee');
    expect(ann.getByText('+852 9123 4567')).toBeTruthy();
    expect(ann.getByText('VIP')).toBeTruthy();
    expect(ann.getByText('Wheelchair')).toBeTruthy();
    expect(ann.getByTestId('chat-enduser-preview').textContent).toBe('Where is the pharmacy?');
    expect(ann.queryByTestId('chat-ended')).toBeNull();

    // No name yet: "Visitor" and the start of the session id; the chat has ended.
    const ben = within(item(BEN));
    expect(ben.getByTestId('chat-enduser-name').textContent).toBe('Visitor');
    expect(ben.getByText('#bbbbbbbb')).toBeTruthy();
    expect(ben.getByTestId('chat-ended').textContent).toBe('Ended');

    const query = Object.fromEntries(listCalls(calls)[0]!.query.entries());
    expect(query).toMatchObject({ device_id: '7', offset: '0' });
    expect(query.search).toBeUndefined();
    // Nothing is selected yet.
    expect(screen.getByTestId('chat-placeholder').textContent).toContain('No chat selected');
  });

  it('shows unread counts only on chats that have unread messages', async () => {
    chatServer(twoChats());
    render();
    await screen.findByTestId(`chat-enduser-${ANN}`);
    expect(within(item(ANN)).getByTestId('chat-unread').textContent).toBe('3');
    expect(within(item(ANN)).getByLabelText('3 unread')).toBeTruthy();
    expect(within(item(BEN)).queryByTestId('chat-unread')).toBeNull();
  });

  it('says so when there are no chats yet', async () => {
    chatServer({ chats: [], history: {} });
    render();
    expect((await screen.findByTestId('chat-list-empty')).textContent).toContain('No chats yet');
  });

  it('opens a chat: its address, its history in order and sides, and its unread count cleared', async () => {
    const calls = chatServer(twoChats());
    render();
    fireEvent.click(await screen.findByTestId(`chat-enduser-${ANN}`));

    expect(screen.getByTestId('location').textContent).toBe(`/chat?session=${ANN}`);
    await eventually(() => expect(bubbles()).toHaveLength(3));
    expect(
      bubbles().map((b) => [b.dataset.from, within(b).getByTestId('chat-message-text').textContent]),
    ).toEqual([
      ['visitor', 'Hello, I need help'],
      ['operator', 'Sure, how can I help?'],
      ['visitor', 'Where is the pharmacy?'],
    ]);
    // Sender names: the operator's username, the visitor's name.
    expect(bubbles()[1]!.textContent).toContain('tom');
    expect(bubbles()[0]!.textContent).toContain('Ann Lee');
    expect(screen.getByTestId('chat-header-name').textContent).toBe('Ann Lee');
    expect(historyCalls(calls, ANN)).toHaveLength(1);
    expect(within(item(ANN)).queryByTestId('chat-unread')).toBeNull();

    // Still cleared after the list is read again (the server marked them read).
    fireEvent.click(item(BEN));
    await eventually(() => expect(bubbles()).toHaveLength(1));
    expect(within(item(ANN)).queryByTestId('chat-unread')).toBeNull();
  });

  it('appends a sent message at once, before the server answers', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const calls = chatServer(twoChats(), (call) =>
      call.path === '/chat/send' ? new Promise<FakeReply>((resolve) => (answer = resolve)) : undefined,
    );
    render(`/chat?session=${ANN}`);
    await eventually(() => expect(bubbles()).toHaveLength(3));

    fireEvent.change(input(), { target: { value: '  It is on level 2, next to the lifts.  ' } });
    fireEvent.click(screen.getByTestId('chat-send'));

    expect(bubbles()).toHaveLength(4);
    const sent = bubbles()[3]!;
    expect(sent.dataset.from).toBe('operator');
    expect(sent.dataset.pending).toBe('true');
    expect(within(sent).getByTestId('chat-message-text').textContent).toBe(
      'It is on level 2, next to the lifts.',
    );
    expect(input().value).toBe('');

    await eventually(() => expect(calls.some((c) => c.path === '/chat/send')).toBe(true));
    const post = calls.find((c) => c.path === '/chat/send')!;
    const body = post.body as { session_id: string; message: string; client_id: string };
    expect(body.session_id).toBe(ANN);
    expect(body.message).toBe('It is on level 2, next to the lifts.');
    expect(body.client_id).toMatch(/^[0-9a-f-]{36}$/);

    await act(async () =>
      answer({
        body: aMessage(ANN, body.message, { sent_by_admin: true, sender: 'mary', client_id: body.client_id }),
      }),
    );
    await eventually(() => expect(bubbles()[3]!.dataset.pending).toBeUndefined());
    expect(bubbles()).toHaveLength(4);
  });

  it('on a failed send reads the history again and shows the error', async () => {
    const state = twoChats();
    const calls = chatServer(state, (call) =>
      call.path === '/chat/send'
        ? { status: 409, body: { success: false, message: 'This chat has ended', error: 'chat_ended' } }
        : undefined,
    );
    render(`/chat?session=${ANN}`);
    await eventually(() => expect(bubbles()).toHaveLength(3));
    // Meanwhile the visitor wrote again.
    state.history[ANN]!.push(aMessage(ANN, 'Hello?'));

    fireEvent.change(input(), { target: { value: 'On level 2' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(bubbles()).toHaveLength(4);

    await eventually(() =>
      expect(snackbarStore.get()).toMatchObject({ status: 'error', text: 'This chat has ended' }),
    );
    await eventually(() => expect(historyCalls(calls, ANN)).toHaveLength(2));
    await eventually(() =>
      expect(bubbles().map((b) => b.textContent)).toEqual([
        expect.stringContaining('Hello, I need help'),
        expect.stringContaining('Sure, how can I help?'),
        expect.stringContaining('Where is the pharmacy?'),
        expect.stringContaining('Hello?'),
      ]),
    );
    // The text is not lost: it is back in the box to try again.
    expect(input().value).toBe('On level 2');
  });

  it('shows messages as plain text: markup appears literally and is never run', async () => {
    const state = twoChats();
    state.chats[1] = { ...state.chats[1]!, last_message: XSS };
    state.history[ANN] = [aMessage(ANN, XSS), aMessage(ANN, 'line one\nline two')];
    chatServer(state);
    const { container } = render(`/chat?session=${ANN}`);

    await eventually(() => expect(bubbles()).toHaveLength(2));
    expect(within(bubbles()[0]!).getByTestId('chat-message-text').textContent).toBe(XSS);
    expect(within(item(ANN)).getByTestId('chat-enduser-preview').textContent).toBe(XSS);
    expect(within(bubbles()[1]!).getByTestId('chat-message-text').textContent).toBe('line one\nline two');
    expect(container.querySelector('img')).toBeNull();
  });

  it('sends on Enter, starts a new line on Shift+Enter, and counts characters', async () => {
    const calls = chatServer(twoChats());
    render(`/chat?session=${ANN}`);
    await eventually(() => expect(bubbles()).toHaveLength(3));

    fireEvent.change(input(), { target: { value: 'Two' } });
    expect(screen.getByTestId('chat-counter').textContent).toBe('3/2000 characters');
    expect(input().maxLength).toBe(2000);
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(calls.some((c) => c.path === '/chat/send')).toBe(false);

    fireEvent.keyDown(input(), { key: 'Enter' });
    await eventually(() => expect(calls.filter((c) => c.path === '/chat/send')).toHaveLength(1));
    expect(bubbles()).toHaveLength(4);

    // Nothing but spaces is not a message.
    fireEvent.change(input(), { target: { value: '   ' } });
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('cannot reply to a chat that has ended', async () => {
    chatServer(twoChats());
    render(`/chat?session=${BEN}`);
    await eventually(() => expect(bubbles()).toHaveLength(1));
    expect(input().disabled).toBe(true);
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getAllByText('This chat has ended. The visitor can no longer receive messages.').length,
    ).toBeGreaterThan(0);
  });

  it('brings in live messages: a new chat in the list, a new message in the open chat', async () => {
    const state = twoChats();
    const calls = chatServer(state);
    render(`/chat?session=${ANN}`);
    await eventually(() => expect(bubbles()).toHaveLength(3));
    const listsBefore = listCalls(calls).length;

    // A visitor elsewhere on this device opens a chat.
    state.chats.unshift(
      aChat(NEW, {
        name: 'Chan Tai Man',
        unread: 1,
        last_message: 'Hi',
        last_message_at: '2025-03-04T03:00:00Z',
      }),
    );
    act(() =>
      dispatchLiveEvent({
        name: LIVE_EVENT.chatMessage,
        project_id: 1,
        device_id: 7,
        session_id: NEW,
        message: aMessage(NEW, 'Hi'),
        unread: 1,
      }),
    );
    await screen.findByTestId(`chat-enduser-${NEW}`);
    expect(listCalls(calls).length).toBeGreaterThan(listsBefore);
    expect(within(item(NEW)).getByTestId('chat-unread').textContent).toBe('1');
    // Newest activity first.
    expect(screen.getAllByTestId(/^chat-enduser-[0-9a-f-]+$/)[0]).toBe(item(NEW));

    // The open chat's visitor writes: it appears in the thread.
    const message = aMessage(ANN, 'Is it open now?');
    state.history[ANN]!.push(message);
    act(() =>
      dispatchLiveEvent({
        name: LIVE_EVENT.chatMessage,
        project_id: 1,
        device_id: 7,
        session_id: ANN,
        message,
        unread: 1,
      }),
    );
    await eventually(() => expect(bubbles()).toHaveLength(4));
    expect(bubbles()[3]!.textContent).toContain('Is it open now?');
    // Read on arrival: no unread count on the open chat.
    await eventually(() => expect(historyCalls(calls, ANN).length).toBe(2));
    expect(within(item(ANN)).queryByTestId('chat-unread')).toBeNull();
  });

  it('keeps the newest message in view, unless the operator scrolled up to read', async () => {
    // jsdom lays nothing out: give every element a 1000 px tall content in a 300 px box.
    const scrollTops = new WeakMap<Element, number>();
    const restore = [
      ['scrollHeight', { get: () => 1000 }],
      ['clientHeight', { get: () => 300 }],
      [
        'scrollTop',
        {
          get(this: Element) {
            return scrollTops.get(this) ?? 0;
          },
          set(this: Element, value: number) {
            scrollTops.set(this, value);
          },
        },
      ],
    ].map(([name, descriptor]) => {
      const before = Object.getOwnPropertyDescriptor(Element.prototype, name as string);
      Object.defineProperty(Element.prototype, name as string, {
        configurable: true,
        ...(descriptor as object),
      });
      return () => before && Object.defineProperty(Element.prototype, name as string, before);
    });
    try {
      const state = twoChats();
      chatServer(state);
      render(`/chat?session=${ANN}`);
      await eventually(() => expect(bubbles()).toHaveLength(3));
      const thread = screen.getByTestId('chat-history');
      expect(thread.scrollTop).toBe(1000);

      // The operator scrolls up; a visitor message arrives: the view stays where they read.
      thread.scrollTop = 100;
      fireEvent.scroll(thread);
      const message = aMessage(ANN, 'Hello?');
      state.history[ANN]!.push(message);
      act(() =>
        dispatchLiveEvent({
          name: LIVE_EVENT.chatMessage,
          device_id: 7,
          session_id: ANN,
          message,
          unread: 1,
        }),
      );
      await eventually(() => expect(bubbles()).toHaveLength(4));
      expect(thread.scrollTop).toBe(100);

      // Their own message always comes into view.
      fireEvent.change(input(), { target: { value: 'Coming' } });
      fireEvent.click(screen.getByTestId('chat-send'));
      expect(bubbles()).toHaveLength(5);
      expect(thread.scrollTop).toBe(1000);
    } finally {
      for (const undo of restore) undo();
    }
  });

  it('does not mix in another device’s chats, shows that visitors wait there, and switches to them', async () => {
    const state = twoChats();
    state.chats.push(
      aChat(NEW, {
        device_id: 8,
        device_name: 'Gate kiosk',
        name: 'Gwen Ho',
        last_message: 'Hello from the gate',
      }),
    );
    state.waiting = [
      { device_id: 7, device_name: 'Lobby', chats: 1, unread: 3, latest_session_id: ANN },
      { device_id: 8, device_name: 'Gate kiosk', chats: 1, unread: 1, latest_session_id: NEW },
    ];
    const calls = chatServer(state);
    render();
    await screen.findByTestId(`chat-enduser-${ANN}`);
    const listsBefore = listCalls(calls).length;

    // Only the other device is named above the list: the selected one's chats are in it.
    const strip = await screen.findByTestId('chat-waiting-elsewhere');
    expect(strip.textContent).toContain('Visitors waiting on other devices');
    expect(within(strip).getByTestId('chat-waiting-device-8').textContent).toContain('Gate kiosk: 1 waiting');
    expect(within(strip).queryByTestId('chat-waiting-device-7')).toBeNull();

    /** A visitor's message on a device, as the server announces it. */
    const says = (device: [number, string], session: string, text: string) =>
      act(() =>
        dispatchLiveEvent({
          name: LIVE_EVENT.chatMessage,
          project_id: 1,
          device_id: device[0],
          device_name: device[1],
          session_id: session,
          change: 'message',
          message: aMessage(session, text),
          unread: 1,
        }),
      );
    says([8, 'Gate kiosk'], NEW, 'Hello from the gate');
    expect(screen.queryByTestId(`chat-enduser-${NEW}`)).toBeNull();
    // Then one on this device, which reads the list again: the first to, as events are heard in order.
    says([7, 'Lobby'], BEN, 'Still here');
    await eventually(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
    expect(listCalls(calls).length).toBe(listsBefore + 1);

    // One click: Gate kiosk is selected and its waiting chat opens, here on Live Chat.
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Gate kiosk' }));
    await eventually(() => expect(screen.getByTestId('location').textContent).toBe(`/chat?session=${NEW}`));
    expect(authStore.get().selected_device).toBe(8);
    await screen.findByTestId(`chat-enduser-${NEW}`);
    expect(screen.queryByTestId(`chat-enduser-${ANN}`)).toBeNull();
    await eventually(() => expect(historyCalls(calls, NEW)).toHaveLength(1));
    // Now Lobby is the other device with a visitor waiting.
    await eventually(() =>
      expect(screen.getByTestId('chat-waiting-elsewhere').textContent).toContain('Lobby: 1 waiting'),
    );
  });

  it('searches only after a 500 ms pause in typing', async () => {
    const calls = chatServer(twoChats());
    render();
    await screen.findByTestId(`chat-enduser-${ANN}`);
    vi.useFakeTimers({ shouldAdvanceTime: true });

    fireEvent.change(screen.getByTestId('chat-search'), { target: { value: 'An' } });
    fireEvent.change(screen.getByTestId('chat-search'), { target: { value: 'Ann ' } });
    await act(async () => vi.advanceTimersByTime(CHAT_SEARCH_DEBOUNCE_MS - 100));
    expect(listCalls(calls).some((c) => c.query.has('search'))).toBe(false);

    await act(async () => vi.advanceTimersByTime(150));
    await eventually(() => expect(listCalls(calls).at(-1)!.query.get('search')).toBe('Ann'));
    expect(listCalls(calls).filter((c) => c.query.has('search'))).toHaveLength(1);
    await eventually(() => expect(screen.queryByTestId(`chat-enduser-${BEN}`)).toBeNull());

    fireEvent.change(screen.getByTestId('chat-search'), { target: { value: 'Nobody' } });
    await act(async () => vi.advanceTimersByTime(CHAT_SEARCH_DEBOUNCE_MS + 50));
    expect((await screen.findByTestId('chat-list-empty')).textContent).toContain('No chats match “Nobody”.');
  });

  it('edits the visitor’s name, mobile and tags', async () => {
    const calls = chatServer(twoChats());
    render(`/chat?session=${BEN}`);
    await eventually(() => expect(bubbles()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('chat-edit'));
    const dialog = await screen.findByTestId('chat-enduser-dialog');
    fireEvent.change(within(dialog).getByTestId('chat-edit-name'), { target: { value: ' Wong Siu Ming ' } });
    fireEvent.change(within(dialog).getByTestId('chat-edit-mobile'), { target: { value: 'call me' } });
    fireEvent.change(within(dialog).getByTestId('chat-edit-tags'), { target: { value: 'Lost child' } });
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    expect(await within(dialog).findByText('Use digits, spaces and + - ( ) only')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('chat-edit-mobile'), { target: { value: '+852 6123 4567' } });
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    await eventually(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/chat/endusers/${BEN}`);
    // The tag still being typed is kept, not dropped.
    expect(put.body).toEqual({ name: 'Wong Siu Ming', mobile: '+852 6123 4567', tags: ['Lost child'] });
    await eventually(() => expect(screen.getByTestId('chat-header-name').textContent).toBe('Wong Siu Ming'));
    expect(snackbarStore.get()).toMatchObject({ status: 'success', text: 'Visitor updated' });
    expect(within(item(BEN)).getByText('Lost child')).toBeTruthy();
  });
});
