import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAxe, axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { adminApi, signIn } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Search-Passw0rd!' };
/** Seeded: 1 Main Lobby Ambassador (the console's first device). */
const LOBBY = 1;

/**
 * Search everywhere as an operator meets it: Ctrl+K or "/" from any screen, one box over the
 * device's topics, phrases, locations, events and the console's screens, arrows and Enter to open,
 * "?" for the shortcuts; in three languages, with axe at 0 violations on the open search.
 */
describe('search everywhere in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const browserErrors: string[] = [];
  let lostProperty: number;
  let eventId: number;

  const byId = (id: string) => page.getByTestId(id);
  async function setLanguage(lang: string) {
    await byId('language-select').selectOption(lang);
    await page.waitForFunction((l) => localStorage.getItem('ui_language') === l, lang);
  }
  /** Opens the search with its shortcut from the screen shown, and types. */
  async function searchFor(text: string, key = 'Control+k') {
    // The shell (which listens for the keys) is drawn.
    await byId('search-open').waitFor();
    // Not in a field: the focus leaves whatever had it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(key);
    await byId('search-input').waitFor();
    await byId('search-input').fill(text);
  }

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password } });
    const { post } = await adminApi(server.url, ADMIN);
    const category = await post<{ category_id: number }>('/ai_config/intents/category', {
      device_id: LOBBY,
      name: 'Help desk',
    });
    lostProperty = (
      await post<{ id: number }>('/ai_config/intents/intent', {
        device_id: LOBBY,
        name: 'Lost property',
        category_id: category.category_id,
      })
    ).id;
    await post('/ai_config/intents/keywords', {
      device_id: LOBBY,
      intent_id: lostProperty,
      language: 'cantonese',
      text: '我唔見咗銀包',
    });
    await post('/location_map/locations', {
      device_id: LOBBY,
      name: 'Customer Service Counter',
      aliases: ['服務台'],
    });
    eventId = (
      await post<{ id: number }>('/event_manager/event', {
        device_id: LOBBY,
        title: 'Winter lights show',
        languages: ['english'],
      })
    ).id;

    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    await addAxe(context);
    page = await context.newPage();
    page.on('pageerror', (err) => browserErrors.push(err.message));
    await signIn(page, ADMIN);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Ctrl+K finds a topic by a Cantonese phrase typed in Simplified, and Enter opens the topic', async () => {
    await searchFor('银包');
    const hit = byId('search-hit-phrase').first();
    await hit.waitFor();
    expect(await hit.textContent()).toContain('我唔見咗銀包');
    expect(await hit.textContent()).toContain('Lost property');
    expect(await byId('search-input').getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/ai/keyword/question/${lostProperty}`);
    await byId('question-title').waitFor();
    expect(await byId('question-title').textContent()).toContain('Lost property');
    expect(await byId('search-dialog').count()).toBe(0);
    // The test chat docked on the topic page answers the phrase being taught with this topic.
    const chat = byId('question-test-chat');
    await chat.getByTestId('test-input').locator('input, textarea').first().fill('我唔見咗銀包');
    await chat.getByTestId('test-ask').click();
    await chat.getByTestId('test-best').waitFor();
    expect(await chat.getByTestId('test-best').innerText()).toContain('Lost property');
  });

  it('"/" finds a location by its Chinese alias; choosing it lists that location', async () => {
    await searchFor('服務台', '/');
    const hit = byId('search-hit-location');
    await hit.waitFor();
    await screenshot(page, 'search-location-en');
    await hit.click();
    await page.waitForURL('**/ai/location**');
    const box = page.locator('[data-testid="location-search"] input');
    await expect.poll(() => box.inputValue()).toBe('Customer Service Counter');
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Customer Service Counter' }).count())
      .toBe(1);
    // The address no longer carries the search: a reload shows the whole list again.
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();
  });

  it('lists screens and events together; arrows move to the event and Enter opens its editor', async () => {
    await searchFor('light');
    await byId('search-hit-event').waitFor();
    await searchFor('event');
    await byId('search-hit-screen').first().waitFor();
    expect(await byId('search-hit-screen').first().textContent()).toContain('Event Manager');
    await byId('search-input').fill('winter');
    await byId('search-hit-event').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await byId('search-hit-event').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/event**');
    await expect.poll(() => byId('event-dialog').first().textContent()).toContain('Winter lights show');
    expect(eventId).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  it('says when nothing is found, and has no axe violations with results or the shortcuts open', async () => {
    await page.goto('/dashboard');
    await searchFor('zzzz-no-such-thing');
    await byId('search-nothing').waitFor();
    await byId('search-input').fill('lost');
    await byId('search-hit-topic').waitFor();
    const violations = await axeViolations(page, 'search dialog');
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.keyboard.press('Escape');
    await byId('search-dialog').waitFor({ state: 'detached' });

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await byId('shortcuts-dialog').waitFor();
    expect(await byId('shortcuts-dialog').textContent()).toContain('Ctrl K');
    const onList = await axeViolations(page, 'shortcuts dialog');
    expect(onList, describeViolations(onList)).toEqual([]);
    await page.keyboard.press('Escape');
    await byId('shortcuts-dialog').waitFor({ state: 'detached' });
  });

  it('does not open while typing "/" in a field; the top bar button opens it', async () => {
    await page.goto('/ai/keyword');
    const field = page.getByRole('textbox').first();
    await field.fill('');
    await field.type('a/b');
    expect(await field.inputValue()).toBe('a/b');
    expect(await byId('search-dialog').count()).toBe(0);
    await byId('search-open').click();
    await byId('search-input').waitFor();
    await page.keyboard.press('Escape');
  });

  it('reads in Traditional and Simplified Chinese, screens found by their Chinese names', async () => {
    for (const [lang, screenName, kind] of [
      ['zhHant', '活動', '主題'],
      ['zhHans', '活动', '主题'],
    ] as const) {
      await page.goto('/dashboard');
      await setLanguage(lang);
      await searchFor(screenName);
      await byId('search-hit-screen').first().waitFor();
      await byId('search-input').fill('lost');
      await byId('search-hit-topic').waitFor();
      expect(await byId('search-results').textContent()).toContain(kind);
      await screenshot(page, `search-${lang}`);
      const violations = await axeViolations(page, `search dialog ${lang}`);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await setLanguage('en');
    expect(browserErrors).toEqual([]);
  });
});
