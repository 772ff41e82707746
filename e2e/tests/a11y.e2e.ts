import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, type Violation } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { adminApi, openPage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'A11y-Admin-Passw0rd!' };
/** Seeded devices: 1 Main Lobby Ambassador (with the demo topics), 2 North Wing, 3 Website Chatbot. */
const LOBBY = 1;
const LANGS = ['en', 'zhHant', 'zhHans'] as const;
const A11Y_FULL = process.env.A11Y_FULL === '1';
type UiLang = (typeof LANGS)[number];
const HTML_LANG: Record<UiLang, string> = { en: 'en', zhHant: 'zh-Hant', zhHans: 'zh-Hans' };
/** The kiosk's visitor language that reads like each console language. */
const KIOSK_LANG: Record<UiLang, string> = { en: 'english', zhHant: 'cantonese', zhHans: 'mandarin' };

const routerSource = path.resolve(import.meta.dirname, '../../apps/console/src/app/router.tsx');

/**
 * Every path of the console's route table, read from its source so a new route is checked without
 * being listed here. Paths with a parameter (`ai/keyword/question/:id`) are kept as patterns and
 * filled from a link found on the other pages.
 */
async function consoleRoutes(): Promise<string[]> {
  const source = await fs.readFile(routerSource, 'utf8');
  const paths = [...source.matchAll(/\bpath:\s*'([^']+)'/g)].map((m) => m[1]!);
  return paths.filter((p) => p !== '*' && p !== 'login').map((p) => `/${p}`);
}
const isPattern = (route: string) => route.includes('/:');
const patternRegex = (route: string) =>
  new RegExp(`^${route.replace(/:[A-Za-z_]+/g, '[^/?#]+').replace(/\//g, '\\/')}$`);

/**
 * Accessibility (WCAG 2.1 AA) of the console and the kiosk, measured with axe-core on the built
 * product with the demo data, and driven with the keyboard alone.
 */
describe('accessibility: axe on every screen, and the keyboard alone', () => {
  let server: RunningServer;
  let browser: Browser;
  let op: Page;
  let kiosk: Page;
  let deviceKey = '';
  const browserErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({
      env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true', DEMO_CONVERSATIONS: '60' },
    });
    // The visitor history is sent after Ready (the console is usable before it is there).
    await server.logged(/^demo visitor history: done/);
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ]);
    const errors = browserErrors;
    op = await openPage(browser, server.url, { as: 'console', name: 'console', errors, media: true });
    kiosk = await openPage(browser, server.url, { as: 'kiosk', name: 'kiosk', errors, media: true });
    // A key for the lobby device, made through the admin API the way Admin Settings does.
    deviceKey = (
      await (
        await adminApi(server.url, ADMIN)
      ).post<{ device_key: string }>('/admin_settings/devices/key', { id: LOBBY })
    ).device_key;
    if (!deviceKey) throw new Error('no device key for the lobby device');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ remove: true });
  });

  const o = (id: string) => op.getByTestId(id);
  const k = (id: string) => kiosk.getByTestId(id);

  /** Waits until a console screen has drawn its content: its heading, and no call in flight. */
  async function settled(page: Page) {
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Placeholders gone: no skeleton and no spinner (a meter, with a value, may stay).
    await page.waitForFunction(
      () => !document.querySelector('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])'),
    );
  }

  async function setConsoleLanguage(lang: UiLang) {
    await o('language-select').selectOption(lang);
    await op.waitForFunction((l) => document.documentElement.lang === l, HTML_LANG[lang]);
  }

  describe('axe-core finds no WCAG 2.1 AA violation', () => {
    it('on the sign-in page, in every language', async () => {
      const found: Violation[] = [];
      await op.goto('/login');
      for (const lang of LANGS) {
        await o('login-submit').waitFor();
        await setConsoleLanguage(lang);
        found.push(...(await axeViolations(op, `/login ${lang}`)));
      }
      await setConsoleLanguage('en');
      expect(found.length, describeViolations(found)).toBe(0);
    });

    let routes: string[] = [];
    it('signs in and lists the routes to check: the route table and the navigation', async () => {
      await op.goto('/login');
      await o('login-username').fill(ADMIN.username);
      await o('login-password').fill(ADMIN.password);
      await o('login-submit').click();
      await op.waitForURL('**/dashboard');
      routes = await consoleRoutes();
      // The navigation's entries are routes too: a page added to the left bar is visited as well.
      await o('nav-dashboard').waitFor();
      const navPaths = await op
        .locator('[data-testid^="nav-"]')
        .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).pathname));
      for (const p of navPaths) if (!routes.includes(p)) routes.push(p);
      expect(routes.length).toBeGreaterThan(10);
    });

    // Links found on the pages visited, in any language: where the routes with parameters are.
    const links = new Set<string>();
    it.each(LANGS)('on every console route and its main dialogs, in %s', async (lang) => {
      const found: Violation[] = [];
      await op.goto('/dashboard');
      await setConsoleLanguage(lang);
      // English visits every route; the two Chinese scripts share them out (every other one each),
      // so each route is checked in English and in Chinese. A11Y_FULL=1 visits all in all three.
      const share =
        lang === 'en' || A11Y_FULL ? () => true : (_: string, i: number) => i % 2 === LANGS.indexOf(lang) - 1;
      const fixed = routes.filter((r) => !isPattern(r)).filter(share);
      const patterns = routes.filter(isPattern);
      const visit = async (route: string) => {
        await op.goto(route);
        await settled(op);
        found.push(...(await axeViolations(op, `${route} ${lang}`)));
        for (const href of await op
          .locator('main a[href]')
          .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).pathname)))
          links.add(href);
        // The dialogs a page opens with its main buttons (add, history, manage).
        for (const opener of await op
          .locator('main [data-testid^="add-"], main [data-testid$="-open"], main [data-testid="topic-add"]')
          .all()) {
          if (!(await opener.isVisible()) || !(await opener.isEnabled())) continue;
          const name = await opener.getAttribute('data-testid');
          await opener.click();
          await op.locator('[role="dialog"]').last().waitFor();
          await op.waitForLoadState('networkidle');
          found.push(...(await axeViolations(op, `${route} ${lang} dialog ${name}`)));
          // Cancel where the dialog has one (a persistent one ignores Escape), else Escape.
          const cancel = op.locator('[role="dialog"] [data-testid="dialog-cancel"]');
          if (await cancel.count()) await cancel.last().click();
          else await op.keyboard.press('Escape');
          await op.locator('[role="dialog"]').last().waitFor({ state: 'detached' });
        }
      };
      for (const route of fixed) await visit(route);
      for (const pattern of patterns) {
        const match = [...links].find((l) => patternRegex(pattern).test(l));
        if (!match) throw new Error(`no page links to ${pattern}: cannot check it`);
        await visit(match);
      }
      // The right bar (aliases and bookmarks) over a screen.
      await o('right-bar-toggle').click();
      await o('right-bar').waitFor();
      // The toggle's tooltip (shown while the pointer rests on it) is not part of the check.
      await op.mouse.move(700, 2);
      await op.locator('[role="tooltip"]').waitFor({ state: 'detached' });
      await settled(op);
      found.push(...(await axeViolations(op, `right bar ${lang}`)));
      await o('right-bar-toggle').click();
      expect(found.length, describeViolations(found)).toBe(0);
    });
  });

  describe('axe-core finds no WCAG 2.1 AA violation on the kiosk', () => {
    it('pairing, with its error', async () => {
      await kiosk.goto('/kiosk/');
      await k('kiosk-key').waitFor();
      const found = await axeViolations(kiosk, 'kiosk pairing');
      await k('kiosk-key').fill(`dk_${'x'.repeat(43)}`);
      await k('kiosk-pair').click();
      await k('kiosk-pair-error').waitFor();
      found.push(...(await axeViolations(kiosk, 'kiosk pairing error')));
      expect(found.length, describeViolations(found)).toBe(0);
    });

    it('start screen, staff chat form, and a chat with an answer in each visitor language', async () => {
      await k('kiosk-key').fill(deviceKey);
      await k('kiosk-pair').click();
      await k('kiosk-start-english').waitFor();
      const found = await axeViolations(kiosk, 'kiosk start');
      await k('kiosk-staff-chat').click();
      await k('kiosk-staff-start').waitFor();
      found.push(...(await axeViolations(kiosk, 'kiosk staff chat form')));
      await kiosk.keyboard.press('Escape');
      for (const lang of LANGS) {
        const language = KIOSK_LANG[lang];
        await kiosk.goto('/kiosk/');
        await k(`kiosk-start-${language}`).click();
        await k('kiosk-input').waitFor();
        const before = await k('kiosk-message-bot').count();
        await k('kiosk-input').fill(lang === 'en' ? 'Where can I park my car?' : '停車場');
        await k('kiosk-send').click();
        await expect.poll(() => k('kiosk-message-bot').count(), { timeout: 15_000 }).toBe(before + 1);
        found.push(...(await axeViolations(kiosk, `kiosk chat ${language}`)));
        await screenshot(kiosk, `a11y-kiosk-chat-${language}`);
      }
      expect(found.length, describeViolations(found)).toBe(0);
    });
  });

  describe('the keyboard alone', () => {
    /** What has the focus: its test id, else its tag and text, for assertions and failure messages. */
    const focused = (page: Page) =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'body';
        return (
          el.dataset.testid ?? `${el.tagName.toLowerCase()}:${(el.textContent ?? '').trim().slice(0, 40)}`
        );
      });
    /** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails after `max`. */
    async function tabTo(page: Page, selector: string, { back = false, max = 80 } = {}) {
      const seen: string[] = [];
      for (let i = 0; i < max; i++) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector))
          return i + 1;
        seen.push(await focused(page));
      }
      throw new Error(
        `${selector} not reached with ${back ? 'Shift+Tab' : 'Tab'}; went through: ${seen.join(', ')}`,
      );
    }
    const mainHeadingFocused = () =>
      op.waitForFunction(() => document.activeElement?.matches('main h1') ?? false);

    it("signs in with the keyboard; the focus then starts on the first screen's heading", async () => {
      // Signed out, whatever ran before.
      await op.goto('/login');
      await op.evaluate(() => {
        localStorage.removeItem('auth');
        localStorage.setItem('ui_language', 'en');
      });
      await op.reload();
      // The username field has the focus on arrival.
      await op.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'login-username',
      );
      await op.keyboard.type(ADMIN.username);
      await op.keyboard.press('Tab');
      expect(await focused(op)).toBe('login-password');
      await op.keyboard.type(ADMIN.password);
      await op.keyboard.press('Enter');
      await op.waitForURL('**/dashboard');
      await mainHeadingFocused();
      expect(await op.locator('main h1').innerText()).toBe('Dashboard');
    });

    it('the first Tab reaches "Skip to content", which moves the focus to the content', async () => {
      await op.reload();
      // The page the browser loaded starts at the top of the document: nothing moved the focus.
      await op.locator('main h1').waitFor();
      expect(await focused(op)).toBe('body');
      // From the top of the page: the skip link comes first, in every language.
      for (const lang of LANGS) {
        await setConsoleLanguage(lang);
        // Back to the top of the document, as after a page load with nothing focused.
        await op.evaluate(() => {
          const body = document.body;
          body.setAttribute('tabindex', '-1');
          body.focus();
          body.removeAttribute('tabindex');
        });
        await op.keyboard.press('Tab');
        expect(await focused(op)).toBe('skip-link');
        const link = o('skip-link');
        expect(await link.isVisible()).toBe(true);
        const box = await link.boundingBox();
        expect(box && box.y >= 0).toBe(true);
        await screenshot(op, `a11y-skip-link-${lang}`);
        expect(await link.innerText()).toBe(
          { en: 'Skip to content', zhHant: '跳至主要內容', zhHans: '跳到主要内容' }[lang],
        );
      }
      await setConsoleLanguage('en');
      await op.keyboard.press('Enter');
      await mainHeadingFocused();
      // The next Tab is in the screen's content, not in the bars.
      await op.keyboard.press('Tab');
      expect(await op.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    });

    it('opens a topic from the AI topics page, edits its remarks and saves them, keyboard only', async () => {
      // The navigation is before the content: back with Shift+Tab from the heading.
      await tabTo(op, '[data-testid="nav-ai"]', { back: true });
      await op.keyboard.press('Enter');
      await op.waitForURL('**/ai');
      await mainHeadingFocused();
      await tabTo(op, 'main a[href="/ai/keyword"]');
      await op.keyboard.press('Enter');
      await op.waitForURL('**/ai/keyword');
      await mainHeadingFocused();
      await o('topics-table').waitFor();
      await tabTo(op, 'main [data-testid^="topic-link-"]');
      const topic = (await op.evaluate(() => document.activeElement?.textContent ?? '')).trim();
      await op.keyboard.press('Enter');
      await op.waitForURL('**/ai/keyword/question/*');
      await mainHeadingFocused();
      expect(await op.locator('main h1').innerText()).toContain(topic);

      await tabTo(op, '[data-testid="question-remarks"]');
      await op.keyboard.press('ControlOrMeta+A');
      await op.keyboard.type('Checked with the keyboard only');
      await tabTo(op, '[data-testid="question-remarks-save"]', { max: 3 });
      await op.keyboard.press('Space');
      await op.locator('[data-testid="snackbar"][data-status="success"]').last().waitFor();
      await op.reload();
      await expect.poll(() => o('question-remarks').inputValue()).toBe('Checked with the keyboard only');
    });

    it('answers an incoming call with the keyboard', async () => {
      await kiosk.goto('/kiosk/');
      await k('kiosk-call').or(k('kiosk-key')).first().waitFor();
      if (await k('kiosk-key').isVisible()) {
        await k('kiosk-key').fill(deviceKey);
        await k('kiosk-pair').click();
      }
      await k('kiosk-call').click();
      await o('incoming-call-banner').waitFor({ timeout: 10_000 });
      const found = await axeViolations(op, 'incoming-call banner');
      expect(found.length, describeViolations(found)).toBe(0);
      // The banner's buttons are in the Tab order, after the screen.
      await tabTo(op, '[data-testid="incoming-call-view"]');
      await op.keyboard.press('Enter');
      await op.waitForURL(/\/live_video\?call=/);
      await mainHeadingFocused();
      await tabTo(op, '[data-testid="call-answer"]');
      await op.keyboard.press('Enter');
      await expect.poll(() => o('call-message').innerText(), { timeout: 15_000 }).toMatch(/Connected/);
      await screenshot(op, 'a11y-keyboard-call-en');
      // The kiosk's side of a live call, and the console's.
      const inCall = [
        ...(await axeViolations(kiosk, 'kiosk call')),
        ...(await axeViolations(op, '/live_video in a call')),
      ];
      expect(inCall.length, describeViolations(inCall)).toBe(0);
      await tabTo(op, '[data-testid="call-hangup"]', { back: true, max: 40 }).catch(() =>
        tabTo(op, '[data-testid="call-hangup"]', { max: 40 }),
      );
      await op.keyboard.press('Enter');
      await expect.poll(() => k('kiosk-call-status').innerText(), { timeout: 10_000 }).toMatch(/ended/i);
    });
  });

  it('logged no browser errors', () => {
    expect(browserErrors).toEqual([]);
  });
});
