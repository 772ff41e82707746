import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { LIVE_EVENT, type Push } from '@ambassador/contracts';
import { LOGGED_OUT, authStore } from '@/shared/auth/auth-store';
import { dispatchLiveEvent } from '@/shared/realtime/live-socket';
import { snackbarStore } from '@/shared/ui/snackbar/snackbar-store';
import { fakeServer, type FakeCall, type FakeReply } from '@/shared/test/fake-server';
import { renderWithApp, signedInWithTwoDevices } from '@/shared/test/render-with-app';
import { aDelivery, aPush } from '../test/fixtures';
import { MessagePage } from './message-page';

configure({ asyncUtilTimeout: 4000 });

/** Mary on a project with two devices, query data fresh for 30 s as in the app. */
const renderPage = () =>
  renderWithApp(<MessagePage />, '/message', { auth: signedInWithTwoDevices, staleTime: 30_000 });
const eventually = <T,>(check: () => T) => vi.waitFor(check, { timeout: 4000 });

/** A push server in memory: the history newest first with a total; a push is stored and listed. */
function pushServer(pushes: Push[], override?: (call: FakeCall) => FakeReply | Promise<FakeReply>) {
  return fakeServer(async (call) => {
    const custom = await override?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/video_call/push') {
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 10);
      return { body: pushes.slice(offset, offset + limit), total: pushes.length };
    }
    if (call.method === 'POST' && call.path === '/video_call/push/upload') {
      return {
        body: { media_id: 1, url: '/media/notice.png', mime: 'image/png', size: 68, filename: 'notice.png' },
      };
    }
    if (call.method === 'POST' && call.path === '/video_call/push') {
      const body = call.body as Push & { device_ids: number[] };
      const saved = aPush(pushes.length + 1, {
        texts: body.texts,
        image_url: body.image_url,
        duration_seconds: body.duration_seconds,
        speak: body.speak,
        deliveries: body.device_ids.map((id) => aDelivery(id, 'pending')),
      });
      pushes.unshift(saved);
      return { body: saved };
    }
    return undefined;
  });
}

const listCalls = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/video_call/push');
const pushCalls = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/video_call/push');
const text = () => screen.getByTestId('push-text') as HTMLTextAreaElement;

async function chooseDevice(testId: string) {
  fireEvent.mouseDown(screen.getByTestId('push-devices'));
  fireEvent.click(await screen.findByTestId(testId));
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
}

beforeEach(() => {
  snackbarStore.get().open = false;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.set(LOGGED_OUT);
});

describe('MessagePage', { timeout: 20_000 }, () => {
  it('will not push without a device or a text, and says which is missing', async () => {
    const calls = pushServer([]);
    renderPage();
    await screen.findByTestId('table-empty');

    fireEvent.click(screen.getByTestId('push-submit'));
    expect(await screen.findByText('Choose at least one device')).toBeTruthy();
    expect(screen.getByTestId('push-text-help').textContent).toBe('Text cannot be empty');
    expect(snackbarStore.get()).toMatchObject({
      status: 'error',
      text: 'Incorrect data found, please check again.',
    });

    // A device alone is not enough; nor is a text of spaces.
    await chooseDevice('push-device-option-8');
    fireEvent.change(text(), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('push-submit'));
    await eventually(() => expect(screen.queryByText('Choose at least one device')).toBeNull());
    expect(screen.getByTestId('push-text-help').textContent).toBe('Text cannot be empty');

    fireEvent.change(text(), { target: { value: 'Closing in 15 minutes' } });
    fireEvent.change(screen.getByTestId('push-duration'), { target: { value: '601' } });
    fireEvent.click(screen.getByTestId('push-submit'));
    expect(await screen.findByText('Enter 3 to 600 seconds')).toBeTruthy();
    expect(pushCalls(calls)).toHaveLength(0);
  });

  it('pushes to the chosen devices: texts per language, image, duration and speech', async () => {
    const pushes: Push[] = [];
    const calls = pushServer(pushes);
    renderPage();
    await screen.findByTestId('table-empty');
    const listsBefore = listCalls(calls).length;

    await chooseDevice('push-device-all');
    expect(screen.getByTestId('push-devices').textContent).toBe('All devices (2)');

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'English',
      'Cantonese',
      'Mandarin',
    ]);
    fireEvent.change(text(), { target: { value: ' The lobby closes at 10 pm. ' } });
    fireEvent.click(screen.getByTestId('language-tab-cantonese'));
    expect(text().value).toBe('');
    fireEvent.change(text(), { target: { value: '大堂晚上十時關閉。' } });
    // Another language, added for this message.
    fireEvent.click(screen.getByTestId('push-add-language'));
    fireEvent.click(await screen.findByTestId('push-add-language-japanese'));
    expect(text().dataset.language).toBe('japanese');
    fireEvent.change(text(), { target: { value: 'ロビーは午後10時に閉まります。' } });
    expect(screen.getByTestId('push-text-help').textContent).toBe('Written in: English, Cantonese, Japanese');

    const file = new File([new Uint8Array(68)], 'notice.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('push-image-input'), { target: { files: [file] } });
    const preview = (await screen.findByTestId('push-image-preview')) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/media/notice.png');
    const upload = calls.find((c) => c.path === '/video_call/push/upload')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);

    fireEvent.change(screen.getByTestId('push-duration'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('push-speak'));
    fireEvent.click(screen.getByTestId('push-submit'));

    await eventually(() => expect(pushCalls(calls)).toHaveLength(1));
    expect(pushCalls(calls)[0]!.body).toEqual({
      device_ids: [7, 8],
      texts: {
        english: 'The lobby closes at 10 pm.',
        cantonese: '大堂晚上十時關閉。',
        japanese: 'ロビーは午後10時に閉まります。',
      },
      image_url: '/media/notice.png',
      duration_seconds: 30,
      speak: true,
    });
    await eventually(() =>
      expect(snackbarStore.get()).toMatchObject({ status: 'success', text: 'Pushed to 2 devices' }),
    );

    // The history shows it at once; the form is ready for the next message, same devices.
    const row = await screen.findByTestId('push-row-1');
    expect(listCalls(calls).length).toBeGreaterThan(listsBefore);
    expect(within(row).getByTestId('push-text-preview').textContent).toBe('The lobby closes at 10 pm.');
    expect(within(row).getByTestId('push-spoken')).toBeTruthy();
    expect(within(row).getByText('30 s')).toBeTruthy();
    expect(screen.queryByTestId('push-image-preview')).toBeNull();
    expect(screen.getByTestId('push-devices').textContent).toBe('All devices (2)');
  });

  it('sends no image once it is removed, and explains a refused upload', async () => {
    const calls = pushServer([], (call) =>
      call.path === '/video_call/push/upload' &&
      (call.body as FormData).get('file') instanceof File &&
      ((call.body as FormData).get('file') as File).name === 'huge.png'
        ? { status: 413, body: { success: false, message: 'File too large', error: 'file_too_large' } }
        : undefined,
    );
    renderPage();
    await screen.findByTestId('table-empty');

    fireEvent.change(screen.getByTestId('push-image-input'), {
      target: { files: [new File(['x'], 'huge.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('The file is too large.')).toBeTruthy();
    expect(screen.queryByTestId('push-image-preview')).toBeNull();

    fireEvent.change(screen.getByTestId('push-image-input'), {
      target: { files: [new File(['x'], 'notice.png', { type: 'image/png' })] },
    });
    await screen.findByTestId('push-image-preview');
    fireEvent.click(screen.getByTestId('push-image-remove'));
    expect(screen.queryByTestId('push-image-preview')).toBeNull();

    await chooseDevice('push-device-option-7');
    fireEvent.change(text(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('push-submit'));
    await eventually(() => expect(pushCalls(calls)).toHaveLength(1));
    expect(pushCalls(calls)[0]!.body).toMatchObject({
      device_ids: [7],
      image_url: null,
      duration_seconds: 15,
      speak: false,
    });
  });

  it('lists the history, 10 a page, with each device’s delivery', async () => {
    const pushes = Array.from({ length: 12 }, (_, i) => aPush(12 - i));
    pushes[0] = aPush(12, {
      texts: { cantonese: '請注意', english: 'Attention please' },
      image_url: '/media/a.png',
      deliveries: [
        aDelivery(7, 'delivered'),
        aDelivery(8, 'pending'),
        aDelivery(9, 'expired', { device_name: 'Lift' }),
      ],
    });
    const calls = pushServer(pushes);
    renderPage();

    const row = await screen.findByTestId('push-row-12');
    expect(within(row).getByTestId('push-text-preview').textContent).toBe('Attention please');
    expect(within(row).getByText('English · Cantonese')).toBeTruthy();
    expect(within(row).getByTestId('push-image-thumb').getAttribute('src')).toBe('/media/a.png');
    const chip = (deviceId: number) => within(row).getByTestId(`push-delivery-12-${deviceId}`);
    expect(chip(7).dataset.status).toBe('delivered');
    expect(chip(7).textContent).toMatch(/^Lobby · Delivered .+/);
    expect(chip(8).dataset.status).toBe('pending');
    expect(chip(8).textContent).toBe('Gate kiosk · Pending');
    expect(chip(9).dataset.status).toBe('expired');
    expect(chip(9).textContent).toBe('Lift · Expired');

    // The video-call paths never carry the selected device: the history is the whole project's.
    expect(Object.fromEntries(listCalls(calls)[0]!.query.entries())).toEqual({ limit: '10', offset: '0' });
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByTestId('push-row-2');
    expect(listCalls(calls).at(-1)!.query.get('offset')).toBe('10');
  });

  it('refreshes the history when a delivery changes (refresh_push)', async () => {
    const pushes = [aPush(1, { deliveries: [aDelivery(7, 'pending')] })];
    const calls = pushServer(pushes);
    renderPage();
    await screen.findByTestId('push-row-1');
    expect(screen.getByTestId('push-delivery-1-7').dataset.status).toBe('pending');
    const before = listCalls(calls).length;

    pushes[0] = { ...pushes[0]!, deliveries: [aDelivery(7, 'delivered')] };
    act(() => dispatchLiveEvent({ name: LIVE_EVENT.refreshPush, push_id: 1 }));

    await eventually(() => expect(screen.getByTestId('push-delivery-1-7').dataset.status).toBe('delivered'));
    expect(listCalls(calls).length).toBe(before + 1);
  });
});
