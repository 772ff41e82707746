import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

const ADMIN = { username: 'admin', password: 'Talk-Admin-Passw0rd!' };
/** Seeded devices: 1 Main Lobby Ambassador (with the demo topics), 2 North Wing, 3 Website Chatbot. */
const LOBBY = 1;
type UiLang = 'en' | 'zhHant' | 'zhHans';
const PARKING_QUESTION = 'Where can I park my car this afternoon?';
const UNKNOWN_QUESTION = 'Do you rent out rowing boats?';

/**
 * Devices talk: an admin gives the lobby device a key, a kiosk (second browser page) pairs with it
 * and a visitor asks; the console then shows the questions in Conversation Review and on the
 * Dashboard, an operator trains the unanswered one into a topic, and the kiosk asks again.
 */
describe('devices talk: kiosk, conversation review and dashboard in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let consolePage: Page;
  let kiosk: Page;
  let tmp: string;
  const browserErrors: string[] = [];

  beforeAll(async () => {
    // The demo data on: topics on every device and some visitor traffic, all through the device API.
    server = await startServer({
      env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true', DEMO_CONVERSATIONS: '150' },
    });
    // The visitor history is sent after Ready (the console is usable before it is there).
    await server.logged(/^demo visitor history: done/);
    browser = await launchBrowser();
    const watch = (page: Page, name: string) => {
      page.on('pageerror', (err) => browserErrors.push(`${name}: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
          browserErrors.push(`${name}: ${msg.text()}`);
      });
    };
    const consoleContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    consolePage = await consoleContext.newPage();
    watch(consolePage, 'console');
    // The kiosk: its own browser (context), portrait like an ambassador screen.
    const kioskContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 900, height: 1400 },
    });
    kiosk = await kioskContext.newPage();
    watch(kiosk, 'kiosk');
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-e2e-talk-'));
    await consolePage.goto('/login');
    await consolePage.getByTestId('login-username').fill(ADMIN.username);
    await consolePage.getByTestId('login-password').fill(ADMIN.password);
    await consolePage.getByTestId('login-submit').click();
    await consolePage.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ remove: true });
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  const byId = (id: string) => consolePage.getByTestId(id);
  const k = (id: string) => kiosk.getByTestId(id);
  const snackbar = async (status: 'success' | 'error') => {
    const bar = consolePage.locator(`[data-testid="snackbar"][data-status="${status}"]`).last();
    await bar.waitFor();
    return (await bar.innerText()).trim();
  };
  const setUiLanguage = async (page: Page, lang: UiLang) => {
    await page.getByTestId('language-select').selectOption(lang);
    await page.waitForFunction(
      (l) =>
        document.documentElement.lang === ({ en: 'en', zhHant: 'zh-Hant', zhHans: 'zh-Hans' } as const)[l],
      lang,
    );
  };
  let deviceKey = '';

  it('adds a device from Admin Settings; the device selector lists it at once', async () => {
    await consolePage.goto('/setting');
    await byId('settings-devices-link').click();
    await byId('devices-table').waitFor();
    await byId('add-device').click();
    await byId('device-name').fill('Gate 3 Kiosk');
    await byId('device-kind').click();
    await byId('device-kind-option-chatbot').click();
    await byId('dialog-submit').click();
    await byId('device-key-dialog').waitFor();
    expect(await byId('device-key-value').inputValue()).toMatch(/^dk_/);
    await byId('device-key-done').click();
    await byId('device-select').click();
    await expect.poll(() => consolePage.getByRole('listbox').innerText()).toContain('Gate 3 Kiosk');
    await consolePage.keyboard.press('Escape');
    await screenshot(consolePage, 'devices-en');
  });

  it('gives the lobby device a new key, shown once', async () => {
    await byId(`rotate-key-${LOBBY}`).click();
    await byId('confirm-key-dialog').waitFor();
    await byId('confirm-key-submit').click();
    await byId('device-key-dialog').waitFor();
    deviceKey = await byId('device-key-value').inputValue();
    expect(deviceKey).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
    await screenshot(consolePage, 'devices-key-en');
    await byId('device-key-done').click();
    await expect.poll(() => byId(`device-key-${LOBBY}`).innerText()).toContain(deviceKey.slice(0, 9));
  });

  it('the kiosk refuses a wrong key, pairs with the right one and remembers it', async () => {
    await kiosk.goto('/kiosk/');
    await k('kiosk-key').fill(`dk_${'x'.repeat(43)}`);
    await k('kiosk-pair').click();
    await k('kiosk-pair-error').waitFor();
    await k('kiosk-key').fill(deviceKey);
    await k('kiosk-pair').click();
    await k('kiosk-start-english').waitFor();
    expect(await k('kiosk-device-name').first().innerText()).toContain('Main Lobby Ambassador');
    await kiosk.reload();
    await k('kiosk-start-english').waitFor();
    await screenshot(kiosk, 'kiosk-start');
  });

  const ask = async (text: string) => {
    const before = await k('kiosk-message-bot').count();
    await k('kiosk-input').fill(text);
    await k('kiosk-send').click();
    await expect.poll(() => k('kiosk-message-bot').count(), { timeout: 15_000 }).toBe(before + 1);
    return k('kiosk-message-bot').nth(before);
  };

  it('a visitor asks: one question is answered with the topic response, one falls back; the answer is rated', async () => {
    await k('kiosk-start-english').click();
    await k('kiosk-input').waitFor();
    const parking = await ask(PARKING_QUESTION);
    expect(await parking.getAttribute('data-fallback')).toBe('false');
    expect(await parking.innerText()).toMatch(/car park is on basement levels/);
    // The parking answer offers buttons; tapping one asks its payload.
    expect(await parking.getByTestId('kiosk-content-button').count()).toBe(2);
    await parking.getByTestId('kiosk-rate-up').click();
    await parking.getByTestId('kiosk-rated').waitFor();
    await parking.getByTestId('kiosk-comment').fill('Clear, thank you');
    await parking.getByTestId('kiosk-comment-send').click();
    const unknown = await ask(UNKNOWN_QUESTION);
    expect(await unknown.getAttribute('data-fallback')).toBe('true');
    expect(await unknown.innerText()).toMatch(/Sorry/);
    await screenshot(kiosk, 'kiosk-chat');
  });

  it('Conversation Review shows both questions with their topic, status and rating', async () => {
    await consolePage.goto(`/conversation?q=${encodeURIComponent('car this afternoon')}`);
    await byId('conversations-table').waitFor();
    const row = consolePage.locator('[data-testid^="conversation-row-"]', { hasText: PARKING_QUESTION });
    await row.waitFor();
    expect(await row.innerText()).toContain('Parking');
    expect(await row.locator('[data-testid^="conversation-status-"]').innerText()).toMatch(/answered/i);
    // The category and the comment are in the row's detail panel (columns off by default).
    await row.click();
    const detail = byId('conversation-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain('Transport');
    expect(await byId('conversation-detail-comment').innerText()).toContain('Clear, thank you');
    await byId('conversation-detail-close').click();
    await detail.waitFor({ state: 'hidden' });
    await consolePage.goto('/conversation?fallback=1');
    const fallbackRow = consolePage.locator('[data-testid^="conversation-row-"]', {
      hasText: UNKNOWN_QUESTION,
    });
    await fallbackRow.waitFor();
    expect(await fallbackRow.locator('[data-testid^="conversation-status-"]').innerText()).toMatch(
      /fallback/i,
    );
    await screenshot(consolePage, 'conversation-en');
    // A fallback's detail says how the device answered, step by step, as the test console does.
    await fallbackRow.click();
    const steps = byId('answer-steps');
    await steps.waitFor();
    expect(await steps.locator('[data-step="topics"]').getAttribute('data-result')).toBe('no_match');
    expect(await steps.locator('[data-step="fallback"]').getAttribute('data-result')).toBe('answered');
    // The drawer has slid in fully (its right edge on the window's) before it is pictured.
    await expect
      .poll(async () => (await byId('conversation-detail').boundingBox())!.x)
      .toBe(consolePage.viewportSize()!.width - 440);
    await screenshot(consolePage, 'conversation-steps-en');
    await byId('conversation-detail-close').click();
    await detail.waitFor({ state: 'hidden' });
  });

  it('bookmarks a conversation; the right bar bookmark card lists it', async () => {
    await consolePage.goto(`/conversation?q=${encodeURIComponent('car this afternoon')}`);
    const row = consolePage.locator('[data-testid^="conversation-row-"]', { hasText: PARKING_QUESTION });
    await row.locator('[data-testid^="conversation-bookmark-"]').click();
    await consolePage.goto('/conversation?bookmarked=1');
    await consolePage.locator('[data-testid^="conversation-row-"]', { hasText: PARKING_QUESTION }).waitFor();
    await byId('right-bar-toggle').click();
    await expect.poll(() => byId('right-bar-bookmarks').innerText()).toContain(PARKING_QUESTION);
    await byId('right-bar-toggle').click();
  });

  it('exports the current filter as a spreadsheet named by its dates', async () => {
    await consolePage.goto(`/conversation?q=${encodeURIComponent('rowing boats')}`);
    await consolePage.locator('[data-testid^="conversation-row-"]', { hasText: UNKNOWN_QUESTION }).waitFor();
    const [download] = await Promise.all([
      consolePage.waitForEvent('download'),
      byId('conversation-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-Conversation\.xlsx$/);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    // An xlsx is a zip: its content is checked cell by cell in the server's export tests.
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBeGreaterThan(3000);
  });

  it('trains the unanswered question into a topic; asked again, the kiosk answers it', async () => {
    await consolePage.goto(`/conversation?fallback=1&q=${encodeURIComponent('rowing boats')}`);
    const row = consolePage.locator('[data-testid^="conversation-row-"]', { hasText: UNKNOWN_QUESTION });
    // Train is in the row's detail panel.
    await row.click();
    await byId('conversation-detail-train').click();
    await byId('train-conversation-dialog').waitFor();
    expect(await byId('train-conversation-question').innerText()).toContain(UNKNOWN_QUESTION);
    await byId('train-conversation-topic').fill('Events');
    await consolePage
      .locator('[data-testid^="train-conversation-option-"]', { hasText: 'Events this month' })
      .click();
    await screenshot(consolePage, 'conversation-train-en');
    await byId('train-conversation-confirm').click();
    await snackbar('success');
    await expect.poll(() => row.innerText()).toContain('Events this month');

    const again = await ask(UNKNOWN_QUESTION);
    expect(await again.getAttribute('data-fallback')).toBe('false');
    expect(await again.innerText()).toMatch(/craft market/);
  });

  it('the Dashboard counts the questions and lists the top topics', async () => {
    const trendsAnswer = consolePage.waitForResponse((r) =>
      r.url().includes('/admin_panel/dashboard/trends'),
    );
    await consolePage.goto('/dashboard');
    await byId('dashboard-chart').waitFor();
    // The figures load after the chart's frame: poll until the count is there.
    const count = async () =>
      Number(((await byId('stat-conversations').innerText()).match(/[\d,]+/)?.[0] ?? '0').replace(/,/g, ''));
    await expect.poll(count, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(() => byId('dashboard-faq').innerText()).toContain('Parking');
    expect(await byId('stat-aet').innerText()).toMatch(/\d+:\d{2}/);
    // The chart draws real lines: one path per series.
    expect(await byId('dashboard-chart').locator('path').count()).toBeGreaterThan(2);
    // Containment and satisfaction: the period's shares are the server's days summed, and today
    // holds the thumbs up the visitor gave the parking answer.
    const trends = (await (await trendsAnswer).json()).data as {
      date: string;
      sessions: number;
      contained: number;
      ratings: number;
      satisfied: number;
    }[];
    const total = (key: 'sessions' | 'contained' | 'ratings' | 'satisfied') =>
      trends.reduce((n, d) => n + d[key], 0);
    const percent = (part: number, whole: number) =>
      new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(part / whole);
    expect(total('sessions')).toBeGreaterThan(0);
    expect(trends.at(-1)!.satisfied).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => byId('dashboard-trends-totals').innerText())
      .toBe(
        `Whole period: containment ${percent(total('contained'), total('sessions'))}, satisfaction ${percent(total('satisfied'), total('ratings'))}`,
      );
    await byId('dashboard-trends-chart').scrollIntoViewIfNeeded();
    const plot = byId('dashboard-trends-chart-plot');
    const box = (await plot.boundingBox())!;
    await plot.hover({ position: { x: box.width - 2, y: box.height / 2 } });
    const today = trends.at(-1)!;
    expect(await byId('dashboard-trends-chart-tooltip').innerText()).toContain(
      `${percent(today.satisfied, today.ratings)} (${today.satisfied} of ${today.ratings})`,
    );
    await screenshot(consolePage, 'dashboard-en');
    // On a phone the page is no wider than the screen: the chart's table for screen readers widened
    // it by 150 px, and a phone showed the whole console zoomed out.
    await consolePage.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => consolePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await consolePage.setViewportSize({ width: 1440, height: 900 });
    // A day of the trends opens that day's questions in Conversation Review.
    await plot.scrollIntoViewIfNeeded();
    const wide = (await plot.boundingBox())!;
    await plot.click({ position: { x: wide.width - 2, y: wide.height / 2 } });
    await consolePage.waitForURL(
      (url) =>
        url.pathname === '/conversation' && url.search.includes(`start=${today.date}&end=${today.date}`),
    );
    await byId('conversations-table').waitFor();
  });

  it('reads in Traditional and Simplified Chinese', async () => {
    for (const lang of ['zhHant', 'zhHans'] as const) {
      await setUiLanguage(consolePage, lang);
      await consolePage.goto('/dashboard');
      await byId('dashboard-chart').waitFor();
      await screenshot(consolePage, `dashboard-${lang}`);
      await consolePage.goto('/conversation?fallback=1');
      await byId('conversations-table').waitFor();
      await consolePage.locator('[data-testid^="conversation-row-"]').first().waitFor();
      await screenshot(consolePage, `conversation-${lang}`);
      await consolePage.goto('/setting/devices');
      await byId('devices-table').waitFor();
      await screenshot(consolePage, `devices-${lang}`);
    }
    expect(await consolePage.locator('html').getAttribute('lang')).toBe('zh-Hans');
    await setUiLanguage(consolePage, 'en');
  });

  it('a revoked key sends the kiosk back to pairing', async () => {
    await consolePage.goto('/setting/devices');
    await byId(`revoke-key-${LOBBY}`).click();
    await byId('confirm-key-submit').click();
    await snackbar('success');
    // The server closes the kiosk's live socket at once; the kiosk re-checks its key and pairs again.
    await k('kiosk-pair-error').waitFor({ timeout: 15_000 });
    expect(await k('kiosk-pair-error').innerText()).toMatch(/no longer valid/i);
  });

  it('archives a device: it leaves the selector and waits under Archived devices; restored, it is back', async () => {
    const NORTH = 2;
    await consolePage.goto('/setting/devices');
    await byId(`archive-device-${NORTH}`).click();
    await byId('confirm-key-submit').click();
    expect(await snackbar('success')).toContain('North Wing Ambassador archived');
    await byId(`archived-row-${NORTH}`).waitFor();
    expect(await byId(`device-row-${NORTH}`).count()).toBe(0);
    // The shell's device selector no longer offers it.
    await byId('device-select').click();
    await byId(`device-option-${LOBBY}`).waitFor();
    expect(await byId(`device-option-${NORTH}`).count()).toBe(0);
    await consolePage.keyboard.press('Escape');
    for (const lang of ['en', 'zhHant', 'zhHans'] as const) {
      await setUiLanguage(consolePage, lang);
      await byId('archived-devices').waitFor();
      await screenshot(consolePage, `devices-archived-${lang}`);
    }
    await setUiLanguage(consolePage, 'en');
    await byId(`restore-device-${NORTH}`).click();
    await byId('confirm-key-submit').click();
    expect(await snackbar('success')).toContain('North Wing Ambassador restored');
    await byId(`device-row-${NORTH}`).waitFor();
    expect(await byId('archived-devices').count()).toBe(0);
  });

  it('deletes an archived device for good, only once its name is typed, and says what went', async () => {
    const CHATBOT = 3;
    await consolePage.goto('/setting/devices');
    await byId(`archive-device-${CHATBOT}`).click();
    await byId('confirm-key-submit').click();
    await byId(`delete-device-${CHATBOT}`).click();
    const dialog = byId('delete-device-dialog');
    await dialog.waitFor();
    await byId('delete-device-name').fill('Website');
    expect(await byId('delete-device-submit').isDisabled()).toBe(true);
    await screenshot(consolePage, 'device-delete-en');
    await byId('delete-device-name').fill('Website Chatbot');
    await byId('delete-device-submit').click();
    // The demo gave the chatbot topics and visitor questions: they went with it.
    expect(await snackbar('success')).toMatch(
      /^Website Chatbot deleted: [1-9]\d* topics, [1-9]\d* conversations/,
    );
    await dialog.waitFor({ state: 'detached' });
    expect(await byId(`archived-row-${CHATBOT}`).count()).toBe(0);
  });

  it('keeps conversations for a chosen time (Admin Settings → Data retention)', async () => {
    await consolePage.goto('/setting');
    const card = byId('retention-card');
    await expect.poll(() => byId('retention-select').innerText()).toContain('For ever');
    await byId('retention-select').click();
    await byId('retention-option-365').click();
    expect(await byId('retention-warning').innerText()).toContain('older than 365 days');
    await byId('retention-save').click();
    expect(await snackbar('success')).toBe('Retention saved');
    await consolePage.reload();
    await expect.poll(() => byId('retention-select').innerText()).toContain('365 days');
    for (const lang of ['en', 'zhHant', 'zhHans'] as const) {
      await setUiLanguage(consolePage, lang);
      await card.waitFor();
      await screenshot(consolePage, `settings-retention-${lang}`);
    }
    await setUiLanguage(consolePage, 'en');
  });

  it('logged no browser errors', () => {
    expect(browserErrors).toEqual([]);
  });
});
