import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, type Violation } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { ffmpegVideo, solidPng } from '../support/media.js';
import { openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Idle-Admin-Passw0rd!' };

/**
 * The idle screen end to end in Chromium: an operator uploads a real image and a real video (made
 * here with ffmpeg) on /interface, and a paired kiosk left alone plays its idle loop, then follows
 * the console's changes live, without a reload; a touch brings the start screen back.
 */
describe('idle screen: the console sets it, a paired kiosk plays it', () => {
  let stage: Stage;
  let op: Page;
  let kiosk: Page;
  const found: Violation[] = [];

  beforeAll(async () => {
    stage = await openStage({
      admin: ADMIN,
      device: { description: 'Atrium Idle Kiosk', languages: ['english', 'mandarin'] },
      browserArgs: ['--autoplay-policy=no-user-gesture-required'],
    });
    ({ op, kiosk } = stage);
  });
  afterAll(async () => {
    await stage?.close();
  });

  const o = (id: string) => op.getByTestId(id);
  const k = (id: string) => kiosk.getByTestId(id);
  const snackbar = (text: string) =>
    expect.poll(() => o('snackbar').innerText(), { timeout: 15_000 }).toContain(text);
  /** The kiosk's idle loop is up and its image has loaded (as wide as the one uploaded). */
  const kioskShowsImage = (width: number) =>
    kiosk.waitForFunction(
      (w) => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="kiosk-idle-image"]');
        return img !== null && img.complete && img.naturalWidth === w;
      },
      width,
      // The shortest idle timeout is 15 s of nobody touching the kiosk.
      { timeout: 45_000, polling: 250 },
    );
  /** The kiosk's idle loop plays a video: it has frames and its clock moved since the last look. */
  const kioskPlaysVideo = () =>
    kiosk.waitForFunction(
      (mark) => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="kiosk-idle-video"]');
        if (!video || video.videoWidth === 0) return false;
        const seen = window as unknown as Record<string, number | undefined>;
        const before = seen[mark];
        seen[mark] = video.currentTime;
        return before !== undefined && video.currentTime !== before && video.muted;
      },
      `idle-clock-${Math.random()}`,
      { timeout: 45_000, polling: 500 },
    );

  it('uploads an image, shortens the idle timeout, and the kiosk left alone plays the image', async () => {
    await op.goto('/interface');
    await o('idle-images-empty').waitFor();
    expect(await o('idle-nothing').isVisible()).toBe(true);
    let reloaded = false;
    kiosk.once('load', () => (reloaded = true));

    await o('idle-images-input').setInputFiles([
      {
        name: 'welcome-sign.png',
        mimeType: 'image/png',
        buffer: await solidPng(320, 180, 'rgb(20, 120, 200)'),
      },
    ]);
    await snackbar('Images added: 1');
    expect(await o('idle-image').count()).toBe(1);
    const timeout = op.getByRole('spinbutton', { name: 'Starts after (seconds)' });
    await timeout.fill('15');
    await timeout.press('Enter');
    await snackbar('Idle screen saved');

    await kioskShowsImage(320);
    expect(await k('kiosk-idle').getAttribute('data-media-type')).toBe('image');
    found.push(...(await axeViolations(kiosk, 'kiosk idle loop (image)')));
    await screenshot(kiosk, 'kiosk-idle-image');
    expect(reloaded).toBe(false);
  });

  it('adds a real video made with ffmpeg; choosing videos changes the playing loop live', async () => {
    const mp4 = await ffmpegVideo('mp4');
    const webm = await ffmpegVideo('webm');
    await o('idle-tab-video').click();
    await o('idle-videos-input').setInputFiles([
      { name: 'lobby-tour.mp4', mimeType: 'video/mp4', buffer: mp4 },
      { name: 'night-lights.webm', mimeType: 'video/webm', buffer: webm },
    ]);
    await snackbar('Videos added: 2');
    expect(await o('idle-video').count()).toBe(2);
    // The kiosk still plays its image meanwhile: images are the type that plays.
    expect(await k('kiosk-idle').getAttribute('data-media-type')).toBe('image');

    // The choice moves once the server has saved it (a slow save would fail `check()`).
    await op.getByRole('radio', { name: 'Videos (2)' }).click();
    await snackbar('Idle screen saved');
    await expect.poll(() => op.getByRole('radio', { name: 'Videos (2)' }).isChecked()).toBe(true);
    await expect
      .poll(() => k('kiosk-idle').getAttribute('data-media-type'), { timeout: 10_000 })
      .toBe('video');
    await kioskPlaysVideo();
    const src = (await k('kiosk-idle-video').getAttribute('src'))!;
    const served = await fetch(`${stage.server.url}${src}`, { headers: { range: 'bytes=0-99' } });
    expect([served.status, served.headers.get('content-type')]).toEqual([206, 'video/mp4']);
    await screenshot(kiosk, 'kiosk-idle-video');

    // A touch brings the start screen back.
    await k('kiosk-idle').click();
    await k('kiosk-idle').waitFor({ state: 'detached' });
    await k('kiosk-start-english').waitFor();
  });

  it('previews the loop in the console, reorders by keyboard, and reads in three languages', async () => {
    await o('idle-preview-open').click();
    await o('idle-preview').waitFor();
    await expect.poll(() => o('idle-preview-caption').innerText()).toBe('Video 1 of 2: lobby-tour.mp4');
    await op.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="idle-preview-video"]');
      return v !== null && v.videoWidth === 320;
    });
    found.push(...(await axeViolations(op, 'idle preview dialog')));
    await screenshot(op, 'interface-idle-preview-en');
    await o('idle-preview-next').click();
    await expect.poll(() => o('idle-preview-caption').innerText()).toBe('Video 2 of 2: night-lights.webm');
    await o('idle-preview-close').click();
    await o('idle-preview').waitFor({ state: 'detached' });

    await op.getByRole('button', { name: 'Move night-lights.webm up' }).click();
    await snackbar('night-lights.webm moved to position 1');
    found.push(...(await axeViolations(op, '/interface with the idle screen')));
    await screenshot(op, 'interface-idle-en');
    for (const lang of ['zhHant', 'zhHans'] as const) {
      await op.getByTestId('language-select').selectOption(lang);
      await op.waitForFunction(
        (l) => document.documentElement.lang === l,
        lang === 'zhHant' ? 'zh-Hant' : 'zh-Hans',
      );
      await o('idle-video').first().waitFor();
      found.push(...(await axeViolations(op, `/interface idle screen in ${lang}`)));
      await screenshot(op, `interface-idle-${lang}`);
    }
    await op.getByTestId('language-select').selectOption('en');
  });

  it('deletes with the confirm dialog; with no videos left the kiosk has no idle loop', async () => {
    for (const name of ['night-lights.webm', 'lobby-tour.mp4']) {
      await op.getByRole('button', { name: `Delete ${name}` }).click();
      await o('delete-dialog').waitFor();
      if (name === 'lobby-tour.mp4') found.push(...(await axeViolations(op, 'delete idle video dialog')));
      await o('delete-confirm').click();
      await o('delete-dialog').waitFor({ state: 'detached' });
    }
    await o('idle-videos-empty').waitFor();
    await o('idle-nothing').waitFor();
    // Left alone again, the kiosk stays on its start screen: videos play, and there are none.
    const config = await kiosk.evaluate(async () => {
      const key = localStorage.getItem('ambassador.kiosk.device_key');
      const res = await fetch('/device_api/v1/config', { headers: { authorization: `Bearer ${key}` } });
      return (await res.json()).data.idle_screen;
    });
    expect(config).toEqual({ media_type: 'video', idle_timeout: 15, items: [] });
    expect(await k('kiosk-idle').count()).toBe(0);
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('takes a response’s image as a banner; of two files picked, the refused one is listed and the other added', async () => {
    // A topic whose answer shows an image, uploaded the way the AI response editor does.
    const picture = await solidPng(240, 120, 'rgb(200, 60, 90)');
    const { 'content-type': _json, ...auth } = stage.api.headers;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'banner1.png');
    const deviceId = stage.device.device.id;
    const sent = await fetch(`${stage.server.url}/admin_panel/ai_config/upload?device_id=${deviceId}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(sent.status).toBe(200);
    const shown = (await sent.json()).data as { url: string };
    const category = await stage.api.post<{ category_id: number }>('/ai_config/intents/category', {
      device_id: deviceId,
      name: 'Offers',
    });
    const topic = await stage.api.post<{ id: number }>('/ai_config/intents/intent', {
      device_id: deviceId,
      name: 'Spring offer',
      category_id: category.category_id,
    });
    await stage.api.post('/ai_config/intents/responses', {
      device_id: deviceId,
      intent_id: topic.id,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      speech: 'Our spring offer.',
      contents: [{ type: 'image', url: shown.url }],
    });

    // No banner yet: the same picture, and a page that is no image, picked together.
    await o('carousel-empty').waitFor();
    await o('carousel-input').setInputFiles([
      { name: 'banner1.png', mimeType: 'image/png', buffer: picture },
      {
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<!doctype html><p>not a picture</p>'),
      },
    ]);
    await snackbar('1 of 2 files was refused (1 added): see the list.');
    await expect.poll(() => o('carousel-banner').count()).toBe(1);
    expect(await o('carousel-banner').getByRole('img').getAttribute('alt')).toBe('banner1.png');
    const refused = await o('carousel-refused').getByRole('listitem').allInnerTexts();
    expect(refused).toEqual([expect.stringMatching(/^notes\.png: /)]);
    expect(refused[0]).not.toContain('banner');
    await screenshot(op, 'interface-carousel-refused-en');
    // The response still shows its image once the banner is deleted.
    await op.getByRole('button', { name: 'Delete banner1.png' }).click();
    await o('delete-confirm').click();
    await o('carousel-empty').waitFor();
    expect((await fetch(`${stage.server.url}${shown.url}`)).status).toBe(200);
  });

  it('had no errors in either browser', () => {
    expect(stage.errors).toEqual([]);
  });
});
