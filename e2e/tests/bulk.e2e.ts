import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAxe, axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { adminApi, signIn } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Bulk-Passw0rd!' };
/** Seeded: 1 Main Lobby Ambassador (the console's first device). */
const LOBBY = 1;
const TOPICS = 30;

/**
 * Bulk actions and undo as an operator meets them: tick rows or a page, widen to every row the
 * filter matches, act once, and take it back from the snackbar; in three languages, axe at 0.
 */
describe('bulk actions and undo in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const browserErrors: string[] = [];
  let from: number;
  let to: number;
  let api: Awaited<ReturnType<typeof adminApi>>;

  const byId = (id: string) => page.getByTestId(id);
  const snackbarSays = async (text: string | RegExp) => {
    await expect.poll(() => byId('snackbar').innerText()).toMatch(text);
  };
  const topicsIn = async (categoryId: number) => {
    const res = await fetch(
      `${server.url}/admin_panel/ai_config/intents/intent?device_id=${LOBBY}&category_id=${categoryId}&limit=100`,
      { headers: api.headers },
    );
    return (await res.json()) as {
      data: { id: number; intent_name: string; is_activated: boolean }[];
      total: number;
    };
  };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password } });
    api = await adminApi(server.url, ADMIN);
    from = (
      await api.post<{ category_id: number }>('/ai_config/intents/category', {
        device_id: LOBBY,
        name: 'Shop floor',
      })
    ).category_id;
    to = (
      await api.post<{ category_id: number }>('/ai_config/intents/category', {
        device_id: LOBBY,
        name: 'Archive',
      })
    ).category_id;
    for (let i = 1; i <= TOPICS; i++) {
      await api.post('/ai_config/intents/intent', {
        device_id: LOBBY,
        name: `Shop ${String(i).padStart(2, '0')}`,
        category_id: from,
      });
    }
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    await addAxe(context);
    page = await context.newPage();
    page.on('pageerror', (err) => browserErrors.push(err.message));
    await signIn(page, ADMIN);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('deactivates every topic the filter matches across pages, and Undo in the snackbar turns all back on', async () => {
    await page.goto(`/ai/keyword?category=${from}`);
    await byId('topics-table-select-page').waitFor();
    expect(await byId('topics-bulk').count()).toBe(0);
    await byId('topics-table-select-page').locator('input').check();
    expect(await byId('topics-bulk-count').innerText()).toBe('10 selected');
    await byId('topics-bulk-select-all').click();
    expect(await byId('topics-bulk-count').innerText()).toBe(`All ${TOPICS} matching rows are selected`);
    const violations = await axeViolations(page, 'topics with bulk bar');
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'bulk-topics-all-selected-en');

    await byId('topics-bulk-deactivate').click();
    await snackbarSays(`${TOPICS} question topics deactivated`);
    // The bar goes with the selection; every topic of the category, not only the page shown, is off.
    await expect.poll(() => byId('topics-bulk').count()).toBe(0);
    await expect.poll(async () => (await topicsIn(from)).data.filter((t) => t.is_activated).length).toBe(0);
    const firstSwitch = page.locator('[data-testid^="topic-active-"] input').first();
    await expect.poll(() => firstSwitch.isChecked()).toBe(false);

    await byId('snackbar-undo').click();
    await snackbarSays(`Undone: ${TOPICS} records are back as they were`);
    await expect
      .poll(async () => (await topicsIn(from)).data.filter((t) => t.is_activated).length)
      .toBe(TOPICS);
    await expect.poll(() => firstSwitch.isChecked()).toBe(true);
  });

  it('moves two picked topics to another category, and deletes one with its undo', async () => {
    const { data } = await topicsIn(from);
    const [a, b] = data;
    await byId(`topics-table-select-${a!.id}`).locator('input').check();
    await byId(`topics-table-select-${b!.id}`).locator('input').check();
    expect(await byId('topics-bulk-count').innerText()).toBe('2 selected');
    await byId('topics-bulk-move').click();
    await byId('topics-move-dialog').waitFor();
    await byId('topics-move-category').click();
    await byId(`topics-move-category-option-${to}`).click();
    const violations = await axeViolations(page, 'move topics dialog');
    expect(violations, describeViolations(violations)).toEqual([]);
    await byId('topics-move-confirm').click();
    await snackbarSays('2 question topics moved');
    await expect.poll(async () => (await topicsIn(to)).total).toBe(2);
    // The list filtered by the old category no longer shows them.
    await expect.poll(() => byId(`topic-row-${a!.id}`).count()).toBe(0);

    const victim = (await topicsIn(from)).data[0]!;
    await byId(`topics-table-select-${victim.id}`).locator('input').check();
    await byId('topics-bulk-delete').click();
    const dialog = byId('delete-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Delete 1 question record?');
    expect(await dialog.innerText()).toContain('You can undo this for 24 hours.');
    await byId('delete-confirm').click();
    await snackbarSays('1 question topic deleted');
    await expect.poll(() => byId(`topic-row-${victim.id}`).count()).toBe(0);
    await byId('snackbar-undo').click();
    await snackbarSays('Undone: 1 record is back as it was');
    await byId(`topic-row-${victim.id}`).waitFor();
    expect(await byId(`topic-row-${victim.id}`).innerText()).toContain(victim.intent_name);
  });

  it('a topic deleted from its own page comes back, and opens again, with Undo', async () => {
    const victim = (await topicsIn(from)).data[1]!;
    await page.goto(`/ai/keyword/question/${victim.id}`);
    await byId('question-title').waitFor();
    await byId('question-delete').click();
    await byId('delete-confirm').click();
    await page.waitForURL('**/ai/keyword');
    await byId('snackbar-undo').click();
    await page.waitForURL(`**/ai/keyword/question/${victim.id}`);
    await expect.poll(() => byId('question-title').innerText()).toContain(victim.intent_name);
  });

  it('deletes the locations a search matches and puts them back with Undo', async () => {
    for (const name of ['Clinic A', 'Clinic B', 'Clinic C'])
      await api.post('/location_map/locations', { device_id: LOBBY, name, aliases: ['診所'] });
    await api.post('/location_map/locations', { device_id: LOBBY, name: 'Pharmacy' });
    await page.goto('/ai/location');
    await page.locator('[data-testid="location-search"] input').fill('診所');
    await expect.poll(() => page.locator('[data-testid^="location-row-"]').count()).toBe(3);
    await byId('location-table-select-page').locator('input').check();
    expect(await byId('locations-bulk-count').innerText()).toBe('3 selected');
    await byId('locations-bulk-delete').click();
    expect(await byId('delete-dialog').innerText()).toContain(
      '3 records will be deleted. You can undo this for 24 hours.',
    );
    await byId('delete-confirm').click();
    await snackbarSays('3 locations deleted');
    await expect.poll(() => page.locator('[data-testid^="location-row-"]').count()).toBe(0);
    await byId('snackbar-undo').click();
    await snackbarSays('Undone: 3 records are back as they were');
    await expect.poll(() => page.locator('[data-testid^="location-row-"]').count()).toBe(3);
    const violations = await axeViolations(page, 'locations after undo');
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('deletes the aliases of the keywords picked on the Alias page, and Undo puts them back', async () => {
    for (const keyword of ['Gatebulk A', 'Gatebulk B', 'Gatebulk C', 'Lift'])
      await api.post('/ai_config/alias_finder', { device_id: LOBBY, keyword, alias: `${keyword} door` });
    // Every row shown: the search has applied once only the three are.
    const rows = page.locator('[data-testid^="alias-row-"]');
    await page.goto('/ai/alias');
    await page.locator('[data-testid="alias-search"] input').fill('gatebulk');
    await expect.poll(() => rows.count()).toBe(3);
    await byId('alias-table-select-page').locator('input').check();
    expect(await byId('alias-bulk-count').innerText()).toBe('3 selected');
    const violations = await axeViolations(page, 'aliases with bulk bar');
    expect(violations, describeViolations(violations)).toEqual([]);
    await byId('alias-bulk-delete').click();
    const dialog = byId('delete-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Delete 3 alias list records?');
    expect(await dialog.innerText()).toContain('3 records will be deleted. You can undo this for 24 hours.');
    await byId('delete-confirm').click();
    await snackbarSays('Aliases of 3 keywords deleted');
    // Keywords of no topic are listed only while they have aliases.
    await expect.poll(() => rows.count()).toBe(0);
    await byId('snackbar-undo').click();
    await snackbarSays('Undone: 3 records are back as they were');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await byId('alias-row-Gatebulk B').innerText()).toContain('Gatebulk B door');
  });

  it('deletes picked events, then the quizzes of the library no event plays, each with Undo', async () => {
    const made: number[] = [];
    for (const title of ['Bulk fair', 'Bulk show', 'Bulk parade'])
      made.push(
        (
          await api.post<{ id: number }>('/event_manager/event', {
            device_id: LOBBY,
            title,
            languages: ['english'],
          })
        ).id,
      );
    const quizzes: number[] = [];
    for (const quiz_name of ['Bulk trivia', 'Bulk riddles', 'Played quiz'])
      quizzes.push(
        (
          await api.post<{ quiz_id: number }>('/event_manager/quiz', {
            device_id: LOBBY,
            quiz_name,
            languages: ['english'],
          })
        ).quiz_id,
      );
    // The parade plays the last quiz: that one cannot be picked.
    const played = await fetch(`${server.url}/admin_panel/event_manager/event/${made[2]}`, {
      method: 'PUT',
      headers: api.headers,
      body: JSON.stringify({
        device_id: LOBBY,
        flows: { english: [{ type: 'quiz', key: 'q', quiz_id: quizzes[2] }] },
      }),
    });
    expect(played.status).toBe(200);

    await page.goto('/event');
    await byId(`events-table-select-${made[0]}`).locator('input').check();
    await byId(`events-table-select-${made[1]}`).locator('input').check();
    expect(await byId('event-bulk-count').innerText()).toBe('2 selected');
    await byId('event-bulk-delete').click();
    expect(await byId('delete-dialog').innerText()).toContain('Delete 2 event records?');
    await byId('delete-confirm').click();
    await snackbarSays('2 events deleted');
    await expect.poll(() => byId(`event-row-${made[0]}`).count()).toBe(0);
    await byId('snackbar-undo').click();
    await snackbarSays('Undone: 2 records are back as they were');
    await byId(`event-row-${made[0]}`).waitFor();
    await byId(`event-row-${made[1]}`).waitFor();

    await page.goto('/event?tab=quiz');
    await byId(`quiz-row-${quizzes[0]}`).waitFor();
    expect(await byId(`quiz-table-select-${quizzes[2]}`).count()).toBe(0);
    await byId('quiz-table-select-page').locator('input').check();
    expect(await byId('quiz-bulk-count').innerText()).toBe('2 selected');
    const violations = await axeViolations(page, 'quiz library with bulk bar');
    expect(violations, describeViolations(violations)).toEqual([]);
    await byId('quiz-bulk-delete').click();
    expect(await byId('delete-dialog').innerText()).toContain('You can undo this for 24 hours.');
    await byId('delete-confirm').click();
    await snackbarSays('2 quizzes deleted');
    await expect.poll(() => page.locator('[data-testid^="quiz-row-"]').count()).toBe(1);
    await byId('snackbar-undo').click();
    await snackbarSays('Undone: 2 records are back as they were');
    await expect.poll(() => page.locator('[data-testid^="quiz-row-"]').count()).toBe(3);
  });

  it('deletes picked users (never oneself) and brings them back with Undo, to sign in again', async () => {
    const ids: number[] = [];
    for (const username of ['bulk-amy', 'bulk-ben'])
      ids.push(
        (
          await api.post<{ user_id: number }>('/admin_settings/users', {
            username,
            password: 'Bulk-Us3r-Passw0rd!',
            role_id: 1,
            is_password_expired: false,
          })
        ).user_id,
      );
    await page.goto('/setting/users');
    await byId('user-row-bulk-amy').waitFor();
    // One's own row has no checkbox.
    expect(await byId('user-row-admin').locator('input[type="checkbox"]').count()).toBe(0);
    for (const id of ids) await byId(`users-table-select-${id}`).locator('input').check();
    expect(await byId('users-bulk-count').innerText()).toBe('2 selected');
    const violations = await axeViolations(page, 'users with bulk bar');
    expect(violations, describeViolations(violations)).toEqual([]);
    await byId('users-bulk-delete').click();
    const dialog = byId('delete-dialog');
    expect(await dialog.innerText()).toContain('Delete 2 user records?');
    expect(await dialog.innerText()).toContain('You can undo this for 24 hours.');
    await byId('delete-confirm').click();
    await snackbarSays('2 users deleted and signed out');
    await expect.poll(() => byId('user-row-bulk-amy').count()).toBe(0);
    await byId('snackbar-undo').click();
    await snackbarSays('Undone: 2 records are back as they were');
    await byId('user-row-bulk-amy').waitFor();
    await byId('user-row-bulk-ben').waitFor();
  });

  it('deletes the documents a search matches and Undo brings them back Ready, without a new scan', async () => {
    await page.goto('/ai/mrc');
    await byId('mrc-page').waitFor();
    await byId('mrc-upload').click();
    await byId('mrc-upload-dialog').waitFor();
    const text = (line: string) => Buffer.from(`${line}\nThe museum opens at nine and closes at six.\n`);
    await byId('mrc-upload-input').setInputFiles([
      { name: 'bulk-guide-east.txt', mimeType: 'text/plain', buffer: text('East wing guide') },
      { name: 'bulk-guide-west.txt', mimeType: 'text/plain', buffer: text('West wing guide') },
      { name: 'bulk-hours.txt', mimeType: 'text/plain', buffer: text('Opening hours') },
    ]);
    await byId('mrc-upload-submit').click();
    await byId('mrc-upload-created').waitFor({ timeout: 30_000 });
    await byId('mrc-upload-close').click();
    const table = byId('mrc-table');
    await expect
      .poll(async () => ((await table.innerText()).match(/Ready/g) ?? []).length, { timeout: 60_000 })
      .toBe(3);
    const rows = page.locator('[data-testid^="mrc-row-"]');
    await page.locator('[data-testid="mrc-search"] input').fill('guide');
    await expect.poll(() => rows.count()).toBe(2);
    await byId('mrc-table-select-page').locator('input').check();
    expect(await byId('mrc-bulk-count').innerText()).toBe('2 selected');
    const violations = await axeViolations(page, 'documents with bulk bar');
    expect(violations, describeViolations(violations)).toEqual([]);
    await byId('mrc-bulk-delete').click();
    const dialog = byId('delete-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('You can undo this for 24 hours.');
    await byId('delete-confirm').click();
    await snackbarSays('2 documents deleted');
    await expect.poll(() => rows.count()).toBe(0);
    await byId('snackbar-undo').click();
    await snackbarSays('Undone: 2 records are back as they were');
    await expect.poll(() => rows.count()).toBe(2);
    expect(((await table.innerText()).match(/Ready/g) ?? []).length).toBe(2);
  });

  it('exports only the picked topics from the bulk bar', async () => {
    const [a, b] = (await topicsIn(from)).data;
    await page.goto(`/ai/keyword?category=${from}`);
    await byId(`topics-table-select-${a!.id}`).locator('input').check();
    await byId(`topics-table-select-${b!.id}`).locator('input').check();
    const [download] = await Promise.all([page.waitForEvent('download'), byId('topics-bulk-export').click()]);
    expect(download.suggestedFilename()).toBe('Main Lobby Ambassador-topics.xlsx');
    await snackbarSays('2 question topics exported');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const names: string[] = [];
    workbook.worksheets[0]!.eachRow((row, i) => {
      if (i > 1) names.push(String(row.getCell(1).value));
    });
    expect(names.sort()).toEqual([a!.intent_name, b!.intent_name].sort());
    await byId('topics-bulk-clear').click();
  });

  it('speaks Traditional and Simplified Chinese, and ticks rows on a phone’s cards', async () => {
    await page.goto(`/ai/keyword?category=${from}`);
    await byId('language-select').selectOption('zhHant');
    await byId('topics-table-select-page').locator('input').check();
    await expect.poll(() => byId('topics-bulk-count').innerText()).toBe('已選取 10 項');
    expect(await byId('topics-bulk-deactivate').innerText()).toBe('停用');
    await byId('language-select').selectOption('zhHans');
    await expect.poll(() => byId('topics-bulk-count').innerText()).toBe('已选择 10 项');
    await screenshot(page, 'bulk-topics-zhHans');
    await byId('language-select').selectOption('en');

    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`/ai/keyword?category=${from}`);
    const first = (await topicsIn(from)).data;
    await phone.getByTestId('topics-table').locator('[data-card="true"]').first().waitFor();
    const box = phone
      .locator('[data-testid^="topics-table-select-"]:not([data-testid$="page"]) input')
      .first();
    await box.check();
    await expect.poll(() => phone.getByTestId('topics-bulk-count').innerText()).toBe('1 selected');
    // Cards have no header row: the page's checkbox stands above them.
    await phone.getByTestId('topics-table-select-page').locator('input').check();
    await expect.poll(() => phone.getByTestId('topics-bulk-count').innerText()).toBe('10 selected');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(phone, 'bulk-topics-phone');
    expect(first.length).toBeGreaterThan(0);
    await phone.close();
    expect(browserErrors).toEqual([]);
  });
});
