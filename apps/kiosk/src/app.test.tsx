import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG, FAST, KEY, SESSION_ID, answer, fakeDevice, openChat, renderKiosk } from './test/fake-device';
import { fakeTime, passTime } from './test/fake-time';

const STORED = 'ambassador.kiosk.device_key';

function typeKey(value: string) {
  fireEvent.change(screen.getByTestId('kiosk-key'), { target: { value } });
  fireEvent.click(screen.getByTestId('kiosk-pair'));
}

describe('pairing', () => {
  it('pairs with a pasted key, remembers it and shows the device', async () => {
    const calls = fakeDevice();
    renderKiosk({ paired: false });

    expect(screen.getByTestId('kiosk-key')).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: /Show/ }));
    expect(screen.getByTestId('kiosk-key')).toHaveProperty('type', 'text');
    // Pasted with a trailing newline, as copying from a dialog often does.
    typeKey(`  ${KEY}\n`);

    expect((await screen.findByTestId('kiosk-device-name')).textContent).toBe('Lobby kiosk');
    expect(screen.getByText('Welcome to the Harbour Museum!')).toBeTruthy();
    expect(screen.getByTestId('kiosk-start-english').textContent).toBe('English');
    expect(screen.getByTestId('kiosk-start-cantonese').textContent).toBe('廣東話');
    expect(screen.getByTestId('kiosk-start-japanese').textContent).toBe('日本語');
    expect(screen.queryByTestId('kiosk-start-german')).toBeNull();
    expect(localStorage.getItem(STORED)).toBe(KEY);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('shows a clear error for a wrong key and remembers nothing', async () => {
    fakeDevice(() => ({
      status: 401,
      body: { success: false, message: 'Unknown device key', error: 'unauthorized' },
    }));
    renderKiosk({ paired: false });
    typeKey('dk_wrong');

    const error = await screen.findByTestId('kiosk-pair-error');
    expect(error.textContent).toContain('This key was not accepted');
    expect(error.textContent).toContain('金鑰不正確');
    expect(localStorage.getItem(STORED)).toBeNull();
    expect(screen.queryByTestId('kiosk-device-name')).toBeNull();
    // Editing the key clears the error for the next try.
    fireEvent.change(screen.getByTestId('kiosk-key'), { target: { value: 'dk_other' } });
    expect(screen.queryByTestId('kiosk-pair-error')).toBeNull();
  });

  it('says when the server cannot be reached, and refuses text that is not a key without a call', async () => {
    const calls = fakeDevice(() => 'network');
    renderKiosk({ paired: false });
    typeKey('hello');
    expect(screen.getByTestId('kiosk-pair-error').textContent).toContain('starts with "dk_"');
    expect(calls).toHaveLength(0);

    typeKey(KEY);
    expect((await screen.findByTestId('kiosk-pair-error')).textContent).toContain("Can't reach the server");
    expect(screen.getByTestId('kiosk-pair')).toHaveProperty('disabled', false);
  });

  it('pairs once when Pair is pressed twice', async () => {
    const calls = fakeDevice();
    renderKiosk({ paired: false });
    fireEvent.change(screen.getByTestId('kiosk-key'), { target: { value: KEY } });
    fireEvent.click(screen.getByTestId('kiosk-pair'));
    fireEvent.click(screen.getByTestId('kiosk-pair'));
    await screen.findByTestId('kiosk-device-name');
    expect(calls.filter((c) => c.path === '/config')).toHaveLength(1);
  });

  it('goes back to pairing with a message when the key is revoked later', async () => {
    let revoked = false;
    fakeDevice((call) => {
      if (revoked)
        return { status: 401, body: { success: false, message: 'Key revoked', error: 'unauthorized' } };
      if (call.path === '/ask') return { body: answer([]) };
      return undefined;
    });
    renderKiosk();
    const input = await openChat();
    revoked = true;
    fireEvent.change(input, { target: { value: 'Opening hours?' } });
    fireEvent.click(screen.getByTestId('kiosk-send'));

    const error = await screen.findByTestId('kiosk-pair-error');
    expect(error.textContent).toContain('no longer valid');
    expect(screen.getByTestId('kiosk-key')).toBeTruthy();
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  it('keeps a remembered key while the server is down and connects when it is back', async () => {
    let down = true;
    const calls = fakeDevice(() => (down ? 'network' : undefined));
    renderKiosk();
    expect((await screen.findByTestId('kiosk-offline')).textContent).toContain("Can't reach the server");
    expect(localStorage.getItem(STORED)).toBe(KEY);

    down = false;
    expect((await screen.findByTestId('kiosk-device-name')).textContent).toBe('Lobby kiosk');
    expect(calls.filter((c) => c.path === '/config').length).toBeGreaterThanOrEqual(2);
  });

  it('goes back to pairing with a message when the socket refuses the key', async () => {
    fakeDevice();
    const { sockets } = renderKiosk();
    await screen.findByTestId('kiosk-device-name');
    await sockets.ready();
    expect(sockets.socket.auth).toEqual({ device_key: KEY });
    sockets.socket.serverRefuse('unauthorized');

    expect(screen.getByTestId('kiosk-pair-error').textContent).toContain('no longer valid');
    expect(localStorage.getItem(STORED)).toBeNull();
    expect(sockets.socket.disconnected).toBe(true);
  });

  it('checks the key when the server closes the socket: connects again while it works', async () => {
    let revoked = false;
    const calls = fakeDevice(() =>
      revoked
        ? { status: 401, body: { success: false, message: 'Key revoked', error: 'unauthorized' } }
        : undefined,
    );
    const { sockets } = renderKiosk();
    await screen.findByTestId('kiosk-device-name');
    await sockets.ready();
    const configs = () => calls.filter((c) => c.path === '/config').length;

    sockets.socket.serverDisconnect('io server disconnect');
    await waitFor(() => expect(sockets.socket.connectCalls).toBe(1));
    expect(configs()).toBe(2);

    revoked = true;
    sockets.socket.serverDisconnect('io server disconnect');
    expect((await screen.findByTestId('kiosk-pair-error')).textContent).toContain('no longer valid');
    expect(sockets.socket.connectCalls).toBe(1);
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  /** Holds the corner gear (a staff gesture), as staff do, until the staff settings open. */
  const holdGear = async () => {
    const gear = screen.getByTestId('kiosk-staff-settings');
    fireEvent.pointerDown(gear);
    await screen.findByTestId('kiosk-staff-dialog');
  };
  const unpairWith = (pin: string) => {
    fireEvent.change(screen.getByTestId('kiosk-staff-pin'), { target: { value: pin } });
    fireEvent.click(screen.getByTestId('kiosk-staff-unpair'));
  };

  it('does nothing when a visitor taps the gear, however often', async () => {
    fakeTime();
    fakeDevice();
    renderKiosk({ timing: { ...FAST, staffHoldMs: 30 } });
    await screen.findByTestId('kiosk-device-name');
    const gear = screen.getByTestId('kiosk-staff-settings');
    for (let i = 0; i < 5; i++) {
      fireEvent.pointerDown(gear);
      fireEvent.pointerUp(gear);
      fireEvent.click(gear);
    }
    await passTime(80);
    expect(screen.queryByTestId('kiosk-staff-dialog')).toBeNull();
    expect(screen.queryByTestId('kiosk-key')).toBeNull();
    expect(localStorage.getItem(STORED)).toBe(KEY);
  });

  it('unpairs when staff hold the gear and type the device PIN; a wrong PIN says so and keeps the key', async () => {
    const calls = fakeDevice((call) =>
      call.path === '/staff/unpair'
        ? (call.body as { pin: string }).pin === '2468'
          ? { body: null }
          : { status: 403, body: { success: false, message: 'Wrong PIN.', error: 'wrong_pin' } }
        : undefined,
    );
    renderKiosk({ timing: { ...FAST, staffHoldMs: 30 } });
    await screen.findByTestId('kiosk-device-name');
    await holdGear();
    unpairWith('1111');
    expect((await screen.findByTestId('kiosk-staff-error')).textContent).toContain('Wrong PIN.');
    expect(localStorage.getItem(STORED)).toBe(KEY);

    unpairWith('2468');
    await screen.findByTestId('kiosk-key');
    expect(localStorage.getItem(STORED)).toBeNull();
    expect(calls.filter((c) => c.path === '/staff/unpair').map((c) => c.body)).toEqual([
      { pin: '1111' },
      { pin: '2468' },
    ]);
  });

  it('says where to set a PIN when the device has none', async () => {
    fakeDevice((call) =>
      call.path === '/staff/unpair'
        ? { status: 409, body: { success: false, message: 'No PIN', error: 'no_staff_pin' } }
        : undefined,
    );
    renderKiosk({ timing: { ...FAST, staffHoldMs: 30 } });
    await screen.findByTestId('kiosk-device-name');
    await holdGear();
    unpairWith('1234');
    expect((await screen.findByTestId('kiosk-staff-error')).textContent).toContain('Settings → Devices');
    fireEvent.click(screen.getByTestId('kiosk-staff-cancel'));
    expect(screen.queryByTestId('kiosk-staff-dialog')).toBeNull();
    expect(localStorage.getItem(STORED)).toBe(KEY);
  });

  it('says the server could not answer when the PIN check fails there, and keeps the key', async () => {
    fakeDevice((call) =>
      call.path === '/staff/unpair'
        ? { status: 503, body: { success: false, message: 'Busy', error: 'service_unavailable' } }
        : undefined,
    );
    renderKiosk({ timing: { ...FAST, staffHoldMs: 30 } });
    await screen.findByTestId('kiosk-device-name');
    await holdGear();
    unpairWith('1234');
    const error = await screen.findByTestId('kiosk-staff-error');
    expect(error.textContent).toContain('The server could not answer (503)');
    expect(error.textContent).not.toContain('Check the network');
    expect(localStorage.getItem(STORED)).toBe(KEY);
  });

  it('opens one device socket per paired key and closes it on unpair', async () => {
    fakeDevice((call) => (call.path === '/staff/unpair' ? { body: null } : undefined));
    const { sockets } = renderKiosk({ timing: { ...FAST, staffHoldMs: 30 } });
    await screen.findByTestId('kiosk-device-name');
    await sockets.ready();
    expect(sockets.sockets).toHaveLength(1);
    await holdGear();
    unpairWith('2468');
    await screen.findByTestId('kiosk-key');
    expect(sockets.socket.disconnected).toBe(true);

    fireEvent.change(screen.getByTestId('kiosk-key'), { target: { value: 'dk_second_key_0123456789' } });
    fireEvent.click(screen.getByTestId('kiosk-pair'));
    await screen.findByTestId('kiosk-device-name');
    await sockets.ready();
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.socket.auth).toEqual({ device_key: 'dk_second_key_0123456789' });
  });
});

describe('start screen', () => {
  it('opens a session in the chosen language with its welcome message', async () => {
    const calls = fakeDevice();
    renderKiosk();
    await openChat('cantonese');

    expect(calls.find((c) => c.path === '/sessions')?.body).toEqual({ language: 'cantonese' });
    const welcome = screen.getByTestId('kiosk-message-bot');
    expect(welcome.textContent).toBe('歡迎嚟到海港博物館！');
    // The interface follows the visitor's language.
    expect(screen.getByTestId('kiosk-send').textContent).toBe('傳送');
    expect(screen.getByTestId('kiosk-end').textContent).toBe('結束');
    // No thumbs under a greeting.
    expect(screen.queryByTestId('kiosk-rate-up')).toBeNull();
  });

  it('falls back to a built-in greeting when the device has none for the language', async () => {
    fakeDevice();
    renderKiosk();
    await openChat('japanese');
    expect(screen.getByTestId('kiosk-message-bot').textContent).toBe('こんにちは！ご用件をどうぞ。');
  });

  it('starts one session on a double tap, and says so in the language when it fails', async () => {
    let fail = true;
    const calls = fakeDevice((call) => (call.path === '/sessions' && fail ? 'network' : undefined));
    renderKiosk();
    const english = await screen.findByTestId('kiosk-start-english');
    fireEvent.click(english);
    fireEvent.click(english);
    expect((await screen.findByTestId('kiosk-start-error')).textContent).toContain("couldn't start");
    expect(calls.filter((c) => c.path === '/sessions')).toHaveLength(1);

    fail = false;
    fireEvent.click(screen.getByTestId('kiosk-start-english'));
    await screen.findByTestId('kiosk-input');
  });

  it('ends the session with End and returns to the start screen', async () => {
    const calls = fakeDevice();
    renderKiosk();
    await openChat();
    fireEvent.click(screen.getByTestId('kiosk-end'));

    expect(await screen.findByTestId('kiosk-start-english')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === `/sessions/${SESSION_ID}/end`)).toBe(true));
    expect(CONFIG.device.description).toBe(screen.getByTestId('kiosk-device-name').textContent);
  });
});
