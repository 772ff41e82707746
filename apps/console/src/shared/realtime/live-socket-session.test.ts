import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { signedIn } from '@/shared/test/render-with-app';
import { connectLive, disconnectLive } from './live-socket';

// The library's network side cannot reach a server here: `io` only records the handshake it was
// given and hands back a socket that does nothing.
const opened = vi.hoisted(() => [] as Array<{ token: unknown }>);
vi.mock('socket.io-client', () => ({
  io: (options: { auth: { token: unknown } }) => {
    opened.push({ token: options.auth.token });
    return {
      on: () => undefined,
      emit: () => undefined,
      disconnect: () => undefined,
      removeAllListeners: () => undefined,
    };
  },
}));

describe('the live socket follows the session while its library loads', () => {
  afterEach(() => {
    disconnectLive();
    authStore.set(LOGGED_OUT);
    opened.length = 0;
  });

  it('opens no socket for a session that signed out before the library arrived', async () => {
    authStore.set(signedIn);
    const connection = connectLive();
    authStore.clear();
    expect(await connection).toBeNull();
    expect(opened).toEqual([]);
  });

  it('connects once, with the new token, when someone else signed in while it loaded', async () => {
    authStore.set(signedIn);
    const first = connectLive();
    authStore.set({ ...signedIn, access_token: 'the-next-session' });
    const second = connectLive();
    expect(await first).toBeNull();
    expect(await second).not.toBeNull();
    expect(opened).toEqual([{ token: 'the-next-session' }]);
  });

  it('keeps one socket for the same session asked twice', async () => {
    authStore.set(signedIn);
    const [a, b] = await Promise.all([connectLive(), connectLive()]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(opened).toEqual([{ token: signedIn.access_token }]);
  });
});
