import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAxe, axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { adminApi, signIn } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Audit-Passw0rd!' };
const MARY = { username: 'mary', password: 'Mary-Passw0rd!' };
/** Seeded: 1 Main Lobby Ambassador (the console's first device). */
const LOBBY = 1;

/**
 * The audit trail as an admin uses it: a topic renamed and a user's role changed in the console, a
 * wrong password tried once, then Admin Settings → Audit trail lists who did what, filtered, in
 * English and Traditional Chinese, and exports the filtered rows as CSV. A non-admin neither sees
 * the way in nor gets in by its address.
 */
describe('the audit trail in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const byId = (id: string) => page.getByTestId(id);
  const rowsText = () => byId('audit-table').locator('tbody').innerText();
  async function choose(trigger: string, option: string) {
    await byId(trigger).click();
    await byId(option).click();
    // The menu has closed (its fade is over) before anything is read or measured.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password } });
    const api = await adminApi(server.url, ADMIN);
    const category = await api.post<{ category_id: number }>('/ai_config/intents/category', {
      device_id: LOBBY,
      name: 'Help desk',
    });
    const topic = await api.post<{ id: number }>('/ai_config/intents/intent', {
      device_id: LOBBY,
      name: 'Lost property',
      category_id: category.category_id,
    });
    await api.post('/admin_settings/users', { ...MARY, role_id: 1, is_password_expired: false });
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    await addAxe(context);
    page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, ADMIN);
    // The admin renames the topic (as the topic page does) …
    const renamed = await page.evaluate(
      async ({ id, device }) => {
        const auth = JSON.parse(localStorage.getItem('auth') ?? '{}');
        const res = await fetch('/admin_panel/ai_config/intents/intent_title', {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            access_token: auth.access_token,
            auth_project_id: String(auth.auth_project_id),
          },
          body: JSON.stringify({ device_id: device, id, name: '失物認領' }),
        });
        return res.status;
      },
      { id: topic.id, device: LOBBY },
    );
    expect(renamed).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('changes a role in User Settings, and a wrong password is tried once', async () => {
    await page.goto('/setting/users');
    await choose(`role-select-${MARY.username}`, 'role-option-2');
    await expect.poll(() => byId(`role-select-${MARY.username}`).innerText()).toContain('Service');
    // Someone tries Mary's name with a wrong password, in a browser of their own.
    const other = await browser.newContext({ baseURL: server.url });
    const login = await other.newPage();
    await login.goto('/login');
    await login.getByTestId('login-username').fill(MARY.username);
    await login.getByTestId('login-password').fill('Wrong-Passw0rd!');
    await login.getByTestId('login-submit').click();
    await login.locator('[data-testid="snackbar"][data-status="error"]').waitFor();
    await other.close();
  });

  it('lists who did what, filtered, in English and Traditional Chinese, with 0 axe violations', async () => {
    await page.goto('/setting');
    await byId('settings-audit-link').click();
    await page.waitForURL('**/setting/audit');
    await expect.poll(rowsText).toContain('Topic renamed');
    const all = await rowsText();
    expect(all).toContain('失物認領');
    expect(all).toContain('Main Lobby Ambassador');
    expect(all).toContain('Signed in');

    await choose('audit-action', 'audit-action-option-user');
    // The list shown until the filtered one arrives still holds the topic.
    await expect.poll(rowsText).not.toContain('Topic renamed');
    expect(await rowsText()).toContain('Role changed');
    expect(await rowsText()).toContain('Role: User → Service');

    await choose('audit-action', 'audit-action-option-all');
    await choose('audit-user', `audit-user-option-${MARY.username}`);
    await expect.poll(rowsText).not.toContain('Role changed');
    expect(await rowsText()).toContain('Sign-in failed');
    expect(await rowsText()).toContain(`Name tried: ${MARY.username}`);
    await screenshot(page, 'audit-en');
    const en = await axeViolations(page, 'audit trail (en)');
    expect(en, describeViolations(en)).toEqual([]);

    await byId('language-select').selectOption('zhHant');
    await expect.poll(rowsText).toContain('登入失敗');
    expect(await rowsText()).toContain(`嘗試的名稱：${MARY.username}`);
    await choose('audit-user', 'audit-user-option-all');
    await expect.poll(rowsText).toContain('更改角色');
    expect(await rowsText()).toContain('重新命名主題');
    expect(await rowsText()).toContain('角色：使用者 → 客服');
    expect(await byId('audit-filters').innerText()).toContain('操作類型');
    await screenshot(page, 'audit-zhHant');
    const zh = await axeViolations(page, 'audit trail (zhHant)');
    expect(zh, describeViolations(zh)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'audit-zhHant-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await byId('language-select').selectOption('en');
  });

  it('exports the filtered rows as CSV that Excel reads in Chinese', async () => {
    await byId('audit-search').fill('失物');
    await expect.poll(rowsText).not.toContain('Signed in');
    expect(await rowsText()).toContain('失物認領');
    expect(await byId('audit-table').locator('tbody tr').count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), byId('audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await fs.readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFtime_utc,user,role,action,')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('admin,3,topic.rename,topic');
    expect(lines[1]).toContain('失物認領');
    expect(lines[1]).toContain('Main Lobby Ambassador');
  });

  it('is not offered to a non-admin, and its address sends them home', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    const mary = await context.newPage();
    await signIn(mary, MARY);
    await mary.getByTestId('nav-dashboard').waitFor();
    expect(await mary.getByTestId('nav-setting').count()).toBe(0);
    await mary.goto('/setting/audit');
    await mary.waitForURL('**/dashboard');
    expect(await mary.getByTestId('audit-table').count()).toBe(0);
    await context.close();
    expect(errors).toEqual([]);
  });
});
