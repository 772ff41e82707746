import type { ChatMessage, DeviceChat } from '@ambassador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CONFIG,
  FAST,
  SESSION_ID,
  fakeDevice,
  openChat,
  renderKiosk,
  type DeviceCall,
  type DeviceReply,
} from '../test/fake-device';
import { fakeTime, passTime } from '../test/fake-time';
import type { FakeSocket } from '../test/fake-socket';
import type { Timing } from '../lib/timing';

const CHAT_ID = '9b2f1c3e-4d5a-4b6c-8d7e-0f1a2b3c4d5e';
const OTHER_CHAT = '1b2f1c3e-4d5a-4b6c-8d7e-0f1a2b3c4d5e';

let nextId = 100;
function message(text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: nextId++,
    session_id: CHAT_ID,
    sent_by_admin: true,
    sender: 'amy',
    message: text,
    datetime: '2025-01-01T09:01:00.000Z',
    client_id: null,
    ...extra,
  };
}

function chat(messages: ChatMessage[] = [], ended = false): DeviceChat {
  return {
    session_id: CHAT_ID,
    created_at: '2025-01-01T09:00:00.000Z',
    ended_at: ended ? '2025-01-01T09:10:00.000Z' : null,
    rating: null,
    staff_available: true,
    messages,
  };
}

/** The chat API as a working server answers it; `send` decides each POST of a message. */
function chatServer(
  send: (call: DeviceCall) => DeviceReply = () => undefined,
  history: () => ChatMessage[] = () => [],
) {
  return (call: DeviceCall): DeviceReply => {
    const body = call.body as { message?: string; client_id?: string } | undefined;
    if (call.method === 'POST' && call.path === '/chats') return { body: chat() };
    if (call.method === 'GET' && call.path === `/chats/${CHAT_ID}`) return { body: chat(history()) };
    if (call.path === `/chats/${CHAT_ID}/end`) return { body: chat([], true) };
    if (call.path === `/chats/${CHAT_ID}/rating`) return { body: chat([], true) };
    if (call.path === `/chats/${CHAT_ID}/messages`)
      return (
        send(call) ?? {
          body: message(body!.message!, { sent_by_admin: false, sender: null, client_id: body!.client_id! }),
        }
      );
    return undefined;
  };
}

/** In an English Q&A session, opens the staff chat and starts it with `name` and `mobile`. */
async function startStaffChat({
  handler = chatServer(),
  name = '',
  mobile = '',
  timing = FAST,
}: {
  handler?: (call: DeviceCall) => DeviceReply;
  name?: string;
  mobile?: string;
  timing?: Partial<Timing>;
} = {}) {
  const calls = fakeDevice(handler);
  const { sockets } = renderKiosk({ timing });
  await openChat();
  fireEvent.click(screen.getByTestId('kiosk-staff-chat'));
  fireEvent.change(screen.getByTestId('kiosk-staff-name'), { target: { value: name } });
  fireEvent.change(screen.getByTestId('kiosk-staff-mobile'), { target: { value: mobile } });
  fireEvent.click(screen.getByTestId('kiosk-staff-start'));
  const input = await screen.findByTestId('kiosk-staff-input');
  return { calls, socket: sockets.socket, input };
}

const bubbles = () => screen.queryAllByTestId('kiosk-staff-message');
const texts = () => bubbles().map((b) => b.textContent);
const sends = (calls: DeviceCall[]) => calls.filter((c) => c.path === `/chats/${CHAT_ID}/messages`);

function write(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

function operatorWrites(socket: FakeSocket, text: string, extra: Partial<ChatMessage> = {}) {
  socket.serverSend('chat:message', message(text, extra));
}

describe('staff chat', () => {
  it('says staff are away when no operator is Available, still taking a message, and follows it live', async () => {
    const { calls, socket, input } = await startStaffChat({
      handler: (call) =>
        call.method === 'POST' && call.path === '/chats'
          ? { body: { ...chat(), staff_available: false } }
          : chatServer()(call),
    });
    expect(screen.getByTestId('kiosk-staff-away').textContent).toBe(
      'Our staff are away right now. Leave a message and we will reply as soon as we can.',
    );
    expect(screen.queryByTestId('kiosk-staff-waiting')).toBeNull();
    write(input, 'Please call me back');
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    socket.serverSend('chat:staff', { available: true });
    await waitFor(() => expect(screen.queryByTestId('kiosk-staff-away')).toBeNull());
    socket.serverSend('chat:staff', { available: false });
    expect(await screen.findByTestId('kiosk-staff-away')).toBeTruthy();
  });

  it('an operator ends the chat: the visitor reads so and answers how satisfied they were, once', async () => {
    const { calls, socket, input } = await startStaffChat();
    // Another chat's end is not this visitor's.
    socket.serverSend('chat:ended', { session_id: OTHER_CHAT, ended_at: '2025-01-01T09:10:00.000Z' });
    expect(screen.queryByTestId('kiosk-staff-ended')).toBeNull();
    socket.serverSend('chat:ended', { session_id: CHAT_ID, ended_at: '2025-01-01T09:10:00.000Z' });
    expect((await screen.findByTestId('kiosk-staff-ended')).textContent).toBe('This chat has ended.');
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('How satisfied were you with this chat?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '4 out of 5' }));
    expect((await screen.findByTestId('kiosk-staff-rated')).textContent).toBe('Thank you for your feedback.');
    expect(calls.filter((c) => c.path === `/chats/${CHAT_ID}/rating`).map((c) => c.body)).toEqual([
      { rating: 4 },
    ]);
    expect(screen.getByTestId('kiosk-staff-rate-4').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('kiosk-staff-rate-5') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens with the visitor details and session, and shows operator messages as they arrive', async () => {
    const { calls, socket } = await startStaffChat({ name: ' Mei ', mobile: '+852 9123 4567' });

    expect(calls.find((c) => c.path === '/chats')!.body).toEqual({
      language: 'english',
      name: 'Mei',
      mobile: '+852 9123 4567',
      visitor_session_id: SESSION_ID,
    });
    expect(screen.getByTestId('kiosk-staff-waiting').textContent).toBe(
      'A staff member will reply here shortly.',
    );

    operatorWrites(socket, 'Hello, how can I help?');
    // Another chat's message (an earlier visitor's) is not this visitor's business.
    operatorWrites(socket, 'Are you still there?', { session_id: OTHER_CHAT });

    expect(texts()).toEqual(['Hello, how can I help?']);
    expect(bubbles()[0]!.dataset.mine).toBe('false');
    expect(screen.getByText('Staff')).toBeTruthy();
    expect(screen.queryByTestId('kiosk-staff-waiting')).toBeNull();
  });

  it("shows the visitor's message at once and sends it with a client id", async () => {
    let release: (reply: DeviceReply) => void = () => undefined;
    const { calls, input } = await startStaffChat({
      handler: chatServer(() => new Promise((resolve) => (release = resolve)) as never),
    });
    write(input, '  Where is the lost and found?  ');

    expect(texts()).toEqual(['Where is the lost and found?']);
    expect(bubbles()[0]!.dataset.status).toBe('sending');
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    const body = sends(calls)[0]!.body as { message: string; client_id: string };
    expect(body.message).toBe('Where is the lost and found?');
    expect(body.client_id).toMatch(/^[0-9a-f-]{36}$/);

    release({
      body: message(body.message, { sent_by_admin: false, sender: null, client_id: body.client_id }),
    });
    await waitFor(() => expect(bubbles()[0]!.dataset.status).toBe('sent'));
    expect(texts()).toEqual(['Where is the lost and found?']);
    expect(bubbles()[0]!.dataset.mine).toBe('true');
  });

  it('retries a dropped message with the same client id until it is stored', async () => {
    let attempt = 0;
    const { calls, input } = await startStaffChat({
      handler: chatServer(() => (++attempt < 3 ? 'network' : undefined)),
    });
    write(input, 'Is parking free?');

    await waitFor(() => expect(bubbles()[0]!.dataset.status).toBe('sent'));
    const ids = sends(calls).map((c) => (c.body as { client_id: string }).client_id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(screen.queryByTestId('kiosk-staff-retry')).toBeNull();
  });

  it('marks a message failed after the retries run out, and Try again reuses its client id', async () => {
    let online = false;
    const { calls, input } = await startStaffChat({
      handler: chatServer(() => (online ? undefined : 'network')),
    });
    write(input, 'Hello?');

    await screen.findByTestId('kiosk-staff-retry');
    expect(bubbles()[0]!.dataset.status).toBe('failed');
    expect(screen.getByRole('alert').textContent).toContain('Not sent.');
    expect(sends(calls)).toHaveLength(4); // the first try and three retries

    online = true;
    fireEvent.click(screen.getByTestId('kiosk-staff-retry'));
    await waitFor(() => expect(bubbles()[0]!.dataset.status).toBe('sent'));
    expect(new Set(sends(calls).map((c) => (c.body as { client_id: string }).client_id)).size).toBe(1);
    expect(texts()).toEqual(['Hello?']);

    write(input, 'Thanks');
    await waitFor(() => expect(sends(calls)).toHaveLength(6));
    const [first, , , , , last] = sends(calls).map((c) => (c.body as { client_id: string }).client_id);
    expect(last).not.toBe(first);
  });

  it('shows markup as the text it is', async () => {
    const { socket, input } = await startStaffChat();
    operatorWrites(socket, '<img src=x onerror=alert(1)><b>bold</b>');
    write(input, '<script>alert(2)</script>');
    await waitFor(() => expect(bubbles()).toHaveLength(2));

    expect(texts()).toEqual(['<img src=x onerror=alert(1)><b>bold</b>', '<script>alert(2)</script>']);
    for (const bubble of bubbles()) expect(bubble.children).toHaveLength(0);
  });

  it('catches up on what operators wrote while the connection was down', async () => {
    const missed: ChatMessage[] = [];
    const { calls, socket } = await startStaffChat({ handler: chatServer(undefined, () => missed) });
    operatorWrites(socket, 'First');

    socket.serverDisconnect('transport close');
    expect(screen.getByTestId('kiosk-staff-reconnecting').textContent).toContain('Reconnecting');
    missed.push(message('Second'), message('Third'));
    socket.serverConnect();

    await waitFor(() => expect(texts()).toEqual(['First', 'Second', 'Third']));
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/chats/${CHAT_ID}`)).toHaveLength(1);
    expect(screen.queryByTestId('kiosk-staff-reconnecting')).toBeNull();
  });

  it('ends the chat when the visitor leaves it, back in the Q&A chat', async () => {
    const { calls } = await startStaffChat();
    fireEvent.click(screen.getByTestId('kiosk-staff-end'));

    expect(screen.queryByTestId('kiosk-staff-input')).toBeNull();
    expect(screen.getByTestId('kiosk-input')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === `/chats/${CHAT_ID}/end`)).toHaveLength(1));
    // The Q&A session goes on.
    expect(calls.some((c) => c.path === `/sessions/${SESSION_ID}/end`)).toBe(false);
  });

  it('holds the idle timeout while it is open, and still ends a chat left behind', async () => {
    fakeTime();
    const { calls } = await startStaffChat({
      timing: { ...FAST, idleMs: 300, warningMs: 150, staffIdleMs: 1_500 },
    });
    // Well past the visitor session's idle time, the chat is still there.
    await passTime(700);
    expect(screen.getByTestId('kiosk-staff-input')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/end'))).toBe(false);

    // Nobody touched anything for the staff chat's own, longer time: both end.
    expect(await screen.findByTestId('kiosk-start-english', {}, { timeout: 4_000 })).toBeTruthy();
    await waitFor(() => {
      expect(calls.filter((c) => c.path === `/chats/${CHAT_ID}/end`)).toHaveLength(1);
      expect(calls.filter((c) => c.path === `/sessions/${SESSION_ID}/end`)).toHaveLength(1);
    });
  });

  it('says when the chat could not be opened and lets the visitor try again', async () => {
    let down = true;
    const server = chatServer();
    const calls = fakeDevice((call) => (call.path === '/chats' && down ? 'network' : server(call)));
    renderKiosk();
    await openChat();
    fireEvent.click(screen.getByTestId('kiosk-staff-chat'));
    fireEvent.click(screen.getByTestId('kiosk-staff-start'));

    expect((await screen.findByTestId('kiosk-staff-start-error')).textContent).toBe(
      "Sorry, we couldn't reach our staff. Please try again.",
    );
    down = false;
    fireEvent.click(screen.getByTestId('kiosk-staff-start'));
    await screen.findByTestId('kiosk-staff-input');
    expect(calls.filter((c) => c.path === '/chats')).toHaveLength(2);
  });

  it('refuses a mobile number with letters before asking the server', async () => {
    const calls = fakeDevice(chatServer());
    renderKiosk();
    await openChat('cantonese');
    fireEvent.click(screen.getByTestId('kiosk-staff-chat'));
    fireEvent.change(screen.getByTestId('kiosk-staff-mobile'), { target: { value: 'call me' } });

    expect(screen.getByRole('alert').textContent).toBe('只可以用數字、空格同 + - ( )。');
    expect(screen.getByTestId('kiosk-staff-start')).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('kiosk-staff-start'));
    expect(calls.some((c) => c.path === '/chats')).toBe(false);
  });

  it('opens from the start screen in the default language, without a visitor session', async () => {
    const calls = fakeDevice(chatServer());
    renderKiosk();
    fireEvent.click(await screen.findByTestId('kiosk-staff-chat'));
    expect(screen.getByTestId('kiosk-staff-start').textContent).toBe('Start chat');
    fireEvent.click(screen.getByTestId('kiosk-staff-start'));
    await screen.findByTestId('kiosk-staff-input');

    expect(calls.find((c) => c.path === '/chats')!.body).toEqual({
      language: 'english',
      name: '',
      mobile: '',
    });
    fireEvent.click(screen.getByTestId('kiosk-staff-end'));
    expect(screen.getByTestId('kiosk-start-english')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === `/chats/${CHAT_ID}/end`)).toBe(true));
  });

  it('offers a video call on ambassador devices only', async () => {
    fakeDevice((call) =>
      call.path === '/config'
        ? { body: { ...CONFIG, device: { ...CONFIG.device, kind: 'chatbot' } } }
        : undefined,
    );
    renderKiosk();
    expect(await screen.findByTestId('kiosk-staff-chat')).toBeTruthy();
    expect(screen.queryByTestId('kiosk-call')).toBeNull();
    await openChat();
    expect(screen.getByTestId('kiosk-staff-chat')).toBeTruthy();
    expect(screen.queryByTestId('kiosk-call')).toBeNull();
  });
});
