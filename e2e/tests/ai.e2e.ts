import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_REACH, DEFAULT_THRESHOLD } from '../../apps/server/src/matcher/index.js';
import { addAxe, axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { kioskApi } from '../support/stage.js';

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
    // axe-core in every page, for the checks of new screens below.
    await addAxe(context);
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

  /** An admin API call with a body, from the signed-in page. */
  const apiSend = (method: string, url: string, body: object) =>
    page.evaluate(
      async ([m, u, b]) => {
        const auth = JSON.parse(localStorage.getItem('auth') ?? '{}');
        const res = await fetch(`/admin_panel${u}`, {
          method: m,
          headers: {
            'content-type': 'application/json',
            access_token: auth.access_token,
            auth_project_id: String(auth.auth_project_id),
          },
          body: JSON.stringify(b),
        });
        return res.json();
      },
      [method, url, body] as const,
    );

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

  it('exports the keywords as CSV, and imports them back with rows of blank kind, asking what they are', async () => {
    await page.goto('/ai');
    // As an operator does: the page's data in before the menu is opened (under the full suite's load
    // a click while the page still loaded opened a menu that the next render closed).
    await page.waitForLoadState('networkidle');
    await byId('ai-export-csv').click();
    await byId('ai-export-csv-keywords').waitFor();
    await screenshot(page, 'ai-export-csv-menu-en');
    expect(describeViolations(await axeViolations(page, 'export CSV menu'))).toBe('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byId('ai-export-csv-keywords').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Main Lobby Ambassador-keywords.csv');
    const file = path.join(tmp, 'keywords.csv');
    await download.saveAs(file);
    const exported = await fs.readFile(file, 'utf8');
    expect(exported.startsWith('\uFEFFTopic,Language,Kind,Text\r\n')).toBe(true);
    expect(exported).toContain('Shop opening hours,english,keyword,closing time');

    // Bulk teaching: rows added with the Kind column left empty, as a spreadsheet user would.
    await fs.appendFile(
      file,
      [
        'Shop opening hours,english,,"are you open on Sunday, or closed?"',
        'Shop opening hours,cantonese,,商場幾點關門',
        'Shop opening hours,english,phrase,what time do the shops shut',
      ].join('\r\n') + '\r\n',
    );
    await byId('ai-import').click();
    await byId('import-dialog').waitFor();
    await byId('import-file').setInputFiles(file);
    await byId('import-preview').waitFor();
    expect(await byId('import-read-as').innerText()).toBe('CSV file, read as the Keywords table.');
    expect(await byId('import-kinds').innerText()).toMatch(/No kind: 2$/);
    await byId('import-blank-kind').waitFor();
    expect(await byId('import-apply').isDisabled()).toBe(true);
    await screenshot(page, 'ai-import-blank-kind-en');
    const violations = await axeViolations(page, 'import dialog with the blank-kind question');
    expect(describeViolations(violations)).toBe('');

    await byId('import-blank-phrase').click();
    await byId('import-apply').click();
    await snackbar('success');
    await byId('import-dialog').waitFor({ state: 'hidden' });
    const keywords = await apiGet(`/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${topicId}`);
    const rows = keywords.data.map((k: { language: string; kind: string; text: string }) => [
      k.language,
      k.kind,
      k.text,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['english', 'keyword', 'closing time'],
        ['english', 'phrase', 'are you open on Sunday, or closed?'],
        ['cantonese', 'phrase', '商場幾點關門'],
        ['english', 'phrase', 'what time do the shops shut'],
      ]),
    );
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

  it('previews an answer confidence, saves it, and Conversation Review teaches a fallback in one click', async () => {
    // Visitors ask the lobby kiosk: close to the topic but under 50 %, well over it, and unrelated.
    const key = (await apiSend('POST', '/admin_settings/devices/key', { id: LOBBY })).data.device_key;
    const kiosk = kioskApi(server.url, key);
    const session = (await kiosk('/sessions', { language: 'english' })).session_id;
    // Scores under the calibrated matcher (2026-11-24): the first two about 0.3–0.4, the next four
    // over 0.5, the last 0; the test reads them from the test console rather than trusting these.
    const asked = [
      'can I shop here tonight',
      'can I shop here tonight',
      'late night shopping',
      'is the mall open on sunday',
      'what time does the store shut',
      'when do the shops close',
      'what time is closing',
      'who won the football world cup',
    ];
    for (const text of asked) await kiosk('/ask', { session_id: session, text, language: 'english' });
    // Their scores now, from the test console's call (the same matcher).
    const scores = new Map<string, number>();
    for (const text of new Set(asked)) {
      const tried = await apiSend('POST', '/ai_config/test_console', {
        device_id: LOBBY,
        language: 'english',
        text,
      });
      scores.set(text, tried.data.candidates[0]?.score ?? 0);
    }
    const near = [...scores].filter(([, score]) => score > 0.06 && score < 0.5);
    expect(near.length).toBeGreaterThan(0);
    // The lowest whole percent at which every near miss answers.
    const target = Math.floor(Math.min(...near.map(([, score]) => score)) * 100);
    const gained = asked.filter((text) => near.some(([n]) => n === text)).length;

    await page.goto('/ai');
    await expect.poll(() => byId('answer-confidence-value').innerText()).toContain('50% (default)');
    await byId('answer-confidence-open').click();
    const dialog = byId('answer-confidence-dialog');
    await dialog.waitFor();
    const count = async (id: string) =>
      Number(
        await byId(id)
          .innerText()
          .then((x) => x.match(/^\d+/)![0]),
      );
    await byId('answer-confidence-now-answered').waitFor();
    const answeredNow = await count('answer-confidence-now-answered');
    expect(answeredNow + (await count('answer-confidence-now-fallback'))).toBe(asked.length);
    await byId('answer-confidence-no-changes').waitFor();

    // The keyboard moves the slider; the preview follows once it rests.
    await byId('answer-confidence-slider').focus();
    for (let i = 50; i > target; i--) await page.keyboard.press('ArrowLeft');
    expect(await byId('answer-confidence-percent').innerText()).toBe(`${target}%`);
    await expect
      .poll(() => count('answer-confidence-at-answered'), { timeout: 10_000 })
      .toBe(answeredNow + gained);
    const changes = dialog.getByTestId('answer-confidence-change');
    expect(await changes.count()).toBe(near.length);
    for (const [text] of near) {
      expect(await dialog.locator('[data-change="answers"]', { hasText: text }).count()).toBe(1);
    }
    await screenshot(page, 'ai-answer-confidence-en');
    const dialogViolations = await axeViolations(page, 'answer confidence dialog');
    expect(dialogViolations.length, describeViolations(dialogViolations)).toBe(0);
    await byId('answer-confidence-save').click();
    expect(await snackbar('success')).toBe(`Answer confidence set to ${target}%`);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => byId('answer-confidence-value').innerText()).toContain(`${target}%`);
    const settings = await apiGet(`/ai_config/settings?device_id=${LOBBY}`);
    expect(settings.data.answer_confidence).toBeCloseTo(target / 100, 5);
    // The near miss now answers for visitors.
    expect(
      (await kiosk('/ask', { session_id: session, text: near[0]![0], language: 'english' })).fallback,
    ).toBe(false);

    // Back to the default: those questions fall back again, and review shows them with their topic.
    await byId('answer-confidence-open').click();
    await byId('answer-confidence-reset').click();
    expect(await snackbar('success')).toBe('Answer confidence reset to the default');
    await page.goto('/conversation');
    await byId('conversations-table').waitFor();
    await byId('conversation-candidate').click();
    await page.waitForURL(/candidate=1/);
    const rows = page.locator('[data-testid^="conversation-row-"]');
    // Only a closest topic within reach of the threshold is offered; the far ones go to the groups.
    const reach = DEFAULT_THRESHOLD * CANDIDATE_REACH;
    const offered = near.filter(([, score]) => score >= reach);
    expect(offered.length).toBeGreaterThan(0);
    await expect
      .poll(() => rows.count())
      .toBe(asked.filter((text) => offered.some(([n]) => n === text)).length);
    expect(await page.locator('[data-testid="conversations-table"]').innerText()).not.toContain('world cup');
    const teachText = offered[0]![0];
    const row = rows.filter({ hasText: teachText }).first();
    expect(await row.locator('[data-testid^="conversation-candidate-"]').innerText()).toBe(
      'Closest: Shop opening hours',
    );
    await screenshot(page, 'conversation-review-candidate-en');
    const reviewViolations = await axeViolations(page, 'review, fell back with a candidate');
    expect(reviewViolations.length, describeViolations(reviewViolations)).toBe(0);
    // The detail panel names the candidate with its score, and offers the same one click.
    await row.locator('[data-testid^="conversation-acquire-"]').click();
    expect(await byId('conversation-detail-candidate').innerText()).toMatch(
      /^Shop opening hours, score 0\.\d+$/,
    );
    await byId('conversation-detail-teach').waitFor();
    const panelViolations = await axeViolations(page, 'conversation detail with a candidate');
    expect(panelViolations.length, describeViolations(panelViolations)).toBe(0);
    await byId('conversation-detail-close').click();
    await byId('conversation-detail').waitFor({ state: 'detached' });
    await row.locator('[data-testid^="conversation-teach-"]').click();
    expect(await snackbar('success')).toBe('Taught to “Shop opening hours”: this question now matches it');
    await row.locator('[data-testid^="conversation-trained-"]').waitFor();
    const phrases = await apiGet(`/ai_config/intents/keywords?device_id=${LOBBY}&intent_id=${topicId}`);
    expect(phrases.data.map((k: { text: string }) => k.text)).toContain(teachText);
    expect(
      (await kiosk('/ask', { session_id: session, text: teachText, language: 'english' })).fallback,
    ).toBe(false);
  });

  it('publishes a version: the kiosk answers it while the draft changes, and an older version is restored', async () => {
    const key = (await apiSend('POST', '/admin_settings/devices/key', { id: LOBBY })).data.device_key;
    const kiosk = kioskApi(server.url, key);
    const session = (await kiosk('/sessions', { language: 'english' })).session_id;
    const kioskAnswer = async (text: string) => {
      const answer = await kiosk('/ask', { session_id: session, text, language: 'english' });
      return answer.fallback ? null : answer.intent.name;
    };
    const category = (
      await apiSend('POST', '/ai_config/intents/category', { device_id: LOBBY, name: 'Facilities' })
    ).data.category_id;
    await page.goto('/ai');
    await byId('versions-off').waitFor();
    await byId('versions-publish').click();
    expect(await byId('publish-changes').innerText()).toContain('The first version');
    await field('publish-note').fill('Opening set');
    await byId('publish-submit').click();
    expect(await snackbar('success')).toBe('Version 1 is live on the kiosks.');
    await byId('versions-live').waitFor();
    expect(await byId('versions-live').innerText()).toBe('Live: version 1');
    expect(await byId('versions-publish').isDisabled()).toBe(true);

    // A new topic is a draft: the test console tries it, the kiosk does not answer it yet.
    const made = await apiSend('POST', '/ai_config/intents/intent', {
      device_id: LOBBY,
      name: 'Baby care room',
      category_id: category,
    });
    await apiSend('POST', '/ai_config/intents/train', {
      device_id: LOBBY,
      intent_id: made.data.id,
      language: 'english',
      text: 'is there a nursing room',
    });
    await page.reload();
    await expect
      .poll(() => byId('versions-changes').innerText())
      .toBe('Not yet on the kiosks: 1 topic added');
    expect(await kioskAnswer('is there a nursing room')).toBeNull();
    await field('test-input').fill('is there a nursing room');
    await byId('test-ask').click();
    await byId('test-turn').last().getByTestId('test-best').waitFor();
    expect(await byId('test-turn').last().getByTestId('test-best').innerText()).toContain('Baby care room');
    await byId('test-version-live').click();
    await field('test-input').fill('is there a nursing room');
    await byId('test-ask').click();
    await byId('test-turn').nth(1).getByTestId('test-fallback').waitFor();
    const violations = await axeViolations(page, 'AI page with a live version');
    expect(violations, describeViolations(violations)).toEqual([]);

    await byId('versions-publish').click();
    await byId('publish-submit').click();
    expect(await snackbar('success')).toBe('Version 2 is live on the kiosks.');
    await expect
      .poll(() => kioskAnswer('is there a nursing room'), { timeout: 10_000 })
      .toBe('Baby care room');
    await screenshot(page, 'ai-versions-live');

    // Version 1 back: the kiosk and the draft lose the new topic.
    await byId('version-restore-1').click();
    expect(await byId('version-confirm-dialog').innerText()).toContain('nothing is lost');
    await byId('version-confirm-submit').click();
    expect(await snackbar('success')).toBe('Version 1 is restored and live.');
    await expect.poll(() => kioskAnswer('is there a nursing room'), { timeout: 10_000 }).toBeNull();
    expect(await byId('versions-live').innerText()).toBe('Live: version 1');
    const topics = await apiGet(`/ai_config/intents/intent?device_id=${LOBBY}&limit=100`);
    expect(topics.data.map((x: { intent_name: string }) => x.intent_name)).not.toContain('Baby care room');
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
