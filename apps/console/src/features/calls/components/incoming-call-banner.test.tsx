import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_CHANNEL, type CallEvent } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { dispatchLiveEvent } from '@/shared/realtime/live-socket';
import { renderWithApp } from '@/shared/test/render-with-app';
import { incomingCallStore } from '../lib/incoming-call-store';
import { IncomingCallBanner, onCallEvent } from './incoming-call-banner';

const CALL = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const SECOND = '7b2d9e10-4c3a-4f5e-8a1b-2c3d4e5f6a7b';

function callEvent(patch: Partial<CallEvent> = {}): CallEvent {
  return {
    name: 'new_call',
    project_id: 1,
    real_session_id: CALL,
    device_id: 7,
    device_name: 'Lobby kiosk',
    status: 'ringing',
    notification: { ...DEFAULT_NOTIFICATION_CHANNEL },
    sent_at: Date.now(),
    ...patch,
  };
}

function send(event: CallEvent) {
  act(() => dispatchLiveEvent(event as unknown as { name: string }));
}

/** jsdom has no media playback: play/pause are stubbed and currentTime made writable. */
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
let pause: ReturnType<typeof vi.fn<() => void>>;

function sound(): HTMLAudioElement {
  const audio = screen.getByTestId('incoming-call-sound') as HTMLAudioElement;
  if (!Object.getOwnPropertyDescriptor(audio, 'currentTime')) {
    Object.defineProperty(audio, 'currentTime', { value: 0, writable: true });
  }
  return audio;
}

// The call schemas load at the first event in the app; here before the first test, so events are handled at once.
beforeAll(() => onCallEvent.ready());

beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
});

afterEach(() => {
  cleanup();
  incomingCallStore.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  authStore.set(LOGGED_OUT);
});

describe('IncomingCallBanner', () => {
  it('shows a new call of this project with its device, and rings on a loop', () => {
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    const audio = sound();
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
    expect(audio.loop).toBe(true);
    expect(audio.getAttribute('src')).toBe('/sounds/incoming-call.wav');

    send(callEvent());
    const banner = screen.getByTestId('incoming-call-banner');
    expect(banner.textContent).toContain('You have new incoming call');
    expect(banner.textContent).toContain('From Lobby kiosk');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('ignores calls of another project, and devices whose banner is off', () => {
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    send(callEvent({ project_id: 2 }));
    send(callEvent({ notification: { ...DEFAULT_NOTIFICATION_CHANNEL, banner: false } }));
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it('stays silent when the device has no ring tone', () => {
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    send(callEvent({ notification: { ...DEFAULT_NOTIFICATION_CHANNEL, sound: false } }));
    expect(screen.getByTestId('incoming-call-banner')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();
  });

  it('Close hides it, and the ring tone stops and rewinds', () => {
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    send(callEvent());
    const audio = sound();
    audio.currentTime = 0.8;

    fireEvent.click(screen.getByTestId('incoming-call-close'));
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
    expect(pause).toHaveBeenCalled();
    expect(audio.currentTime).toBe(0);
    // Nothing else happened: still on the same screen.
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('View call opens the call on /live_video and hides the banner', () => {
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    send(callEvent());
    fireEvent.click(screen.getByTestId('incoming-call-view'));
    expect(screen.getByTestId('location').textContent).toBe(`/live_video?call=${CALL}`);
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
    expect(pause).toHaveBeenCalled();
  });

  it('hides on its own when the call is answered elsewhere, and shows the next one still ringing', () => {
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    send(callEvent({ real_session_id: SECOND, device_name: 'Gate kiosk' }));
    send(callEvent());
    expect(screen.getByTestId('incoming-call-banner').textContent).toContain('Lobby kiosk');
    expect(screen.getByTestId('incoming-call-banner').textContent).toContain('Other calls ringing: 1');

    send(callEvent({ name: 'refresh_call', status: 'answered' }));
    expect(screen.getByTestId('incoming-call-banner').textContent).toContain('Gate kiosk');

    const audio = sound();
    audio.currentTime = 0.4;
    send(callEvent({ name: 'refresh_call', real_session_id: SECOND, status: 'missed' }));
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
    expect(audio.currentTime).toBe(0);
  });

  it('gives up once the ring time has passed, if the end of the call never arrives', () => {
    vi.useFakeTimers();
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    send(callEvent({ notification: { ...DEFAULT_NOTIFICATION_CHANNEL, ring_seconds: 20 } }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByTestId('incoming-call-banner')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
  });

  it('hides when the operator signs out', () => {
    renderWithApp(<IncomingCallBanner />, '/dashboard');
    send(callEvent());
    act(() => authStore.set(LOGGED_OUT));
    expect(screen.queryByTestId('incoming-call-banner')).toBeNull();
  });

  it('also shows a desktop notification when the device asks for one and the browser allows it', () => {
    const shown: { title: string; options: NotificationOptions; close: () => void }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      onclick: (() => void) | null = null;
      close = vi.fn();
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options, close: this.close });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    renderWithApp(<IncomingCallBanner />, '/dashboard');

    send(callEvent());
    expect(shown).toEqual([]);
    fireEvent.click(screen.getByTestId('incoming-call-close'));

    send(callEvent({ notification: { ...DEFAULT_NOTIFICATION_CHANNEL, desktop: true } }));
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('You have new incoming call');
    expect(shown[0]?.options).toMatchObject({ body: 'Lobby kiosk', tag: CALL });
    // It goes with the banner.
    fireEvent.click(screen.getByTestId('incoming-call-close'));
    expect(shown[0]?.close).toHaveBeenCalled();

    FakeNotification.permission = 'denied';
    send(callEvent({ notification: { ...DEFAULT_NOTIFICATION_CHANNEL, desktop: true } }));
    expect(shown).toHaveLength(1);
  });
});
