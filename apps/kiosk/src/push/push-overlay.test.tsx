import type { PushMessage } from '@ambassador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeDevice, openChat, renderKiosk } from '../test/fake-device';
import { fakeTime, passTime } from '../test/fake-time';
import { pushText } from './push-overlay';

function push(extra: Partial<PushMessage> = {}): PushMessage {
  return {
    push_id: 31,
    texts: { english: 'The museum closes in 15 minutes.', cantonese: '博物館十五分鐘後關門。' },
    image_url: null,
    duration_seconds: 60,
    speak: false,
    created_at: '2025-01-01T17:45:00.000Z',
    ...extra,
  };
}

const overlayText = () => screen.getByTestId('kiosk-push-text').textContent;

describe('announcements', () => {
  it('show over the start screen in its language, and are acknowledged once', async () => {
    fakeDevice();
    const { sockets } = renderKiosk();
    await screen.findByTestId('kiosk-start-english');
    await sockets.ready();
    sockets.socket.serverSend('push:message', push({ image_url: '/media/closing.png' }));

    expect(overlayText()).toBe('The museum closes in 15 minutes.');
    expect(screen.getByTestId('kiosk-push-image').getAttribute('src')).toBe('/media/closing.png');
    // What is underneath stays as it was.
    expect(screen.getByTestId('kiosk-start-english')).toBeTruthy();
    expect(sockets.socket.sent('push:ack')).toEqual([{ push_id: 31 }]);

    // The visitor starts a chat in Cantonese meanwhile: the text follows, nothing is acked again.
    await openChat('cantonese');
    expect(overlayText()).toBe('博物館十五分鐘後關門。');
    expect(screen.getByTestId('kiosk-push-text').getAttribute('lang')).toBe('zh-Hant-HK');
    expect(sockets.socket.sent('push:ack')).toHaveLength(1);
  });

  it('fall back to the default language, then to any text there is', () => {
    const texts = { german: 'Hallo', english: 'Hello' };
    expect(pushText(texts, 'japanese', 'english')).toEqual({ language: 'english', text: 'Hello' });
    expect(pushText({ german: 'Hallo', english: '  ' }, 'japanese', 'english')).toEqual({
      language: 'german',
      text: 'Hallo',
    });
    expect(pushText(texts, 'german', 'english')).toEqual({ language: 'german', text: 'Hallo' });
    expect(pushText({}, 'german', 'english')).toBeNull();
  });

  it("show the device's default language when the visitor's has no text", async () => {
    fakeDevice();
    const { sockets } = renderKiosk();
    await openChat('japanese');
    sockets.socket.serverSend('push:message', push());
    expect(overlayText()).toBe('The museum closes in 15 minutes.');
    // The close button speaks the visitor's language.
    expect(screen.getByTestId('kiosk-push-close').getAttribute('aria-label')).toBe('閉じる');
  });

  it('hide after their duration, or when closed', async () => {
    fakeTime();
    fakeDevice();
    const { sockets } = renderKiosk();
    await screen.findByTestId('kiosk-start-english');
    await sockets.ready();
    sockets.socket.serverSend('push:message', push({ duration_seconds: 1 }));
    expect(screen.getByTestId('kiosk-push')).toBeTruthy();
    await passTime(600);
    expect(screen.getByTestId('kiosk-push')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('kiosk-push')).toBeNull(), { timeout: 2_000 });

    sockets.socket.serverSend('push:message', push({ push_id: 32 }));
    fireEvent.click(screen.getByTestId('kiosk-push-close'));
    expect(screen.queryByTestId('kiosk-push')).toBeNull();
  });

  it('replace one another, and one delivered twice shows once', async () => {
    fakeDevice();
    const { sockets } = renderKiosk();
    await screen.findByTestId('kiosk-start-english');
    const socket = await sockets.ready();
    socket.serverSend('push:message', push());
    socket.serverSend('push:message', push({ push_id: 32, texts: { english: 'Free coffee at the café!' } }));

    expect(screen.getAllByTestId('kiosk-push')).toHaveLength(1);
    expect(overlayText()).toBe('Free coffee at the café!');
    fireEvent.click(screen.getByTestId('kiosk-push-close'));

    // Delivered again after a reconnection (the ack crossed it): acknowledged, not shown again.
    socket.serverSend('push:message', push({ push_id: 32, texts: { english: 'Free coffee at the café!' } }));
    expect(screen.queryByTestId('kiosk-push')).toBeNull();
    expect(socket.sent('push:ack')).toEqual([{ push_id: 31 }, { push_id: 32 }, { push_id: 32 }]);
  });

  it('are spoken in the language shown when asked, unless the visitor muted the kiosk', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const calls = fakeDevice((call) =>
      call.path === '/speech' ? { blob: new Blob(['RIFF'], { type: 'audio/wav' }) } : undefined,
    );
    const { sockets } = renderKiosk();
    await openChat('cantonese');
    sockets.socket.serverSend('push:message', push({ speak: true }));
    const speech = () => calls.filter((c) => c.path === '/speech').map((c) => c.body);
    await waitFor(() =>
      expect(speech()).toEqual([{ language: 'cantonese', text: '博物館十五分鐘後關門。' }]),
    );

    fireEvent.click(screen.getByTestId('kiosk-push-close'));
    fireEvent.click(screen.getByTestId('kiosk-mute'));
    sockets.socket.serverSend('push:message', push({ push_id: 33, speak: true }));
    expect(screen.getByTestId('kiosk-push')).toBeTruthy();
    // Acknowledged once on screen, when it would be spoken: it is not.
    await waitFor(() => expect(sockets.socket.sent('push:ack')).toContainEqual({ push_id: 33 }));
    expect(speech()).toHaveLength(1);
  });

  it('stay silent when not asked to speak', async () => {
    const calls = fakeDevice();
    const { sockets } = renderKiosk();
    await screen.findByTestId('kiosk-start-english');
    await sockets.ready();
    sockets.socket.serverSend('push:message', push({ speak: false }));
    // Acknowledged once on screen, when it would be spoken: it is not.
    await waitFor(() => expect(sockets.socket.sent('push:ack')).toContainEqual({ push_id: 31 }));
    expect(calls.some((c) => c.path === '/speech')).toBe(false);
  });
});
