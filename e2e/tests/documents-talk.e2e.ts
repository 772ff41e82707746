import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxOf, pdfOf } from '../../apps/server/src/test/document-fixtures.js';
import { axeViolations, describeViolations, type Violation } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Docs-Admin-Passw0rd!' };
const DEVICE = 'Riverside Hospital Kiosk';
const VISITING = 'Visiting hours are from 2 pm to 8 pm every day, and two visitors may stay at each bed.';
const PARKING = '醫院停車場喺B座地庫，每小時收費二十元，急症室病人家屬可以免費泊車一小時。';
const DECLINE = "Sorry, I can't discuss politics. Ask me about the hospital instead.";

/**
 * Issue 17 "Done when", in Chromium: an operator uploads a PDF and a DOCX on /ai/mrc, both are
 * scanned to Ready by the background job, the test panel answers from them; on /talk the operator
 * switches the topic filter on for politics; a paired kiosk then gets an answer read from the PDF
 * (with its file and page), one from the Cantonese DOCX, a small-talk reply, and a declined topic.
 */
describe('documents and small talk: uploaded, scanned, answered on a kiosk', () => {
  let stage: Stage;
  let op: Page;
  let kiosk: Page;
  let tmp = '';
  const found: Violation[] = [];

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-docs-'));
    stage = await openStage({
      admin: ADMIN,
      device: { description: DEVICE, languages: ['english', 'cantonese'] },
    });
    ({ op, kiosk } = stage);
  });
  afterAll(async () => {
    await stage?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  const o = (id: string) => op.getByTestId(id);
  const k = (id: string) => kiosk.getByTestId(id);
  const axe = async (page: Page, label: string) => found.push(...(await axeViolations(page, label)));

  it('uploads a PDF and a DOCX, scans both to Ready, and the test panel answers with the source', async () => {
    const pdf = path.join(tmp, 'visitor-guide.pdf');
    const docx = path.join(tmp, '泊車指南.docx');
    await fs.writeFile(
      pdf,
      await pdfOf([
        [{ heading: 'Welcome to Riverside Hospital' }, { text: 'The main entrance is on River Road.' }],
        [{ heading: 'Visiting' }, { text: VISITING }, { text: 'Children under 12 visit with an adult.' }],
      ]),
    );
    await fs.writeFile(
      docx,
      await docxOf([
        { text: '泊車', style: 'Heading1' },
        { text: PARKING },
        { text: '電單車請泊喺C座入口旁邊。' },
      ]),
    );

    await o('nav-ai').click();
    await o('ai-nav-mrc').click();
    await o('mrc-page').waitFor();
    await o('mrc-upload').click();
    await o('mrc-upload-dialog').waitFor();
    await o('mrc-upload-input').setInputFiles([pdf, docx]);
    await expect.poll(() => o('mrc-upload-file').count()).toBe(2);
    await axe(op, 'mrc upload dialog');
    await o('mrc-upload-submit').click();
    await o('mrc-upload-created').waitFor({ timeout: 30_000 });
    await o('mrc-upload-close').click();

    // The scan job runs in the background; the table follows it to Ready without a reload.
    const table = o('mrc-table');
    await expect
      .poll(async () => ((await table.innerText()).match(/Ready/g) ?? []).length, { timeout: 60_000 })
      .toBe(2);
    expect(await table.innerText()).toContain('visitor-guide.pdf');
    expect(await table.innerText()).toContain('泊車指南.docx');
    await axe(op, 'mrc page');
    await screenshot(op, 'mrc-ready');

    await o('mrc-test-input').getByRole('textbox').fill('What are the visiting hours?');
    await o('mrc-test-ask').click();
    await expect
      .poll(() => o('mrc-test-answer').last().innerText(), { timeout: 15_000 })
      .toContain('2 pm to 8 pm');
    expect(await o('mrc-test-source').last().innerText()).toContain('visitor-guide.pdf');
    await o('mrc-test-show').last().click();
    await o('mrc-viewer').waitFor();
    expect(await o('mrc-viewer-highlight').first().innerText()).toContain('2 pm to 8 pm');
    await screenshot(op, 'mrc-viewer');
    await o('mrc-viewer-close').click();

    // The documents say where the entrance is, not when it opens: no answer, and the panel says why.
    await o('mrc-test-input').getByRole('textbox').fill('What time does the main entrance open?');
    await o('mrc-test-ask').click();
    await expect
      .poll(() => o('mrc-test-no-answer').last().innerText(), { timeout: 15_000 })
      .toMatch(
        /^The question asks for a time, and the sentence the best passage \(score [\d.]+\) would quote/,
      );
    await screenshot(op, 'mrc-no-answer-asked-for');
  });

  it('switches the topic filter on for politics on /talk', async () => {
    await o('nav-talk').click();
    await o('small-talk-page').waitFor();
    await o('small-talk-starter').waitFor();
    // The switch flips once the server has saved it.
    await o('small-talk-switch-is_enabled_topic_filter').click();
    await expect.poll(() => o('small-talk-switch-is_enabled_topic_filter').isChecked()).toBe(true);
    await o('small-talk-open-filter').click();
    await o('topic-filter-dialog').waitFor();
    await o('topic-filter-language-english').click();
    await o('topic-filter-topics-input').fill('politics');
    await o('topic-filter-topics-input').press('Enter');
    await o('topic-filter-text').fill(DECLINE);
    await axe(op, 'topic filter dialog');
    await o('topic-filter-save').click();
    await o('topic-filter-dialog').waitFor({ state: 'detached' });
    await axe(op, 'small talk page');
    await screenshot(op, 'small-talk');
  });

  it('a paired kiosk answers from the documents with their source, chats, and declines politics', async () => {
    const lastBot = () => k('kiosk-message-bot').last();
    const ask = async (text: string, answeredBy: string) => {
      const before = await k('kiosk-message-bot').count();
      await k('kiosk-input').fill(text);
      await k('kiosk-send').click();
      await expect.poll(() => k('kiosk-message-bot').count(), { timeout: 15_000 }).toBe(before + 1);
      expect(await lastBot().getAttribute('data-answered-by')).toBe(answeredBy);
      return lastBot();
    };

    await k('kiosk-start-english').click();
    await k('kiosk-input').waitFor();
    const fromPdf = await ask('What are the visiting hours?', 'document');
    expect(await fromPdf.innerText()).toContain('2 pm to 8 pm');
    expect(await fromPdf.getByTestId('kiosk-answer-source').innerText()).toBe(
      'From visitor-guide.pdf, page 2',
    );
    const hello = await ask('hello', 'small_talk');
    expect((await hello.innerText()).length).toBeGreaterThan(0);
    const declined = await ask('What do you think about politics?', 'declined');
    expect(await declined.innerText()).toContain(DECLINE);
    await axe(kiosk, 'kiosk document answer');
    await screenshot(kiosk, 'kiosk-document-answer');

    // In Cantonese, from the Word document.
    await k('kiosk-end').click();
    await k('kiosk-start-cantonese').click();
    await k('kiosk-input').waitFor();
    const parking = await ask('停車場喺邊度？', 'document');
    expect(await parking.innerText()).toContain('B座地庫');
    expect(await parking.getByTestId('kiosk-answer-source').innerText()).toContain('泊車指南.docx');

    // The conversations are logged with what answered them.
    await o('nav-conversation').click();
    await expect
      .poll(() => op.locator('main').innerText(), { timeout: 15_000 })
      .toContain('What are the visiting hours?');
  });

  it('leaves no browser errors and no accessibility violations', () => {
    expect(stage.errors).toEqual([]);
    expect(found, describeViolations(found)).toEqual([]);
  });
});
