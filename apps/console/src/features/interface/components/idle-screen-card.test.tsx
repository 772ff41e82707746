import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IdleImage, IdleScreen, IdleVideo } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { fakeTus } from '@/shared/test/fake-tus';
import { renderWithApp } from '@/shared/test/render-with-app';
import { IdleScreenCard } from './idle-screen-card';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  authStore.set(LOGGED_OUT);
  await changeUiLanguage('en');
});

const image = (image_id: number, name: string, duration = 10): IdleImage => ({
  image_id,
  url: `/media/${image_id}.png`,
  thumb_url: `/media/${image_id}-thumb.webp`,
  original_name: name,
  mime: 'image/png',
  size: 68,
  position: image_id,
  duration,
});
const video = (video_id: number, name: string): IdleVideo => ({
  video_id,
  url: `/media/${video_id}.mp4`,
  poster_url: null,
  original_name: name,
  mime: 'video/mp4',
  size: 2048,
  position: video_id,
});

/** GET / PUT / DELETE /idle_screen over a stored idle screen; `refuse` makes a change fail. */
let uploadedName: (mediaId: number) => string = (id) => `upload-${id}`;

function idleServer(start: Partial<IdleScreen> = {}, refuse?: (call: FakeCall) => FakeReply) {
  let stored: IdleScreen = {
    media_type_selected: 'image',
    idle_timeout: 60,
    images: [image(1, 'lobby.png'), image(2, 'sale.png', 20)],
    videos: [video(5, 'tour.mp4')],
    ...start,
  };
  const calls = fakeServer((call) => {
    if (call.path === '/idle_screen/media') {
      // Uploaded files (fake-tus numbers them from 100) become videos named as uploaded.
      const ids = (call.body as { media_ids: number[] }).media_ids;
      stored = { ...stored, videos: [...stored.videos, ...ids.map((id) => video(id, uploadedName(id)))] };
      return { body: structuredClone(stored) };
    }
    if (call.path !== '/idle_screen') return undefined;
    if (call.method !== 'GET') {
      const refused = refuse?.(call);
      if (refused) return refused;
    }
    if (call.method === 'PUT') {
      const body = call.body as {
        media_type_selected: 'image' | 'video';
        idle_timeout: number;
        images: Array<{ image_id: number; duration: number }>;
        videos: Array<{ video_id: number }>;
      };
      stored = {
        media_type_selected: body.media_type_selected,
        idle_timeout: body.idle_timeout,
        images: body.images.map((x) => ({
          ...stored.images.find((i) => i.image_id === x.image_id)!,
          duration: x.duration,
        })),
        videos: body.videos.map((x) => stored.videos.find((v) => v.video_id === x.video_id)!),
      };
    }
    if (call.method === 'DELETE') {
      const body = call.body as { image_id?: number; video_id?: number };
      stored = {
        ...stored,
        images: stored.images.filter((i) => i.image_id !== body.image_id),
        videos: stored.videos.filter((v) => v.video_id !== body.video_id),
      };
    }
    return { body: structuredClone(stored) };
  });
  return {
    calls,
    stored: () => stored,
  };
}

const imageNames = () =>
  screen.getAllByTestId('idle-image').map((li) => within(li).getByRole('img').getAttribute('alt'));
const lastPut = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT').at(-1)?.body;

describe('IdleScreenCard', () => {
  it('shows the images with their seconds, moves one by its buttons and saves a new duration', async () => {
    const { calls } = idleServer();
    renderWithApp(<IdleScreenCard deviceId={7} />, '/interface');
    await screen.findAllByTestId('idle-image');
    expect(imageNames()).toEqual(['lobby.png', 'sale.png']);
    expect(screen.getByRole('radio', { name: 'Images (2)' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('button', { name: 'Move sale.png up' }));
    await waitFor(() => expect(snackbarStore.get().text).toBe('sale.png moved to position 1'));
    expect(imageNames()).toEqual(['sale.png', 'lobby.png']);
    expect(lastPut(calls)).toMatchObject({
      device_id: 7,
      images: [
        { image_id: 2, duration: 20 },
        { image_id: 1, duration: 10 },
      ],
      videos: [{ video_id: 5 }],
    });

    const seconds = screen.getByRole('spinbutton', { name: 'Seconds on screen: lobby.png' });
    fireEvent.change(seconds, { target: { value: '2' } });
    expect(screen.getByText('A whole number from 3 to 300')).toBeTruthy();
    fireEvent.blur(seconds);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    fireEvent.change(seconds, { target: { value: '45' } });
    fireEvent.keyDown(seconds, { key: 'Enter' });
    await waitFor(() => expect(snackbarStore.get().text).toBe('Idle screen saved'));
    expect(lastPut(calls)).toMatchObject({
      images: [
        { image_id: 2, duration: 20 },
        { image_id: 1, duration: 45 },
      ],
    });
  });

  it('chooses videos to play and the idle timeout, within its bounds', async () => {
    const { calls } = idleServer();
    renderWithApp(<IdleScreenCard deviceId={7} />, '/interface');
    await screen.findAllByTestId('idle-image');
    fireEvent.click(screen.getByRole('radio', { name: 'Videos (1)' }));
    await waitFor(() => expect(lastPut(calls)).toMatchObject({ media_type_selected: 'video' }));

    const timeout = screen.getByRole('spinbutton', { name: 'Starts after (seconds)' });
    fireEvent.change(timeout, { target: { value: '5000' } });
    fireEvent.blur(timeout);
    expect(screen.getByText('A whole number from 15 to 3600')).toBeTruthy();
    fireEvent.change(timeout, { target: { value: '120' } });
    fireEvent.blur(timeout);
    await waitFor(() =>
      expect(lastPut(calls)).toMatchObject({ media_type_selected: 'video', idle_timeout: 120 }),
    );
  });

  it('uploads videos on their tab with progress, and deletes one after the confirm dialog', async () => {
    const server = idleServer();
    const tus = fakeTus();
    uploadedName = (id) => tus.uploads[id - 100]!.metadata.filename!;
    renderWithApp(<IdleScreenCard deviceId={7} />, '/interface');
    await screen.findAllByTestId('idle-image');
    fireEvent.click(screen.getByRole('tab', { name: 'Videos (1)' }));
    const mp4 = (name: string) => new File([new Uint8Array([0, 0, 0, 0x18])], name, { type: 'video/mp4' });
    fireEvent.change(screen.getByTestId('idle-videos-input'), {
      target: { files: [mp4('night.mp4'), mp4('day.mp4')] },
    });
    await screen.findByTestId('idle-videos-progress');
    await waitFor(() => expect(snackbarStore.get().text).toBe('Videos added: 2'));
    expect(tus.uploads.map((u) => u.metadata)).toEqual([
      { device_id: '7', kind: 'video', filename: 'night.mp4' },
      { device_id: '7', kind: 'video', filename: 'day.mp4' },
    ]);
    expect(server.calls.filter((c) => c.path === '/idle_screen/media').map((c) => c.body)).toEqual([
      { device_id: 7, media_type: 'video', media_ids: [100] },
      { device_id: 7, media_type: 'video', media_ids: [101] },
    ]);
    expect(screen.getAllByTestId('idle-video').map((li) => li.textContent)).toEqual([
      expect.stringContaining('tour.mp4'),
      expect.stringContaining('night.mp4'),
      expect.stringContaining('day.mp4'),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete night.mp4' }));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete night.mp4');
    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('idle-video')).toHaveLength(2));
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { device_id: 7, video_id: 100 },
    ]);
  });

  it('previews the loop: each image for its seconds, then from the start again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    idleServer();
    renderWithApp(<IdleScreenCard deviceId={7} />, '/interface');
    await screen.findAllByTestId('idle-image');
    fireEvent.click(screen.getByTestId('idle-preview-open'));
    const caption = () => screen.getByTestId('idle-preview-caption').textContent;
    // Each image's timer is set by an effect after the caption renders: flush effects before the
    // clock moves, or under load the clock can move before the timer exists.
    const flushEffects = () => act(async () => {});
    await waitFor(() => expect(caption()).toBe('Image 1 of 2: lobby.png, 10 s'));
    await flushEffects();
    vi.advanceTimersByTime(10_000);
    await waitFor(() => expect(caption()).toBe('Image 2 of 2: sale.png, 20 s'));
    await flushEffects();
    vi.advanceTimersByTime(20_000);
    await waitFor(() => expect(caption()).toBe('Image 1 of 2: lobby.png, 10 s'));
  });

  it('says nothing plays when the chosen type has no items, and a refused save in the operator’s language', async () => {
    await changeUiLanguage('zhHans');
    idleServer({ media_type_selected: 'video', videos: [] }, () => ({
      status: 409,
      body: { success: false, message: 'changed', error: 'idle_list_changed' },
    }));
    renderWithApp(<IdleScreenCard deviceId={7} />, '/interface');
    await screen.findAllByTestId('idle-image');
    expect(screen.getByTestId('idle-nothing').textContent).toBe(
      '已选择播放视频，但尚未有视频：添加视频前，服务机不会显示待机画面。',
    );
    expect(screen.getByTestId('idle-preview-open')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '将 sale.png 上移' }));
    await waitFor(() => expect(snackbarStore.get().status).toBe('error'));
    expect(snackbarStore.get().text).toBe(
      '待机画面的图片或视频已被更改（有人添加或删除了项目）。已重新加载，请再试一次。',
    );
    await waitFor(() => expect(imageNames()).toEqual(['lobby.png', 'sale.png']));
  });
});
