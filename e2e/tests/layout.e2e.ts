import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.js';
import { solidPng } from '../support/media.js';
import { startServer, type RunningServer } from '../support/server.js';
import { openPage, signIn } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Layout-Admin-Passw0rd!' };
const LANGS = ['en', 'zhHant', 'zhHans'] as const;
type UiLang = (typeof LANGS)[number];
const HTML_LANG: Record<UiLang, string> = { en: 'en', zhHant: 'zh-Hant', zhHans: 'zh-Hans' };

/**
 * Layout at the console's usual width (1440 × 900) on the demo data, in the three languages: rows
 * whose buttons must share one line, header cells whose names must stay inside them, and a
 * results dialog with nothing to draw (issue 39, defect 5).
 */
describe('layout at 1440 px, in every language', () => {
  let server: RunningServer;
  let browser: Browser;
  let op: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true' } });
    browser = await launchBrowser();
    op = await openPage(browser, server.url, { as: 'console', name: 'console', errors, axe: false });
    await signIn(op, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ remove: true });
  });

  const o = (id: string) => op.getByTestId(id);
  async function box(locator: Locator) {
    const found = await locator.boundingBox();
    if (!found) throw new Error(`${String(locator)} is not shown`);
    return found;
  }
  const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
  async function setLanguage(lang: UiLang) {
    await o('language-select').selectOption(lang);
    await op.waitForFunction((l) => document.documentElement.lang === l, HTML_LANG[lang]);
  }

  it.each(LANGS)("a banner's row keeps its arrows and delete on its one line, in %s", async (lang) => {
    await op.goto('/interface');
    await setLanguage(lang);
    if (lang === 'en') {
      await o('carousel-empty').waitFor();
      await o('carousel-input').setInputFiles([
        {
          name: 'spring-offer-banner.png',
          mimeType: 'image/png',
          buffer: await solidPng(1920, 1080, '#3366cc'),
        },
      ]);
    }
    const row = o('carousel-banner').first();
    await row.getByRole('img').waitFor();
    // The row's last three buttons: move up, move down, delete.
    const buttons = (await row.getByRole('button').all()).slice(-3);
    expect(await buttons[2]!.getAttribute('data-testid')).toBe('carousel-delete');
    const image = await box(row.getByRole('img'));
    for (const button of buttons) {
      const b = await box(button);
      // On the image's line, to its right (the down arrow and delete had wrapped under it).
      expect(Math.abs(middle(b) - middle(image)), `${lang}: button beside the image`).toBeLessThan(
        image.height / 2,
      );
      expect(b.x).toBeGreaterThan(image.x + image.width);
    }
    // Every field's label reads whole (the Chinese "show until" ended in an ellipsis).
    const cut = await row
      .locator('label')
      .evaluateAll((labels) =>
        labels.filter((l) => l.scrollWidth > l.clientWidth + 0.5).map((l) => l.textContent),
      );
    expect(cut, `${lang}: labels cut short`).toEqual([]);
    await screenshot(op, `layout-banner-row-${lang}`);
  });

  it.each(LANGS)("the documents table's header names stay inside their columns, in %s", async (lang) => {
    await op.goto('/ai/mrc');
    await setLanguage(lang);
    await op.locator('main table thead th').first().waitFor();
    const heads = await op.locator('main table').first().locator('thead th').all();
    expect(heads.length).toBeGreaterThan(4);
    for (const th of heads) {
      const label = th.locator('.MuiTableSortLabel-root');
      if ((await label.count()) === 0) continue;
      const inside = await th.evaluate((cell) => {
        const padding = parseFloat(getComputedStyle(cell).paddingRight);
        const right = cell.getBoundingClientRect().right - padding;
        const shown = cell.querySelector('.MuiTableSortLabel-root')!.getBoundingClientRect().right;
        return { text: cell.textContent, over: shown - right };
      });
      // "Pages" and its (hidden) sort arrow ran into "Language detected".
      expect(inside.over, `${lang}: "${inside.text}" past its column`).toBeLessThanOrEqual(0.5);
    }
    await screenshot(op, `layout-documents-header-${lang}`);
  });

  it.each(LANGS)("a small-talk entry's edit pencil is on its buttons' line, in %s", async (lang) => {
    await op.goto('/talk');
    await setLanguage(lang);
    const entry = o('small-talk-entry').first();
    await entry.waitFor();
    const pencil = await box(entry.getByTestId('small-talk-entry-edit'));
    const remove = await box(entry.getByTestId('small-talk-entry-delete'));
    // It sat low, beside the answer, under the arrows' line.
    expect(Math.abs(middle(pencil) - middle(remove))).toBeLessThan(1);
    expect(pencil.x).toBeLessThan(remove.x);
    await screenshot(op, `layout-small-talk-entry-${lang}`);
  });

  it.each(LANGS)('Event Results with no runs says so instead of drawing empty axes, in %s', async (lang) => {
    await op.goto('/event');
    await setLanguage(lang);
    const open = op.locator('[data-testid^="event-results-"]').first();
    await open.click();
    const dialog = o('results-dialog');
    await dialog.waitFor();
    await o('results-empty').waitFor();
    const empty = o('results-drop-off-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toBe(
      {
        en: 'No visitor reached an activity in these days.',
        zhHant: '這段時間沒有訪客到達任何項目。',
        zhHans: '这段时间没有访客到达任何项目。',
      }[lang],
    );
    // No chart at all: no axes, no figure of a language's drop-off.
    expect(await dialog.locator('.MuiChartsAxis-root').count()).toBe(0);
    expect(await dialog.locator('[data-testid^="results-drop-off-"][role="figure"]').count()).toBe(0);
    await screenshot(op, `layout-event-results-empty-${lang}`);
    await op.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('logged no browser errors', () => {
    expect(errors).toEqual([]);
  });
});
