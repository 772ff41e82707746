import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CarouselBanner } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { fakeTus } from '@/shared/test/fake-tus';
import { renderWithApp } from '@/shared/test/render-with-app';
import { CarouselCard } from './carousel-card';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

const banner = (image_id: number, name: string): CarouselBanner => ({
  image_id,
  url: `/media/${image_id}.png`,
  thumb_url: `/media/${image_id}-thumb.webp`,
  original_name: name,
  mime: 'image/png',
  size: 68,
  position: image_id,
  link_topic_id: null,
  link_unit_id: null,
  link_label: null,
  show_from: null,
  show_until: null,
});

/** GET / PUT / DELETE /carousel over stored banners; `refuse` makes a change fail. */
function carouselServer(
  refuse?: (call: FakeCall) => FakeReply,
  other?: (call: FakeCall) => FakeReply | undefined,
) {
  let banners = [banner(1, 'spring.png'), banner(2, 'summer.png'), banner(3, 'autumn.png')];
  return fakeServer((call) => {
    if (call.path !== '/carousel') return other?.(call);
    if (call.method !== 'GET') {
      const refused = refuse?.(call);
      if (refused) return refused;
    }
    if (call.method === 'PUT') {
      const order = (call.body as { banners: Array<{ image_id: number }> }).banners.map((b) => b.image_id);
      banners = order.map((id) => banners.find((b) => b.image_id === id)!);
    }
    if (call.method === 'DELETE') {
      banners = banners.filter((b) => b.image_id !== (call.body as { image_id: number }).image_id);
    }
    return { body: structuredClone(banners) };
  });
}

/** A device with no banners yet that takes uploads by media id, naming media 100, 101… a.png, b.png… */
function attachServer() {
  let listed: CarouselBanner[] = [];
  return fakeServer((call) => {
    if (call.path === '/carousel') return { body: listed };
    if (call.path === '/carousel/media') {
      const ids = (call.body as { media_ids: number[] }).media_ids;
      listed = [...listed, ...ids.map((id) => banner(id, `${String.fromCharCode(97 + id - 100)}.png`))];
      return { body: listed };
    }
    return undefined;
  });
}

const names = () =>
  screen.getAllByTestId('carousel-banner').map((li) => within(li).getByRole('img').getAttribute('alt'));

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('CarouselCard', () => {
  it('uploads several images one by one (resumable) and lists them; a refused file names itself', async () => {
    const calls = attachServer();
    const tus = fakeTus({ refuse: { 'page.png': { status: 415, error: 'unsupported_type' } } });
    renderWithApp(<CarouselCard deviceId={7} carouselOn />, '/interface');
    await screen.findByTestId('carousel-empty');
    fireEvent.change(screen.getByTestId('carousel-input'), {
      target: { files: [png('a.png'), png('b.png')] },
    });
    await waitFor(() => expect(snackbarStore.get().text).toBe('Banners added: 2'));
    expect(names()).toEqual(['a.png', 'b.png']);
    expect(tus.uploads.map((u) => u.metadata)).toEqual([
      { device_id: '7', kind: 'image', filename: 'a.png' },
      { device_id: '7', kind: 'image', filename: 'b.png' },
    ]);
    expect(calls.filter((c) => c.path === '/carousel/media').map((c) => c.body)).toEqual([
      { device_id: 7, media_ids: [100] },
      { device_id: 7, media_ids: [101] },
    ]);

    fireEvent.change(screen.getByTestId('carousel-input'), { target: { files: [png('page.png')] } });
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe('page.png: This file type is not supported.');
    expect(names()).toEqual(['a.png', 'b.png']);
  });

  it('takes each picked file on its own: one refused is listed with its reason, the other is added', async () => {
    attachServer();
    fakeTus({ refuse: { 'page.png': { status: 415, error: 'unsupported_type' } } });
    renderWithApp(<CarouselCard deviceId={7} carouselOn />, '/interface');
    await screen.findByTestId('carousel-empty');
    fireEvent.change(screen.getByTestId('carousel-input'), {
      target: { files: [png('page.png'), png('a.png')] },
    });
    await waitFor(() =>
      expect(snackbarStore.get().text).toBe('1 of 2 files was refused (1 added): see the list.'),
    );
    expect(snackbarStore.get().status).toBe('error');
    expect(names()).toEqual(['b.png']);
    const refused = screen.getByTestId('carousel-refused');
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['page.png: This file type is not supported.']);
    fireEvent.click(within(refused).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('carousel-refused')).toBeNull());
  });

  it('lists the banners with thumbnails and moves one by keyboard-reachable buttons', async () => {
    const calls = carouselServer();
    renderWithApp(<CarouselCard deviceId={7} carouselOn />, '/interface');
    await screen.findAllByTestId('carousel-banner');
    expect(names()).toEqual(['spring.png', 'summer.png', 'autumn.png']);
    expect(screen.getByRole('button', { name: 'Move spring.png up' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move spring.png down' }));
    await waitFor(() => expect(snackbarStore.get().text).toBe('spring.png moved to position 2'));
    expect(names()).toEqual(['summer.png', 'spring.png', 'autumn.png']);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { banners: Array<{ image_id: number }> }).banners.map((b) => b.image_id)).toEqual([
      2, 1, 3,
    ]);
    expect(screen.getByRole('status').textContent).toBe('spring.png moved to position 2');
  });

  it('deletes a banner after the confirm dialog names it', async () => {
    const calls = carouselServer();
    renderWithApp(<CarouselCard deviceId={7} carouselOn />, '/interface');
    await screen.findAllByTestId('carousel-banner');
    fireEvent.click(screen.getByRole('button', { name: 'Delete summer.png' }));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete summer.png');
    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(names()).toEqual(['spring.png', 'autumn.png']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { device_id: 7, image_id: 2 },
    ]);
  });

  it('goes back to the server’s order and says why when a reorder is refused, in the operator’s language', async () => {
    await changeUiLanguage('zhHant');
    carouselServer(() => ({
      status: 409,
      body: { success: false, message: 'changed', error: 'banner_list_changed' },
    }));
    renderWithApp(<CarouselCard deviceId={7} carouselOn={false} />, '/interface');
    await screen.findAllByTestId('carousel-banner');
    expect(screen.getByText('開始畫面的輪播已關閉：開啟前服務機不會顯示橫幅。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '將 autumn.png 上移' }));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe(
      '橫幅清單已被更改（有人新增或刪除了橫幅），已重新載入，請再試一次。',
    );
    await waitFor(() => expect(names()).toEqual(['spring.png', 'summer.png', 'autumn.png']));
  });

  it('links a banner to a directory unit found by search, and saves the link', async () => {
    const calls = carouselServer(undefined, (call) => {
      if (call.path === '/ai_config/intents/auto_complete') return { body: [] };
      if (call.path === '/directory')
        return {
          body: [
            {
              id: 31,
              unit: 'G-12',
              names: { english: 'Harbour Books' },
              descriptions: {},
              phone: '',
              email: '',
              live_chat: false,
              logo_media_id: null,
              logo_url: null,
              updated_at: '2026-11-24T00:00:00.000Z',
            },
          ],
        };
      return undefined;
    });
    renderWithApp(<CarouselCard deviceId={7} carouselOn />, '/interface');
    const [first] = await screen.findAllByTestId('carousel-banner');
    const field = within(first!).getByRole('combobox', { name: 'Opens when touched' });
    fireEvent.change(field, { target: { value: 'harbour' } });
    fireEvent.click(await screen.findByRole('option', { name: 'G-12 Harbour Books' }));
    await waitFor(() => expect(snackbarStore.get().text).toBe('Banner link saved'));
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!.body as {
      banners: Array<{ image_id: number; link_topic_id: number | null; link_unit_id: number | null }>;
    };
    expect(put.banners[0]).toMatchObject({ image_id: 1, link_topic_id: null, link_unit_id: 31 });
  });
});
