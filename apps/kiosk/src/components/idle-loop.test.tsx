import type { KioskIdleScreen } from '@ambassador/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG, fakeDevice, renderKiosk } from '../test/fake-device';

afterEach(() => {
  vi.useRealTimers();
});

const images: KioskIdleScreen = {
  media_type: 'image',
  idle_timeout: 60,
  items: [
    { id: 1, url: '/media/welcome.png', duration: 5 },
    { id: 2, url: '/media/sale.png', duration: 20 },
  ],
};
const videos: KioskIdleScreen = {
  media_type: 'video',
  idle_timeout: 30,
  items: [
    { id: 7, url: '/media/tour.mp4', duration: null },
    { id: 8, url: '/media/night.webm', duration: null },
  ],
};

function kioskWith(idle_screen: KioskIdleScreen) {
  fakeDevice((call) => (call.path === '/config' ? { body: { ...CONFIG, idle_screen } } : undefined));
  return renderKiosk();
}

/** What the idle loop shows now: an image's or a video's address. */
const playing = () => {
  const loop = screen.getByTestId('kiosk-idle');
  return loop.querySelector('img, video')!.getAttribute('src');
};

/** The start screen is up, and its effects (its clocks) have run. */
async function startScreen() {
  await screen.findByTestId('kiosk-start-english');
  await act(async () => {});
}

/** Time passes by itself too, so the kiosk's requests still answer. */
const passes = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the idle loop', () => {
  it('starts after the idle timeout without a touch, shows each image for its seconds, and a touch ends it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    kioskWith(images);
    await startScreen();
    passes(59_000);
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
    // A touch starts the wait again.
    fireEvent.pointerDown(document.body);
    passes(30_000);
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
    passes(31_000);
    expect(screen.getByRole('dialog', { name: 'Touch the screen to start' })).toBeTruthy();
    // Nobody has chosen a language: the hint is in each of the device's, each line in its own.
    const hint = [...screen.getByTestId('kiosk-idle-hint').querySelectorAll('span')];
    expect(hint.length).toBeGreaterThan(1);
    expect(hint[0]!.textContent).toBe('Touch the screen to start');
    expect(hint.some((line) => line.textContent === '輕觸螢幕開始' && line.lang.startsWith('zh-Hant'))).toBe(
      true,
    );
    expect(playing()).toBe('/media/welcome.png');
    passes(5_000);
    expect(playing()).toBe('/media/sale.png');
    passes(20_000);
    expect(playing()).toBe('/media/welcome.png');

    fireEvent.click(screen.getByTestId('kiosk-idle'));
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
    expect(screen.getByTestId('kiosk-start-english')).toBeTruthy();
    // And after another quiet minute, again.
    passes(60_000);
    expect(screen.getByTestId('kiosk-idle')).toBeTruthy();
  });

  it('plays the videos in order, muted, each to its end; a key ends it too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    kioskWith(videos);
    await startScreen();
    passes(30_000);
    const video = screen.getByTestId('kiosk-idle-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/media/tour.mp4');
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    fireEvent.ended(video);
    expect(playing()).toBe('/media/night.webm');
    fireEvent.ended(screen.getByTestId('kiosk-idle-video'));
    expect(playing()).toBe('/media/tour.mp4');
    fireEvent.keyDown(document, { key: 'a' });
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
  });

  it('plays nothing without media, and follows the console live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sockets } = kioskWith({ media_type: 'image', idle_timeout: 60, items: [] });
    await startScreen();
    passes(120_000);
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();

    act(() => sockets.socket.serverSend('interface:idle_screen', videos));
    passes(30_000);
    expect(playing()).toBe('/media/tour.mp4');
    // The operator switches to images while it plays: the loop plays them at once.
    act(() => sockets.socket.serverSend('interface:idle_screen', images));
    expect(playing()).toBe('/media/welcome.png');
    // Everything deleted: the loop ends, and does not come back.
    act(() => sockets.socket.serverSend('interface:idle_screen', { ...images, items: [] }));
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
    passes(120_000);
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
  });

  it('waits while a visitor talks with staff', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    kioskWith(images);
    await startScreen();
    fireEvent.click(screen.getByTestId('kiosk-staff-chat'));
    passes(61_000);
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
  });
});
