import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, type Violation } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { solidPng } from '../support/media.js';
import { startServer, type RunningServer } from '../support/server.js';
import { adminApi, openPage, pairKiosk, signIn } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Live-Admin-Passw0rd!' };
const XSS = '<img src=x onerror="window.__xss=1"> <b>hello</b>';
type UiLang = 'en' | 'zhHant' | 'zhHans';

/**
 * Realtime in Chromium with a fake camera and microphone: a kiosk (its own browser context)
 * receives a pushed message, chats with an operator, and video-calls the console, which gets the
 * incoming-call banner with its sound, answers, and both sides see each other's video.
 */
describe('realtime: push, live chat and a video call between a kiosk and the console', () => {
  let server: RunningServer;
  let browser: Browser;
  let op: Page;
  let kiosk: Page;
  /** A second kiosk, North Wing, which the operator does not have selected. */
  let wing: Page;

  let deviceKey = '';
  let wingKey = '';
  const browserErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password } });
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // The banner's ring must be able to start without a click on the page.
      '--autoplay-policy=no-user-gesture-required',
    ]);
    const errors = browserErrors;
    op = await openPage(browser, server.url, { as: 'console', name: 'console', errors, media: true });
    kiosk = await openPage(browser, server.url, { as: 'kiosk', name: 'kiosk', errors, media: true });
    wing = await openPage(browser, server.url, { as: 'kiosk', name: 'north wing kiosk', errors, axe: false });
    const admin = await adminApi(server.url, ADMIN);
    deviceKey = (
      await admin.device({
        description: 'Atrium Ambassador',
        kind: 'ambassador',
        languages: ['english', 'cantonese'],
      })
    ).device_key;
    wingKey = (await admin.device({ description: 'North Wing', kind: 'ambassador', languages: ['english'] }))
      .device_key;
    // Chats are listed per selected device: work on the kiosk's.
    await signIn(op, ADMIN, 'Atrium Ambassador');
    await pairKiosk(kiosk, deviceKey);
    await pairKiosk(wing, wingKey);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ remove: true });
  });

  const o = (id: string) => op.getByTestId(id);
  const k = (id: string) => kiosk.getByTestId(id);
  const setUiLanguage = async (lang: UiLang) => {
    await op.getByTestId('language-select').selectOption(lang);
    await op.waitForFunction(
      (l) =>
        document.documentElement.lang === ({ en: 'en', zhHant: 'zh-Hant', zhHans: 'zh-Hans' } as const)[l],
      lang,
    );
  };
  /** Frames are arriving: the video has a size and its clock moved since the last look. */
  const framesArriving = (page: Page, testId: string) =>
    page.waitForFunction(
      ({ id, mark }) => {
        const video = document.querySelector<HTMLVideoElement>(`[data-testid="${id}"]`);
        if (!video || video.videoWidth === 0 || !video.srcObject) return false;
        const seen = window as unknown as Record<string, number | undefined>;
        const before = seen[mark];
        seen[mark] = video.currentTime;
        return before !== undefined && video.currentTime > before;
      },
      { id: testId, mark: `clock-${testId}-${Math.random()}` },
      { timeout: 20_000, polling: 500 },
    );

  it('pushes a message from /message; it appears on the kiosk at once and is marked delivered', async () => {
    await op.goto('/message');
    await o('push-devices').click();
    await op.getByRole('option', { name: 'Atrium Ambassador' }).click();
    await op.keyboard.press('Escape');
    await o('push-text').fill('The atrium concert starts at 3 pm.');
    await o('push-submit').click();
    await k('kiosk-push').waitFor({ timeout: 10_000 });
    expect(await k('kiosk-push').innerText()).toContain('The atrium concert starts at 3 pm.');
    await expect.poll(() => o('push-history').innerText(), { timeout: 10_000 }).toMatch(/Delivered/i);
    await screenshot(op, 'message-en');
    await screenshot(kiosk, 'kiosk-push');
  });

  it('lays the message form out inside its card at 1024 and 390 px, nothing running over another', async () => {
    await op.goto('/message');
    await o('push-form').waitFor();
    try {
      for (const width of [1024, 390]) {
        await op.setViewportSize({ width, height: 900 });
        // Boxes of every field and button in the form: each inside the card, none overlapping. Polled:
        // after a resize MUI's tabs and the grid settle over a frame or two.
        const problems = async () => {
          const { card, boxes } = await o('push-form').evaluate((form) => {
            const rect = (e: Element) => {
              const r = e.getBoundingClientRect();
              return {
                left: r.left,
                right: r.right,
                top: r.top,
                bottom: r.bottom,
                name: e.textContent ?? '',
              };
            };
            const parts = form.querySelectorAll(
              '.MuiFormControl-root, .MuiTab-root, button, .MuiSwitch-root',
            );
            return {
              card: rect(form),
              boxes: Array.from(parts)
                .filter(
                  (e) =>
                    e.closest('.MuiTabs-root, .MuiFormControl-root') === null ||
                    e.matches('.MuiFormControl-root, .MuiTab-root'),
                )
                .map(rect),
            };
          });
          const found: string[] = [];
          for (const box of boxes) {
            if (box.left < card.left - 0.5 || box.right > card.right + 0.5)
              found.push(
                `"${box.name}" [${box.left}, ${box.right}] leaves the card [${card.left}, ${card.right}]`,
              );
          }
          for (const [i, a] of boxes.entries())
            for (const b of boxes.slice(i + 1)) {
              if (
                a.left < b.right - 1 &&
                b.left < a.right - 1 &&
                a.top < b.bottom - 1 &&
                b.top < a.bottom - 1
              )
                found.push(`"${a.name}" runs over "${b.name}"`);
            }
          return found;
        };
        await expect.poll(problems, { message: `${width} px`, timeout: 5_000 }).toEqual([]);
      }
    } finally {
      await op.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('a visitor asks for staff; the chat appears for operators, markup shows as text, and replies reach the kiosk live', async () => {
    await op.goto('/chat');
    await k('kiosk-staff-chat').click();
    // Name and mobile are optional; the form may ask for them first.
    await k('kiosk-staff-name').fill('Ada');
    await k('kiosk-staff-start').click();
    await k('kiosk-staff-input').fill(XSS);
    await k('kiosk-staff-send').click();
    await expect.poll(() => k('kiosk-staff-message').last().innerText()).toContain('<b>hello</b>');

    const entry = op.locator('[data-testid^="chat-enduser-"]').first();
    await entry.waitFor({ timeout: 10_000 });
    await entry.click();
    await expect
      .poll(() => o('chat-message').last().innerText())
      .toContain('<img src=x onerror="window.__xss=1">');
    expect(await op.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await kiosk.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await o('chat-input').fill('Hello! I am on my way to the atrium.');
    await o('chat-send').click();
    await expect
      .poll(() => k('kiosk-staff-message').last().innerText(), { timeout: 10_000 })
      .toContain('I am on my way to the atrium');
    await screenshot(op, 'chat-en');
    await screenshot(kiosk, 'kiosk-staff-chat');
  });

  it('a kiosk calls: banner with sound, View call, answer, video both ways, hang up, history', async () => {
    await op.goto('/dashboard');
    // Back to the kiosk's start screen (the staff chat ends when the visitor leaves it).
    const leave = k('kiosk-staff-end');
    if (await leave.isVisible().catch(() => false)) await leave.click();
    await k('kiosk-call').click();
    await expect.poll(() => k('kiosk-call-status').innerText(), { timeout: 10_000 }).toMatch(/call/i);

    await o('incoming-call-banner').waitFor({ timeout: 10_000 });
    expect(await o('incoming-call-banner').innerText()).toContain('You have new incoming call');
    await op.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="incoming-call-sound"]');
      return audio !== null && !audio.paused && audio.currentTime > 0;
    });
    await screenshot(op, 'incoming-call-banner-en');

    await o('incoming-call-view').click();
    await op.waitForURL(/\/live_video\?call=/);
    // Selecting that call resets the banner, and its sound stops and rewinds.
    await o('incoming-call-banner')
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(async () => {
        await o('incoming-call-banner').waitFor({ state: 'hidden', timeout: 5_000 });
      });
    expect(
      await op.evaluate(() => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="incoming-call-sound"]');
        return audio === null || (audio.paused && audio.currentTime === 0);
      }),
    ).toBe(true);

    await o('call-answer').click();
    await framesArriving(op, 'remote-video');
    await framesArriving(kiosk, 'kiosk-remote-video');
    await expect.poll(() => o('call-message').innerText(), { timeout: 10_000 }).toMatch(/Connected/);
    await screenshot(op, 'live-video-call-en');
    await screenshot(kiosk, 'kiosk-call');

    await o('call-hangup').click();
    await expect.poll(() => k('kiosk-call-status').innerText(), { timeout: 10_000 }).toMatch(/ended/i);

    await o('call-history-open').click();
    const history = o('call-history-dialog');
    await history.waitFor();
    await expect.poll(() => history.innerText()).toContain('Atrium Ambassador');
    expect(await history.innerText()).toMatch(/Ended/);
    await screenshot(op, 'call-history-en');
    await op.keyboard.press('Escape');
  });

  it('a visitor on a kiosk that is not selected: badge and notice name it, and one click opens that chat', async () => {
    await op.goto('/dashboard');
    await o('device-select').waitFor();
    expect(await o('device-select').innerText()).toContain('Atrium Ambassador');
    // Nothing waits: the Atrium chat was answered, then its visitor left.
    expect(await o('nav-chat-badge').count()).toBe(0);

    const w = (id: string) => wing.getByTestId(id);
    await w('kiosk-staff-chat').click();
    await w('kiosk-staff-name').fill('Grace');
    await w('kiosk-staff-start').click();
    await w('kiosk-staff-input').fill('Is anyone there? I cannot find the lift.');
    await w('kiosk-staff-send').click();

    await o('chat-notice').waitFor({ timeout: 10_000 });
    await expect
      .poll(() => o('chat-notice-text').innerText())
      .toMatch(/^North Wing: new (chat|message) from a visitor$/);
    await expect.poll(() => o('nav-chat-badge').getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    await screenshot(op, 'chat-notice-en');

    // After a reload the badge is still right (the notice was for that moment only).
    await op.reload();
    await expect.poll(() => o('nav-chat-badge').getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
    // The link's name says the count and keeps its visible label (WCAG 2.5.3, label in name).
    const waitingViolations = await axeViolations(op, 'left bar with a chat waiting');
    expect(waitingViolations, describeViolations(waitingViolations)).toEqual([]);
    await w('kiosk-staff-input').fill('Hello?');
    await w('kiosk-staff-send').click();
    await expect
      .poll(() => o('chat-notice-text').innerText(), { timeout: 10_000 })
      .toBe('North Wing: new message from a visitor');

    await o('chat-notice-open').click();
    await op.waitForURL(/\/chat\?session=/);
    await expect.poll(() => o('device-select').innerText()).toContain('North Wing');
    await expect.poll(() => o('chat-message').last().innerText(), { timeout: 10_000 }).toContain('Hello?');
    expect(await o('chat-enduser-name').first().innerText()).toBe('Grace');
    // Read: nothing waits any more.
    await o('nav-chat-badge').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await o('chat-notice').count()).toBe(0);
    await screenshot(op, 'chat-after-notice-en');

    await o('chat-input').fill('Hi Grace, the lift is behind the info desk.');
    await o('chat-send').click();
    await expect
      .poll(() => w('kiosk-staff-message').last().innerText(), { timeout: 10_000 })
      .toContain('behind the info desk');
  });

  it('Interface Settings: switching Call staff off hides it on the paired kiosk at once, without a reload', async () => {
    // Changing device goes to the dashboard: choose the Atrium kiosk's first.
    await o('device-select').click();
    await op.getByRole('option', { name: 'Atrium Ambassador' }).click();
    await op.waitForURL('**/dashboard');
    await op.goto('/interface');
    const callStaff = op.getByRole('switch', { name: 'Call staff' });
    await callStaff.waitFor();
    expect(await callStaff.isChecked()).toBe(true);
    // The kiosk on its start screen, offering a call.
    await kiosk.reload();
    await k('kiosk-call').waitFor({ timeout: 10_000 });
    let reloaded = false;
    kiosk.once('load', () => (reloaded = true));

    await callStaff.click();
    await expect.poll(() => o('snackbar').innerText(), { timeout: 10_000 }).toContain('Reach staff saved');
    await k('kiosk-call').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await k('kiosk-staff-chat').isVisible()).toBe(true);
    await screenshot(op, 'interface-en');
    await screenshot(kiosk, 'kiosk-no-call');

    // On again after a reload of the console: the switch shows what was saved, and the kiosk follows.
    await op.reload();
    await callStaff.waitFor();
    expect(await callStaff.isChecked()).toBe(false);
    await callStaff.click();
    await k('kiosk-call').waitFor({ timeout: 10_000 });
    expect(reloaded).toBe(false);
  });

  it('Interface Settings: a carousel banner uploaded in the console shows on the paired kiosk live, and goes when deleted', async () => {
    await op.goto('/interface');
    await o('carousel-empty').waitFor();
    await kiosk.reload();
    await k('kiosk-start-english').waitFor();
    expect(await k('kiosk-carousel').count()).toBe(0);
    let reloaded = false;
    kiosk.once('load', () => (reloaded = true));

    await o('carousel-input').setInputFiles([
      {
        name: 'summer-sale.png',
        mimeType: 'image/png',
        buffer: await solidPng(320, 180, 'rgb(230, 90, 40)'),
      },
      {
        name: 'opening-hours.png',
        mimeType: 'image/png',
        buffer: await solidPng(320, 180, 'rgb(40, 90, 230)'),
      },
    ]);
    await expect.poll(() => o('snackbar').innerText(), { timeout: 15_000 }).toContain('Banners added: 2');
    expect(await o('carousel-banner').count()).toBe(2);
    // The kiosk shows the first banner, loaded from the media route as an image.
    await k('kiosk-carousel').waitFor({ timeout: 10_000 });
    const shown = kiosk.locator('[data-testid="kiosk-banner"]:not([hidden]) img');
    await kiosk.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>(
          '[data-testid="kiosk-banner"]:not([hidden]) img',
        );
        return img !== null && img.complete && img.naturalWidth === 320;
      },
      undefined,
      { timeout: 10_000 },
    );
    const src = (await shown.getAttribute('src'))!;
    const served = await fetch(`${server.url}${src}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    const found = [
      ...(await axeViolations(op, '/interface with banners')),
      ...(await axeViolations(kiosk, 'kiosk start with a carousel')),
    ];
    await screenshot(op, 'interface-carousel-en');
    await screenshot(kiosk, 'kiosk-carousel');

    // Keyboard reorder, then delete both with the confirm dialog: the kiosk's carousel goes.
    await op.getByRole('button', { name: 'Move opening-hours.png up' }).click();
    await expect
      .poll(() => o('snackbar').innerText(), { timeout: 10_000 })
      .toContain('opening-hours.png moved to position 1');
    for (const name of ['opening-hours.png', 'summer-sale.png']) {
      await op.getByRole('button', { name: `Delete ${name}` }).click();
      await o('delete-dialog').waitFor();
      if (name === 'opening-hours.png') found.push(...(await axeViolations(op, 'delete banner dialog')));
      await o('delete-confirm').click();
      await o('delete-dialog').waitFor({ state: 'detached' });
    }
    await k('kiosk-carousel').waitFor({ state: 'detached', timeout: 10_000 });
    await o('carousel-empty').waitFor();
    expect(reloaded).toBe(false);
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('Interface Settings: a directory unit added and edited in the console shows on the paired kiosk live, with its logo and chat', async () => {
    await op.goto('/interface');
    await o('directory-table').waitFor();
    // The kiosk's directory, open on its start screen.
    await kiosk.reload();
    await k('kiosk-directory-open').click();
    await k('kiosk-directory-empty').waitFor();
    let reloaded = false;
    kiosk.once('load', () => (reloaded = true));

    await o('directory-add').click();
    await o('unit-dialog').waitFor();
    await o('unit-number').fill('G-12');
    await o('unit-name-english').fill('Harbour Books');
    await op.getByTestId('unit-language-cantonese').click();
    await o('unit-name-cantonese').fill('海港書店');
    await o('unit-phone').fill('+852 2345 6789');
    await o('unit-email').fill('books@harbour.example');
    await o('unit-live-chat').check();
    await o('unit-logo-input').setInputFiles({
      name: 'books.png',
      mimeType: 'image/png',
      buffer: await solidPng(120, 120, 'rgb(20, 120, 90)'),
    });
    await o('unit-logo-preview').waitFor();
    const found = [...(await axeViolations(op, 'unit dialog'))];
    await screenshot(op, 'interface-unit-dialog-en');
    await o('unit-submit').click();
    await o('unit-dialog').waitFor({ state: 'detached' });
    await o('unit-row-G-12').waitFor();

    // Live on the kiosk: the unit with its logo, found by touch search in Chinese too.
    await k('kiosk-unit-G-12').waitFor({ timeout: 10_000 });
    await kiosk.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="kiosk-unit-G-12"] img');
        return img !== null && img.complete && img.naturalWidth === 120;
      },
      undefined,
      { timeout: 10_000 },
    );
    await k('kiosk-directory-search').fill('2345 6789');
    await k('kiosk-unit-G-12').waitFor();
    found.push(...(await axeViolations(op, '/interface with a directory unit')));
    found.push(...(await axeViolations(kiosk, 'kiosk directory')));
    await screenshot(op, 'interface-directory-en');
    await screenshot(kiosk, 'kiosk-directory');

    // An edit reaches the kiosk as well, without a reload.
    await o('unit-row-G-12').locator('[data-testid^="unit-edit-"]').click();
    await o('unit-name-english').fill('Harbour Books & Maps');
    await o('unit-submit').click();
    await o('unit-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => k('kiosk-unit-G-12').innerText(), { timeout: 10_000 })
      .toContain('Harbour Books & Maps');

    // Live chat from the unit: the operator sees the chat tagged with it on /chat.
    await k('kiosk-unit-chat-G-12').click();
    await k('kiosk-staff-start').click();
    await k('kiosk-staff-input').waitFor();
    await op.goto('/chat');
    await expect
      .poll(() => op.locator('body').innerText(), { timeout: 10_000 })
      .toContain('G-12 Harbour Books & Maps');
    await k('kiosk-staff-end').click();
    await k('kiosk-directory-close').click();

    // In Traditional Chinese, with the import dialog.
    await setUiLanguage('zhHant');
    await op.goto('/interface');
    await o('unit-row-G-12').waitFor();
    await screenshot(op, 'interface-directory-zhHant');
    await o('directory-import').click();
    await o('directory-import-dialog').waitFor();
    found.push(...(await axeViolations(op, 'directory import dialog')));
    await op.keyboard.press('Escape');
    await setUiLanguage('en');
    expect(reloaded).toBe(false);
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('reads in Traditional and Simplified Chinese, axe 0 on each screen', async () => {
    const found: Violation[] = [];
    for (const lang of ['zhHant', 'zhHans'] as const) {
      await setUiLanguage(lang);
      for (const [route, name] of [
        ['/live_video', 'live-video'],
        ['/chat', 'chat'],
        ['/message', 'message'],
        ['/interface', 'interface'],
      ] as const) {
        await op.goto(route);
        await op.waitForLoadState('networkidle');
        await expect.poll(() => op.evaluate(() => document.documentElement.lang)).toMatch(/^zh-Han[st]$/);
        await screenshot(op, `${name}-${lang}`);
        found.push(...(await axeViolations(op, `${route} (${lang})`)));
      }
    }
    await setUiLanguage('en');
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('had no errors in either browser', () => {
    expect(browserErrors).toEqual([]);
  });
});
