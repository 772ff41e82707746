import type { DeviceConfig, KioskAvatar, KioskBanner } from '@ambassador/contracts';
import { KIOSK_PARTS } from '@ambassador/contracts/names';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { harbourDay } from '../test/fake-event';
import { CONFIG, FAST, KEY, fakeDevice } from '../test/fake-device';
import { fakeSockets, type FakeSockets } from '../test/fake-socket';
import { DeviceProvider, useKiosk, useKioskPart } from './device-context';

const banner = (image_id: number): KioskBanner => ({
  image_id,
  url: `/media/banner-${image_id}.png`,
  link_topic_id: null,
  link_topic_name: null,
  link_unit: null,
  show_until: null,
});
const GUIDE: KioskAvatar = {
  avatar_id: 5,
  name: 'Harbour guide',
  player_url: '/avatar-player/?token=t',
  still_url: '/media/guide.png',
};

/** Every live part as a screen reads it. */
function Parts() {
  const sections = useKioskPart('sections');
  const carousel = useKioskPart('carousel');
  const idle = useKioskPart('idle_screen');
  const event = useKioskPart('event');
  const avatar = useKioskPart('avatar');
  const shown = {
    sections,
    carousel: carousel.map((b) => b.image_id),
    idle_timeout: idle.idle_timeout,
    event: event ? `${event.title} v${event.version}` : null,
    avatar: avatar?.name ?? null,
  };
  return <output data-testid="parts">{JSON.stringify(shown)}</output>;
}

function Screens() {
  return useKiosk().status.name === 'ready' ? <Parts /> : null;
}

/** A paired kiosk whose server serves `served()` as the configuration. */
function kiosk(sockets: FakeSockets = fakeSockets()) {
  let served: DeviceConfig = { ...CONFIG, carousel: [banner(1)] };
  const calls = fakeDevice((call) => (call.path === '/config' ? { body: served } : undefined));
  localStorage.setItem('ambassador.kiosk.device_key', KEY);
  render(
    <DeviceProvider timing={FAST} socketFactory={sockets.factory}>
      <Screens />
    </DeviceProvider>,
  );
  return {
    sockets,
    configReads: () => calls.filter((c) => c.path === '/config').length,
    serve: (next: Partial<DeviceConfig>) => {
      served = { ...served, ...next };
    },
  };
}

const parts = async () =>
  JSON.parse((await screen.findByTestId('parts')).textContent!) as Record<string, unknown>;

describe('useKioskPart', () => {
  it('starts with the part as the configuration was read, and replaces it when its socket event arrives', async () => {
    const { sockets, configReads } = kiosk();
    expect(await parts()).toEqual({
      sections: {},
      carousel: [1],
      idle_timeout: 60,
      event: null,
      avatar: null,
    });
    const socket = await sockets.ready();

    socket.serverSend(KIOSK_PARTS.carousel, [banner(3), banner(4)]);
    expect(await parts()).toMatchObject({ carousel: [3, 4], event: null });
    socket.serverSend(KIOSK_PARTS.sections, { start: { carousel: false } });
    socket.serverSend(KIOSK_PARTS.idle_screen, { ...CONFIG.idle_screen, idle_timeout: 30 });
    socket.serverSend(KIOSK_PARTS.event, harbourDay({ version: 2 }));
    // The avatar's event carries it as { avatar }.
    socket.serverSend(KIOSK_PARTS.avatar, { avatar: GUIDE });
    expect(await parts()).toEqual({
      sections: { start: { carousel: false } },
      carousel: [3, 4],
      idle_timeout: 30,
      event: 'Harbour Day v2',
      avatar: 'Harbour guide',
    });

    // Taken away at once.
    socket.serverSend(KIOSK_PARTS.avatar, { avatar: null });
    socket.serverSend(KIOSK_PARTS.event, null);
    expect(await parts()).toMatchObject({ event: null, avatar: null, carousel: [3, 4] });
    // A part's event is all it takes: the configuration is not read again.
    expect(configReads()).toBe(1);
  });

  it('reads the configuration again on a reconnection, not on the first connection', async () => {
    const { sockets, configReads, serve } = kiosk(fakeSockets({ connected: false }));
    await parts();
    const socket = await sockets.ready();
    socket.serverConnect();
    expect(configReads()).toBe(1);

    socket.serverSend(KIOSK_PARTS.carousel, [banner(2)]);
    expect(await parts()).toMatchObject({ carousel: [2] });
    // Changed while the socket was away: nothing announced it.
    socket.serverDisconnect('transport close');
    serve({ carousel: [banner(7)], avatar: GUIDE, event: harbourDay() });
    socket.serverConnect();

    await waitFor(async () =>
      expect(await parts()).toMatchObject({
        carousel: [7],
        avatar: 'Harbour guide',
        event: 'Harbour Day v1',
      }),
    );
    expect(configReads()).toBe(2);
  });
});
