import type { KioskBanner } from '@ambassador/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG, fakeDevice, renderKiosk } from '../test/fake-device';
import { fakeTime, passTime } from '../test/fake-time';

const banner = (image_id: number, show_until: string | null = null): KioskBanner => ({
  image_id,
  url: `/media/banner-${image_id}.png`,
  link_topic_id: null,
  link_topic_name: null,
  link_unit: null,
  show_until,
});

/** The banner on screen now (the others are hidden). */
const visible = () =>
  screen
    .getAllByTestId('kiosk-banner')
    .filter((slide) => !slide.hidden)
    .map((slide) => slide.querySelector('img')!.getAttribute('src'));

function kioskWith(carousel: KioskBanner[], sections = {}) {
  fakeDevice((call) => (call.path === '/config' ? { body: { ...CONFIG, sections, carousel } } : undefined));
  return renderKiosk({ timing: { carouselMs: 50 } });
}

describe('carousel banners on the start screen', () => {
  it('shows one banner at a time and moves on by itself until paused', async () => {
    fakeTime();
    kioskWith([banner(1), banner(2)]);
    const carousel = await screen.findByTestId('kiosk-carousel');
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(visible()).toEqual(['/media/banner-1.png']);
    await screen.findByRole('group', { name: 'Banner 2 of 2', hidden: false });
    await passTime(80);
    fireEvent.click(screen.getByTestId('kiosk-carousel-pause'));
    // Paused: the banner on screen stays.
    const still = visible();
    await passTime(150);
    expect(visible()).toEqual(still);
    expect(screen.getByTestId('kiosk-carousel-pause').textContent).toBe('Play slideshow');
  });

  it('shows nothing when the carousel is switched off, and follows the console live', async () => {
    const { sockets } = kioskWith([banner(1)], { start: { greeting: true, carousel: false } });
    await screen.findByTestId('kiosk-start-english');
    await sockets.ready();
    expect(screen.queryByTestId('kiosk-carousel')).toBeNull();
    act(() => sockets.socket.serverSend('interface:sections', { start: { greeting: true, carousel: true } }));
    expect(visible()).toEqual(['/media/banner-1.png']);
    act(() => sockets.socket.serverSend('interface:carousel', [banner(3)]));
    expect(visible()).toEqual(['/media/banner-3.png']);
    act(() => sockets.socket.serverSend('interface:carousel', []));
    expect(screen.queryByTestId('kiosk-carousel')).toBeNull();
  });

  it('leaves out a banner whose schedule has ended', async () => {
    kioskWith([banner(1, '2000-01-01T00:00:00.000Z'), banner(2)]);
    await screen.findByTestId('kiosk-carousel');
    expect(screen.getAllByTestId('kiosk-banner')).toHaveLength(1);
    expect(visible()).toEqual(['/media/banner-2.png']);
  });

  it('a banner linked to a topic is a button: touching it starts a visit that asks the topic', async () => {
    const calls = fakeDevice((call) => {
      if (call.path === '/config')
        return {
          body: {
            ...CONFIG,
            carousel: [{ ...banner(1), link_topic_id: 9, link_topic_name: 'Opening hours' }],
          },
        };
      if (call.path === '/ask')
        return {
          body: {
            conversation_id: 1,
            fallback: false,
            intent: { id: 9, name: 'Opening hours', score: 0.9 },
            fallback_text: null,
            responses: [],
            related: [],
            avatar_motion: null,
            response_time_ms: 3,
          },
        };
      return undefined;
    });
    renderKiosk({ timing: { carouselMs: 50 } });
    const link = await screen.findByTestId('kiosk-banner-link');
    expect(link.getAttribute('aria-label')).toBe('Banner 1 of 1: Opening hours');
    fireEvent.click(link);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/ask').map((c) => c.body)).toEqual([
        expect.objectContaining({ text: 'Opening hours' }),
      ]),
    );
  });

  it('a banner with no link is a picture, not a button', async () => {
    kioskWith([banner(1)]);
    await screen.findByTestId('kiosk-carousel');
    expect(screen.queryByTestId('kiosk-banner-link')).toBeNull();
  });
});
