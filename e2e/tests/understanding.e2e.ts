import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAxe, axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { kioskApi } from '../support/stage.js';

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
        await api('POST', '/ai_config/intents/train', {
          device_id: LOBBY,
          intent_id: topic.id,
          language: 'english',
          text,
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

  describe('what visitors asked that nothing answered, grouped by meaning', () => {
    const pets = ['Can I bring my dog inside?', 'Are pets allowed in here?', '可唔可以帶狗仔入嚟？'];
    const charging = ['Where can I charge my phone?', '我手机快没电了，哪里可以充电'];
    /** A kiosk with no topic yet: everything its visitors ask falls back. */
    const NORTH = 2;
    const fellBack: string[] = [];
    const views = {
      en: 'Unanswered, by meaning',
      zhHant: '未回答（按意思分組）',
      zhHans: '未回答（按意思分组）',
    } as const;

    beforeAll(async () => {
      await api('POST', '/ai_config/intents/category', { device_id: NORTH, name: 'Visitor services' });
      const key = (await api('POST', '/admin_settings/devices/key', { id: NORTH })).device_key as string;
      const kiosk = kioskApi(server.url, key);
      const asks: Array<[string, string]> = [
        [pets[0]!, 'english'],
        [pets[0]!, 'english'],
        [pets[1]!, 'english'],
        [pets[2]!, 'cantonese'],
        [charging[0]!, 'english'],
        [charging[1]!, 'mandarin'],
      ];
      for (const [text, language] of asks) {
        const session = (await kiosk('/sessions', { language })).session_id;
        const answer = await kiosk('/ask', { session_id: session, text, language });
        if (answer?.fallback && pets.includes(text) && !fellBack.includes(text)) fellBack.push(text);
      }
      expect(fellBack).toEqual(pets);
    }, 60_000);

    for (const lang of ['en', 'zhHant', 'zhHans'] as const) {
      it(`shows the pet questions of three languages as one group (${lang})`, async () => {
        await byId('language-select').selectOption(lang);
        await page.goto(`/conversation?devices=${NORTH}`);
        await page.getByRole('tab', { name: views[lang] }).click();
        await page.waitForURL((url) => url.searchParams.get('view') === 'groups');
        const group = page.locator('[data-testid^="fallback-group-"]', { hasText: pets[0]! }).first();
        await group.waitFor({ timeout: 30_000 });
        const text = await group.innerText();
        for (const q of fellBack) expect(text).toContain(q);
        for (const q of charging) expect(text).not.toContain(q);
        expect(await byId('fallback-groups-by-wording').count()).toBe(0);
        await screenshot(page, `fallback-groups-${lang}`);
        const violations = await axeViolations(page, `fallbacks grouped by meaning (${lang})`);
        expect(violations, describeViolations(violations)).toEqual([]);
      });
    }

    it('creates a topic from the group in one step; its questions then answer and the group is gone', async () => {
      await byId('language-select').selectOption('en');
      await page.goto(`/conversation?view=groups&devices=${NORTH}`);
      const group = page.locator('section[data-testid^="fallback-group-"]', { hasText: pets[0]! }).first();
      await group.waitFor({ timeout: 30_000 });
      await group.getByRole('button', { name: 'Create topic' }).click();
      const dialog = byId('topic-from-group-dialog');
      await dialog.waitFor();
      await byId('topic-from-group-name').fill('Pets');
      await page.locator('[data-testid="topic-from-group-category"]').click();
      await page.getByRole('option', { name: 'Visitor services' }).click();
      const violations = await axeViolations(page, 'create a topic from a group');
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, 'fallback-groups-create-topic');
      await byId('topic-from-group-confirm').click();
      await page.waitForURL('**/ai/keyword/question/*');
      await byId('question-page').waitFor();
      const asked = await api('POST', '/ai_config/test_console', {
        device_id: NORTH,
        language: 'cantonese',
        text: pets[2],
      });
      expect(asked.best?.intent_name).toBe('Pets');
      await page.goto(`/conversation?view=groups&devices=${NORTH}`);
      await byId('fallback-groups-summary').waitFor();
      await page
        .locator('section[data-testid^="fallback-group-"]', { hasText: charging[0]! })
        .first()
        .waitFor();
      expect(
        await page.locator('section[data-testid^="fallback-group-"]', { hasText: pets[0]! }).count(),
      ).toBe(0);
    });
  });

  it('raised no errors in the browser', () => {
    expect(browserErrors).toEqual([]);
  });
});
