import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, type Violation } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { ffmpegVideo, solidPng } from '../support/media.js';
import { openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Event-Admin-Passw0rd!' };
const DEVICE = 'Harbour Gallery Kiosk';
const QUIZ = 'Ocean Facts';
const EVENT = 'Ocean Day';
const QUESTION = { title: 'Largest ocean', text: 'Which is the largest ocean?' };
const ANSWERS = ['Atlantic', 'Pacific', 'Indian'];
const RIGHT = 1;
const WRONG = 0;
const RETRY_TEXT = 'Not quite, have another go!';
const SCRIPT = 'The tide turns in three seconds: get ready for the quiz.';

/**
 * Issue 16 "Done when", in Chromium: an operator builds a quiz and an event with all four activity
 * kinds on /event (through the console only), makes it current, and a paired kiosk runs it to the
 * end (the video, the announcement's countdown, the quiz answered wrong then right, the assistant
 * with Continue event) while the console's control mode follows the run live; the results then
 * show that run, and export it as xlsx.
 */
describe('events: the console builds an event, a paired kiosk runs it, the results show it', () => {
  let stage: Stage;
  let op: Page;
  let kiosk: Page;
  let tmp = '';
  let eventId = 0;
  let runId = 0;
  const found: Violation[] = [];

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-events-'));
    stage = await openStage({
      admin: ADMIN,
      device: { description: DEVICE, languages: ['english', 'cantonese'] },
      browserArgs: ['--autoplay-policy=no-user-gesture-required'],
    });
    ({ op, kiosk } = stage);
  });
  afterAll(async () => {
    await stage?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  const o = (id: string) => op.getByTestId(id);
  const k = (id: string) => kiosk.getByTestId(id);
  const snackbar = (text: string) =>
    expect.poll(() => o('snackbar').innerText(), { timeout: 15_000 }).toContain(text);
  const axe = async (page: Page, label: string) => found.push(...(await axeViolations(page, label)));
  /** Waits until a dialog has gone (closed and faded out). */
  const gone = (dialog: Locator) => dialog.waitFor({ state: 'detached' });
  /** Nothing sticks out sideways: the page has no horizontal scroll bar. */
  const fitsWidth = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  /** The control view's row of the run, as the operator reads it. */
  const controlRow = () => o(`control-run-${runId}`).innerText();

  /** Creates an event in English from the events list; answers its editor, open in add mode. */
  async function createEvent(title: string, { checkA11y = false } = {}) {
    await o('add-event').click();
    await o('event-naming-dialog').waitFor();
    await o('event-naming-title').fill(title);
    // The device's languages come chosen; this event plays in English only.
    await o('event-naming-language-cantonese').uncheck();
    if (checkA11y) await axe(op, 'create event dialog');
    await o('event-naming-submit').click();
    await snackbar(`Event “${title}” created`);
    const editor = o('event-dialog');
    await expect.poll(() => editor.getAttribute('data-mode'), { timeout: 10_000 }).toBe('add');
    return editor;
  }

  async function uiLanguage(lang: 'en' | 'zhHant') {
    await o('language-select').selectOption(lang);
    await op.waitForFunction((l) => document.documentElement.lang === l, lang === 'en' ? 'en' : 'zh-Hant');
  }

  it('builds a quiz in the quiz library: one question, three buttons, two attempts, the retry page on', async () => {
    await op.goto('/event?tab=quiz');
    await o('quiz-library').waitFor();
    await op.getByText('No quizzes yet').waitFor();
    await axe(op, '/event quiz library (empty)');

    await o('quiz-add').click();
    await o('quiz-dialog').waitFor();
    await o('quiz-name').fill(QUIZ);
    // The device's languages come chosen, as an event's do; this quiz is in English only.
    expect(await o('quiz-language-english').getAttribute('aria-pressed')).toBe('true');
    await o('quiz-language-cantonese').click();
    await axe(op, 'add quiz dialog');
    await o('dialog-submit').click();
    await snackbar(`Quiz added: ${QUIZ}`);
    await gone(o('quiz-dialog'));

    // The new quiz's detail opens below the list: add its question.
    await o('quiz-detail').getByText(QUIZ).waitFor();
    await o('quiz-add-question').click();
    const question = o('question-dialog');
    await question.waitFor();
    await o('question-title').fill(QUESTION.title);
    await o('question-max-attempt').fill('2');
    await o('question-text').fill(QUESTION.text);
    // Buttons fill whole rows: three columns make one row of three.
    await o('question-columns').selectOption('3');
    expect(await o('question-button').count()).toBe(3);
    for (const [i, text] of ANSWERS.entries()) await o(`question-button-text-${i}`).fill(text);
    await o(`question-button-correct-${RIGHT}`).check();
    await axe(op, 'question dialog');
    await screenshot(op, 'event-quiz-question-en');
    await question.getByTestId('dialog-submit').click();
    await snackbar(`Question saved: ${QUESTION.title}`);
    await gone(question);
    await o('quiz-detail').getByText('Ready in every language of the quiz').waitFor();

    await o('quiz-general-pages').click();
    const pages = o('general-pages-dialog');
    await pages.waitFor();
    await o('quiz-page-retry-on').check();
    await o('quiz-page-retry-text').fill(RETRY_TEXT);
    await axe(op, 'general pages dialog');
    await pages.getByTestId('dialog-submit').click();
    await snackbar('General pages saved');
    await gone(pages);

    // The list says the quiz has one question and is ready in English.
    const row = o('quiz-table').getByRole('row', { name: new RegExp(QUIZ) });
    await expect
      .poll(() => row.innerText(), { timeout: 10_000 })
      .toMatch(/English\s+1\s+No events\s+English/);
    await axe(op, '/event quiz library with a quiz');
    await fitsWidth(op);
    await screenshot(op, 'event-quiz-library-en');
  });

  it('refuses an event whose video has no upload: Fields incompleted, the fields and the tab marked', async () => {
    await o('event-tab-events').click();
    await op.getByText('No events yet').waitFor();
    const editor = await createEvent('Harbour Night', { checkA11y: true });

    await o('activity-add-video').click();
    await o('activity-english-0-once').check();
    // A file that is no video: refused, and the activity stays without one.
    await o('activity-english-0-input').setInputFiles({
      name: 'harbour-night.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('this is not a video at all, only text with a video name'),
    });
    await expect
      .poll(() => o('activity-english-0-video-problem').innerText(), { timeout: 15_000 })
      .toContain('harbour-night.mp4 was not uploaded');
    expect(await o('activity-english-0-video').count()).toBe(0);

    await o('event-save').click();
    await snackbar('Fields incompleted');
    await o('activity-english-0').getByText('Fields to fix', { exact: true }).waitFor();
    expect(await o('event-language-english').textContent()).toContain('English (fields to fix)');
    await axe(op, 'event editor with marked fields');
    await screenshot(op, 'event-editor-incomplete-en');

    // Leaving asks first; quitting drops the draft (the event keeps its empty flow).
    await o('dialog-cancel').click();
    await o('quit-editing-dialog').waitFor();
    await axe(op, 'quit editing dialog');
    await o('quit-editing-confirm').click();
    await gone(editor);

    // Making it current is refused by the server's save rules: the editor opens on what to fix.
    const row = o('events-table').getByRole('row', { name: /Harbour Night/ });
    await row.getByRole('button', { name: 'Make current: Harbour Night' }).click();
    await snackbar('Fields incompleted');
    await expect.poll(() => o('event-dialog').getAttribute('data-mode'), { timeout: 10_000 }).toBe('edit');
    await expect
      .poll(() => o('flow-english-empty').innerText(), { timeout: 10_000 })
      .toBe('Add at least one activity');
    expect(await o('flow-english-empty').getAttribute('role')).toBe('alert');
    await o('dialog-cancel').click();
    await gone(o('event-dialog'));
    expect(await o('event-current').count()).toBe(0);

    await row.getByRole('button', { name: 'Delete: Harbour Night' }).click();
    await o('delete-dialog').waitFor();
    await axe(op, 'delete event dialog');
    await o('delete-confirm').click();
    await gone(o('delete-dialog'));
    await op.getByText('No events yet').waitFor();
  });

  it('builds an event with a video, an announcement, the quiz and the assistant, and makes it current', async () => {
    const [mp4, png] = [await ffmpegVideo('mp4', 1), await solidPng(240, 135, 'rgb(10, 90, 160)')];
    const editor = await createEvent(EVENT);

    // 1. The video, played twice (one extra play).
    await o('activity-add-video').click();
    await o('activity-english-0-repeat').check();
    await o('activity-english-0-repeat-times').fill('1');
    await o('activity-english-0-input').setInputFiles({
      name: 'ocean-welcome.mp4',
      mimeType: 'video/mp4',
      buffer: mp4,
    });
    await o('activity-english-0-video').waitFor({ timeout: 30_000 });
    // 2. The announcement, with a countdown and an image.
    await o('activity-add-tts').click();
    await o('activity-english-1-script').fill(SCRIPT);
    await o('activity-english-1-speech').fill('The tide turns in three seconds.');
    await o('activity-english-1-countdown-switch').check();
    await o('activity-english-1-countdown').fill('3');
    await o('activity-english-1-image-input').setInputFiles({
      name: 'tide.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await o('activity-english-1-image').waitFor({ timeout: 15_000 });
    // 3. The quiz; 4. the assistant.
    await o('activity-add-quiz').click();
    await o('activity-english-2').getByRole('combobox', { name: /Quiz/ }).click();
    await op.getByRole('option', { name: QUIZ }).click();
    await o('activity-add-nlp').click();
    expect(await o('activity').count()).toBe(4);
    // The editor scrolls its flow, never itself: the title and Save stay in sight.
    const paper = editor.locator('.MuiDialog-paper');
    expect(await paper.evaluate((p) => p.scrollHeight - p.clientHeight)).toBe(0);
    await axe(op, 'event editor with four activities');
    await screenshot(op, 'event-editor-en');

    await o('event-save').click();
    await snackbar(`Event “${EVENT}” saved`);
    await gone(editor);

    const row = o('events-table').getByRole('row', { name: new RegExp(EVENT) });
    eventId = Number((await row.getAttribute('data-testid'))!.replace('event-row-', ''));
    expect(eventId).toBeGreaterThan(0);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('Complete');
    await o(`event-make-current-${eventId}`).click();
    await snackbar(`“${EVENT}” is now current`);
    await row.getByTestId('event-current').waitFor();
    await axe(op, '/event events list with the current event');
    await screenshot(op, 'event-list-en');

    // The paired kiosk offers it at once (event:active), without a reload.
    await k('event-offer').waitFor();
    expect(await k('event-offer').innerText()).toContain(EVENT);
    await axe(kiosk, 'kiosk start screen with the event');
    await screenshot(kiosk, 'kiosk-event-offer');
  });

  it('runs the event on the kiosk to its end while the console follows it in control mode', async () => {
    await o(`event-control-${eventId}`).click();
    await expect.poll(() => o('event-dialog').getAttribute('data-mode'), { timeout: 10_000 }).toBe('control');
    await op.getByText('No one is playing this event right now.').waitFor();

    // Each end of the event's video, counted as the kiosk plays it.
    await kiosk.evaluate(() => {
      const w = window as unknown as { videoEnds: number };
      w.videoEnds = 0;
      document.addEventListener('ended', () => w.videoEnds++, true);
    });
    const answers: boolean[] = [];
    kiosk.on('response', (res) => {
      if (/\/event_runs\/\d+\/answers$/.test(res.url()))
        void res.json().then((body: { data: { correct: boolean } }) => answers.push(body.data.correct));
    });
    const [started] = await Promise.all([
      kiosk.waitForResponse((r) => r.url().endsWith('/device_api/v1/event_runs') && r.status() === 200),
      k('event-start').click(),
    ]);
    runId = ((await started.json()) as { data: { run_id: number } }).data.run_id;

    // The video, full screen, played twice.
    await k('event-video').waitFor();
    expect(await k('event-video').getAttribute('data-plays')).toBe('2');
    await o(`control-run-${runId}`).waitFor();
    await screenshot(kiosk, 'kiosk-event-video');
    await axe(kiosk, 'kiosk event video');

    // The announcement: script, image and the countdown from 3.
    await k('event-tts').waitFor({ timeout: 15_000 });
    expect(await kiosk.evaluate(() => (window as unknown as { videoEnds: number }).videoEnds)).toBe(2);
    expect(await k('event-tts').innerText()).toContain(SCRIPT);
    await kiosk.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="event-tts"] img');
      return img !== null && img.complete && img.naturalWidth === 240;
    });
    // Live within the three seconds of the countdown.
    await expect.poll(controlRow, { timeout: 3_000 }).toMatch(/English\s+2\. Announcement\s+Countdown/);
    await axe(kiosk, 'kiosk event announcement');
    await screenshot(kiosk, 'kiosk-event-tts');
    await expect
      .poll(() => k('event-countdown').getAttribute('data-seconds'), { timeout: 5_000 })
      .toMatch(/^[0-2]$/);

    // The quiz: wrong first (the retry page), right at the second attempt.
    const question = k('quiz-question');
    await question.waitFor({ timeout: 10_000 });
    expect(await question.innerText()).toContain(QUESTION.text);
    expect(await k(`quiz-answer-${RIGHT}`).innerText()).toBe(ANSWERS[RIGHT]);
    await expect.poll(controlRow, { timeout: 10_000 }).toMatch(/3\. Quiz\s+Question 1 of 1/);
    await axe(kiosk, 'kiosk quiz question');
    await screenshot(kiosk, 'kiosk-event-quiz');
    await axe(op, 'control mode with a live run');
    await screenshot(op, 'event-control-en');

    await k(`quiz-answer-${WRONG}`).click();
    await k('quiz-page-retry').waitFor();
    expect(await k('quiz-page-retry').innerText()).toContain(RETRY_TEXT);
    await expect.poll(controlRow, { timeout: 10_000 }).toMatch(/3\. Quiz\s+Retry page, question 1 of 1/);
    await axe(kiosk, 'kiosk quiz retry page');
    await screenshot(kiosk, 'kiosk-event-retry');
    await k('event-next').click();
    await expect.poll(() => question.getAttribute('data-attempt'), { timeout: 10_000 }).toBe('2');
    await k('quiz-retry').waitFor();
    await k(`quiz-answer-${RIGHT}`).click();

    // The assistant: the question screen with Continue event.
    await k('event-continue').waitFor({ timeout: 10_000 });
    await expect.poll(controlRow, { timeout: 10_000 }).toMatch(/4\. Ask the assistant/);
    await fitsWidth(kiosk);
    await axe(kiosk, 'kiosk event assistant step');
    await screenshot(kiosk, 'kiosk-event-nlp');
    await k('event-continue').click();

    // Back to the start screen, the event still on offer; the run leaves the control view.
    await k('kiosk-start-english').waitFor();
    await k('event-offer').waitFor();
    await o(`control-run-${runId}`).waitFor({ state: 'detached' });
    await op.getByText('No one is playing this event right now.').waitFor();
    expect(answers).toEqual([false, true]);
    await o('dialog-cancel').click();
    await gone(o('event-dialog'));
  });

  it('shows the run in the results: one started, one finished, the question right; exports xlsx', async () => {
    const results = o('results-dialog');
    await o(`event-results-${eventId}`).click();
    await results.waitFor();
    await expect.poll(() => o('results-started').innerText(), { timeout: 10_000 }).toBe('1');
    expect(await o('results-finished').innerText()).toBe('1');
    expect(await o('results-finish-rate').innerText()).toBe('100%');
    const row = o('results-questions').getByRole('row', { name: new RegExp(QUESTION.title) });
    expect(await row.innerText()).toMatch(/100% \(1 of 1\)/);
    await o('results-drop-off-english').waitFor();
    await axe(op, 'event results dialog');
    await screenshot(op, 'event-results-en');
    await o('results-questions').scrollIntoViewIfNeeded();
    await screenshot(op, 'event-results-questions-en');

    const [download] = await Promise.all([op.waitForEvent('download'), o('results-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    // An xlsx is a zip; its sheets are checked cell by cell in the server's tests.
    expect((await fs.readFile(file)).subarray(0, 2).toString()).toBe('PK');
    await o('dialog-cancel').click();
    await gone(results);
  });

  it('reads in Traditional Chinese: the events list, the results and the quiz library', async () => {
    await uiLanguage('zhHant');
    await o(`event-results-${eventId}`).click();
    await o('results-dialog').waitFor();
    await expect.poll(() => o('results-started').innerText(), { timeout: 10_000 }).toBe('1');
    await axe(op, 'event results dialog in zhHant');
    await screenshot(op, 'event-results-zhHant');
    await o('dialog-cancel').click();
    await gone(o('results-dialog'));
    await axe(op, '/event events list in zhHant');
    await screenshot(op, 'event-list-zhHant');

    await o(`event-edit-${eventId}`).click();
    await expect.poll(() => o('event-dialog').getAttribute('data-mode'), { timeout: 10_000 }).toBe('edit');
    await o('activity-english-0-video').waitFor();
    await axe(op, 'event editor in zhHant');
    await screenshot(op, 'event-editor-zhHant');
    await o('dialog-cancel').click();
    await gone(o('event-dialog'));

    await o('event-tab-quiz').click();
    await o('quiz-table').getByText(QUIZ).waitFor();
    await axe(op, '/event quiz library in zhHant');
    await screenshot(op, 'event-quiz-library-zhHant');
    await uiLanguage('en');
    expect(found, describeViolations(found)).toEqual([]);
  });

  it('had no errors in either browser', () => {
    expect(stage.errors).toEqual([]);
  });
});
