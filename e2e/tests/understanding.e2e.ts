import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAxe, axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

const ADMIN = { username: 'admin', password: 'Understand-Passw0rd!' };
/** Seeded: 1 Main Lobby Ambassador (the console's first device). */
const LOBBY = 1;

/**
 * Understanding with the packaged sentence model (EMBEDDINGS=local), as an operator meets it: the
 * AI page says answers are understood by meaning, and a phrase being taught that means what another
 * topic is taught is flagged on the topic page, naming that topic, in the three languages.
 */
describe('understanding what visitors mean, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const browserErrors: string[] = [];
  const topics = new Map<string, number>();

  const byId = (id: string) => page.getByTestId(id);
  /** An admin API call from the signed-in page. */
  const api = (method: 'GET' | 'POST', url: string, body?: object) =>
    page.evaluate(
      async ({ method, url, body }) => {
        const auth = JSON.parse(localStorage.getItem('auth') ?? '{}');
        const res = await fetch(`/admin_panel${url}`, {
          method,
          headers: {
            access_token: auth.access_token,
            auth_project_id: String(auth.auth_project_id),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return (await res.json()).data;
      },
      { method, url, body },
    );

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password, EMBEDDINGS: 'local' } });
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    await addAxe(context);
    page = await context.newPage();
    page.on('pageerror', (err) => browserErrors.push(err.message));
    await page.goto('/login');
    await byId('login-username').fill(ADMIN.username);
    await byId('login-password').fill(ADMIN.password);
    await byId('login-submit').click();
    await page.waitForURL('**/dashboard');
    const category = await api('POST', '/ai_config/intents/category', {
      device_id: LOBBY,
      name: 'Visitor services',
    });
    const taught: Array<[string, string[]]> = [
      ['First aid', ['Where is the first aid room?', 'I need a nurse', 'Someone is hurt']],
      ['Car park', ['Where can I park my car?', 'Car park entrance', 'How much is parking?']],
    ];
    for (const [name, phrases] of taught) {
      const topic = await api('POST', '/ai_config/intents/intent', {
        device_id: LOBBY,
        name,
        category_id: category.category_id ?? category.id,
      });
      topics.set(name, topic.id);
      for (const text of phrases)
        await api('POST', '/ai_config/intents/keywords', {
          device_id: LOBBY,
          intent_id: topic.id,
          language: 'english',
          text,
          kind: 'phrase',
        });
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ remove: true });
  });

  const overlap = {
    en: /Means nearly the same as a phrase of\s*First aid/,
    zhHant: /意思與以下主題的語句非常接近：\s*First aid/,
    zhHans: /意思与以下主题的语句非常接近：\s*First aid/,
  } as const;
  const understood = { en: 'Understands meaning', zhHant: '理解語意', zhHans: '理解语义' } as const;

  for (const lang of ['en', 'zhHant', 'zhHans'] as const) {
    it(`flags a phrase closer to another topic while it is taught (${lang})`, async () => {
      await byId('language-select').selectOption(lang);
      await page.goto('/ai');
      const chip = page.locator('[data-testid="understanding"][data-state="ready"]');
      await chip.waitFor({ timeout: 30_000 });
      expect(await chip.innerText()).toContain(understood[lang]);
      await screenshot(page, `understanding-ai-page-${lang}`);

      await page.goto(`/ai/keyword/question/${topics.get('Car park')}`);
      await byId('question-page').waitFor();
      await byId('keyword-language-english').click();
      const input = page.locator('[data-testid="keyword-input"]');
      await input.fill('I feel sick, is there a nurse around?');
      const warning = byId('keyword-overlap');
      await warning.waitFor();
      expect(await warning.innerText()).toMatch(overlap[lang]);
      // The named topic is a link to it.
      expect(await warning.locator('a').getAttribute('href')).toBe(
        `/ai/keyword/question/${topics.get('First aid')}`,
      );
      await screenshot(page, `understanding-overlap-${lang}`);
      const violations = await axeViolations(page, `topic page with an overlap warning (${lang})`);
      expect(violations, describeViolations(violations)).toEqual([]);

      // A phrase that belongs here is not flagged.
      await input.fill('Is there parking for motorbikes?');
      await page.waitForResponse(
        (r) => r.url().includes('/keywords/check') && r.url().includes('motorbikes'),
      );
      expect(await warning.count()).toBe(0);
      await input.fill('');
    });
  }

  it('raised no errors in the browser', () => {
    expect(browserErrors).toEqual([]);
  });
});
