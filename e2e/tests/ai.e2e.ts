import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

const ADMIN = { username: 'admin', password: 'Ai-Admin-Passw0rd!' };
/** Seeded devices: 1 Main Lobby Ambassador, 2 North Wing Ambassador, 3 Website Chatbot. */
const LOBBY = 1;
const NORTH = 2;
const LANGS = ['en', 'zhHant', 'zhHans'] as const;

/** The smallest valid PNG (1×1). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('AI configuration in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let tmp: string;
  const browserErrors: string[] = [];
  let topicId = 0;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password } });
    browser = await launchBrowser();
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.on('pageerror', (err) => browserErrors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
        browserErrors.push(msg.text());
    });
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-e2e-ai-'));
    await page.goto('/login');
    await page.getByTestId('login-username').fill(ADMIN.username);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ remove: true });
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  const byId = (id: string) => page.getByTestId(id);
  const snackbar = async (status: 'success' | 'error') => {
    const bar = page.locator(`[data-testid="snackbar"][data-status="${status}"]`).last();
    await bar.waitFor();
    return (await bar.innerText()).trim();
  };
  /** A text field by test id, whether the id sits on the field's root or on the input itself. */
  const field = (id: string) =>
    page
      .locator(
        [`[data-testid="${id}"] input`, `[data-testid="${id}"] textarea:not([aria-hidden])`]
          .concat([`input[data-testid="${id}"]`, `textarea[data-testid="${id}"]`])
          .join(', '),
      )
      .first();
  const choose = async (trigger: string, option: string) => {
    await byId(trigger).click();
    await byId(option).click();
  };
  /** An admin API call from the signed-in page, for checks the screen does not show. */
  const apiGet = (url: string) =>
    page.evaluate(async (u) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}');
      const res = await fetch(`/admin_panel${u}`, {
        headers: { access_token: auth.access_token, auth_project_id: String(auth.auth_project_id) },
      });
      return res.json();
    }, url);

  it('creates a category in the category manager', async () => {
    await page.goto('/ai');
    await byId('ai-page').waitFor();
    await byId('category-manager-open').click();
    await byId('category-manager').waitFor();
    await byId('category-add-root').click();
    await field('category-name-input').fill('Shopping');
    await byId('category-save').click();
    expect(await snackbar('success')).toBeTruthy();
    await page.getByTestId('category-manager').getByText('Shopping').waitFor();
    await page.keyboard.press('Escape');
  });

  it('adds a question topic with keywords in two languages', async () => {
    await page.goto('/ai/keyword');
    await byId('topics-table').waitFor();
    await byId('topic-add').click();
    await byId('topic-dialog').waitFor();
    await field('topic-name').fill('Shop opening hours');
    const categories = await apiGet(`/ai_config/intents/category?device_id=${LOBBY}`);
    const shopping = categories.data.find((c: { category_name: string }) => c.category_name === 'Shopping');
    await choose('topic-category', `topic-category-option-${shopping.category_id}`);
    await field('topic-remarks').fill('Asked at the lobby every day');
    await byId('dialog-submit').click();
    await snackbar('success');
    await byId('topics-table').getByText('Shop opening hours').waitFor();
    const link = page.locator('[data-testid^="topic-link-"]', { hasText: 'Shop opening hours' });
    topicId = Number((await link.getAttribute('data-testid'))!.replace('topic-link-', ''));
    await screenshot(page, 'ai-keyword-table-en');

    await link.click();
    await byId('question-page').waitFor();
    await byId('keyword-language-english').click();
    for (const word of ['opening hours', 'when do you open', 'closing time']) {
      await field('keyword-input').fill(word);
      await byId('keyword-add').click();
      await page.locator('[data-testid^="keyword-row-"]', { hasText: word }).waitFor();
      // The field empties once the keyword is saved, ready for the next.
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="keyword-input"]') as HTMLInputElement | null)?.value === '',
      );
    }
    await byId('keyword-language-cantonese').click();
    await field('keyword-input').fill('營業時間');
    await byId('keyword-add').click();
    await page.locator('[data-testid^="keyword-row-"]', { hasText: '營業時間' }).waitFor();
    const keywords = await apiGet(`/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${topicId}`);
    expect(
      keywords.data.map((k: { language: string; text: string }) => `${k.language}:${k.text}`).sort(),
    ).toEqual([
      'cantonese:營業時間',
      'english:closing time',
      'english:opening hours',
      'english:when do you open',
    ]);
  });

  it('composes a response with buttons and an uploaded image', async () => {
    const png = path.join(tmp, 'shopfront.png');
    await fs.writeFile(png, TINY_PNG);
    await byId('keyword-language-english').click();
    await byId('response-add').click();
    await byId('response-aim-give_info').click();
    await byId('compose-dialog').waitFor();
    await field('compose-speech').fill('We are open from ten to ten.');
    await byId('compose-add-text').click();
    await field('compose-text-0').fill('Shops open 10:00–22:00 every day.');
    await byId('compose-add-buttons').click();
    await field('compose-columns').fill('2');
    await field('compose-button-text-0').fill('Parking');
    await field('compose-button-payload-0').fill('parking');
    await byId('compose-add-image').click();
    await byId('compose-image-file').setInputFiles(png);
    await byId('compose-dialog').locator('img[src^="/media/"]').first().waitFor();
    await screenshot(page, 'ai-compose-response-en');
    await byId('compose-save').click();
    await snackbar('success');
    const responses = await apiGet(`/ai_config/intents/responses?device_id=${LOBBY}&intent_id=${topicId}`);
    const saved = responses.data[0];
    const buttons = saved.contents.find((c: { type: string }) => c.type === 'buttons');
    // Two columns: one real button padded with an empty one to a whole row.
    expect(buttons.num_of_column).toBe(2);
    expect(buttons.values).toEqual([
      { text: 'Parking', payload: 'parking' },
      { text: '', payload: '' },
    ]);
    const image = saved.contents.find((c: { type: string }) => c.type === 'image');
    expect(image.url).toMatch(/^\/media\/[0-9a-f-]+\.png$/);
    expect(image.size).toBe(3);
    await byId(`response-card-${saved.id}`).waitFor();
    await screenshot(page, 'ai-question-page-en');
  });

  it('finds the topic with the test console, and falls back on an unrelated question', async () => {
    await page.goto('/ai');
    await byId('test-console').waitFor();
    await field('test-input').fill('When do the shops open?');
    await byId('test-ask').click();
    const turn = byId('test-turn').last();
    await turn.getByTestId('test-best').waitFor();
    expect(await turn.getByTestId('test-best').innerText()).toContain('Shop opening hours');
    await turn.getByTestId('response-preview').waitFor();
    await field('test-input').fill('Who won the football world cup in 1966?');
    await byId('test-ask').click();
    await byId('test-turn').nth(1).getByTestId('test-fallback').waitFor();
    await screenshot(page, 'ai-test-console-en');
    await byId('test-reset').click();
    expect(await byId('test-turn').count()).toBe(0);
  });

  it('adds an alias in the right-bar alias card, and the alias finds the topic', async () => {
    await byId('right-bar-toggle').click();
    await byId('right-bar-alias').waitFor();
    await field('alias-card-search').fill('Shop');
    await byId(`alias-card-topic-${topicId}`).click();
    await field('alias-card-input-closing time').fill('shutting time');
    await byId('alias-card-add-closing time').click();
    await snackbar('success');
    await page.goto('/ai/alias');
    await byId('alias-page').waitFor();
    await page.locator('[data-testid^="alias-row-"]', { hasText: 'shutting time' }).waitFor();
    await screenshot(page, 'ai-alias-en');
    await page.goto('/ai');
    await field('test-input').fill('shutting time');
    await byId('test-ask').click();
    await byId('test-turn').last().getByTestId('test-best').waitFor();
    expect(await byId('test-turn').last().getByTestId('test-best').innerText()).toContain(
      'Shop opening hours',
    );
  });

  it('exports the topics to Excel and imports them back', async () => {
    await page.goto('/ai');
    const [download] = await Promise.all([page.waitForEvent('download'), byId('ai-export').click()]);
    expect(download.suggestedFilename()).toBe('Main Lobby Ambassador-topics.xlsx');
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    expect((await fs.readFile(file)).subarray(0, 2).toString()).toBe('PK');

    await byId('ai-import').click();
    await byId('import-dialog').waitFor();
    await byId('import-file').setInputFiles(file);
    await byId('import-preview').waitFor();
    // The same file on the same device changes nothing.
    expect(await byId('import-preview').innerText()).toMatch(/0/);
    // Every state the page's Training…/Ready chip goes through (a small device learns in moments).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { matcherStates: string[] }).matcherStates = seen;
      const note = () => {
        const state = document.querySelector('[data-testid="matcher-status"]')?.getAttribute('data-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    await byId('import-apply').click();
    expect(await snackbar('success')).toMatch(/learning/);
    await page.locator('[data-testid="matcher-status"][data-state="ready"]').waitFor();
    expect(await byId('matcher-status').innerText()).toBe('Ready');
    const states = await page.evaluate(
      () => (window as unknown as { matcherStates: string[] }).matcherStates,
    );
    expect(states.slice(-2)).toEqual(['training', 'ready']);
    const status = await apiGet(`/ai_config/matcher_status?device_id=${LOBBY}`);
    expect(status.data).toMatchObject({ device_id: LOBBY, state: 'ready' });
  });

  it('transfers A.I. data to another device and undoes it', async () => {
    const before = await apiGet(`/ai_config/intents/intent?device_id=${NORTH}&limit=100`);
    await byId('ai-transfer-open').click();
    await byId('transfer-dialog').waitFor();
    await byId('transfer-confirm').click();
    await page.getByText('Destination Device is needed').waitFor();
    await choose('transfer-dest', `transfer-dest-option-${NORTH}`);
    await screenshot(page, 'ai-transfer-dialog-en');
    await byId('transfer-confirm').click();
    expect(await snackbar('success')).toMatch(/Transferred .*learning its new topics/);
    const copied = await apiGet(`/ai_config/intents/intent?device_id=${NORTH}&limit=100`);
    expect(copied.data.map((x: { intent_name: string }) => x.intent_name)).toContain('Shop opening hours');

    await byId('transfer-history').waitFor();
    const undo = page.locator('[data-testid^="transfer-undo-"]').first();
    await undo.click();
    await byId('dialog-submit').click();
    await snackbar('success');
    const restored = await apiGet(`/ai_config/intents/intent?device_id=${NORTH}&limit=100`);
    expect(restored.total).toBe(before.total);
  });

  it('reads in all three languages', async () => {
    for (const lang of LANGS) {
      await byId('language-select').selectOption(lang);
      await page.goto('/ai');
      await byId('test-console').waitFor();
      await page.locator('[data-testid="matcher-status"][data-state="ready"]').waitFor();
      expect(await byId('matcher-status').innerText()).toBe(
        { en: 'Ready', zhHant: '就緒', zhHans: '就绪' }[lang],
      );
      await screenshot(page, `ai-overview-${lang}`);
      await page.goto(`/ai/keyword/question/${topicId}`);
      await byId('question-page').waitFor();
      await screenshot(page, `ai-question-${lang}`);
    }
    await byId('language-select').selectOption('en');
    expect(browserErrors).toEqual([]);
  });
});
