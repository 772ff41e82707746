import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerState } from '@ambassador/contracts';
import { portraitJpeg } from '../../apps/server/src/test/portrait-fixtures.js';
import { axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Avatar-Admin-Passw0rd!' };
const QUESTION = 'When do you open?';

/**
 * Virtual avatars end to end in Chromium (WebGL through SwiftShader, as headless Chromium has it
 * here): the operator makes an avatar from a generated portrait (no real person's photo), plays a
 * gesture and a lip-synced sentence in the motion browser (the mouth read from the player's
 * state), puts it in use, and the paired kiosk shows it idling, listening and speaking an answer
 * with the topic's gesture; without WebGL the player shows the still portrait with captions.
 */
describe('virtual avatars: made in the console, worn by the kiosk', () => {
  let stage: Stage;
  let op: Page;
  let kiosk: Page;
  let portrait: string;
  let deviceId: number;

  beforeAll(async () => {
    stage = await openStage({
      admin: ADMIN,
      device: { description: 'Avatar Lobby', languages: ['english', 'cantonese'] },
      browserArgs: ['--autoplay-policy=no-user-gesture-required'],
    });
    ({ op, kiosk } = stage);
    // Admin Settings answers the device made as `{device, device_key}`.
    deviceId = (stage.device as unknown as { device: { id: number } }).device.id;
    portrait = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'avatar-e2e-')), 'portrait.jpg');
    await fs.writeFile(portrait, await portraitJpeg());
    // A topic with a spoken answer and a gesture, for the kiosk.
    const category = await stage.api.post<{ category_id: number }>('/ai_config/intents/category', {
      device_id: deviceId,
      name: 'Visitors',
    });
    const topic = await stage.api.post<{ id: number }>('/ai_config/intents/intent', {
      device_id: deviceId,
      name: 'Opening hours',
      category_id: category.category_id,
    });
    await stage.api.post('/ai_config/intents/keywords', {
      device_id: deviceId,
      intent_id: topic.id,
      language: 'english',
      text: 'when do you open',
    });
    await stage.api.post('/ai_config/intents/responses', {
      device_id: deviceId,
      intent_id: topic.id,
      language: 'english',
      device_type: 'ambassador',
      response_aim: 'give_info',
      response_type: 'text',
      speech: 'We open every day from ten in the morning until ten at night.',
      contents: [{ type: 'text', values: ['We open every day, 10:00 to 22:00.'] }],
    });
    const res = await fetch(`${stage.server.url}/admin_panel/ai_config/intents/avatar_motion`, {
      method: 'PUT',
      headers: stage.api.headers,
      body: JSON.stringify({ device_id: deviceId, intent_id: topic.id, motion: 'bow' }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await stage?.close();
  });

  const o = (id: string) => op.getByTestId(id);
  const snackbar = (text: string) =>
    expect.poll(() => o('snackbar').innerText(), { timeout: 20_000 }).toContain(text);
  const playerFrame = (page: Page): Frame | undefined =>
    page.frames().find((f) => f.url().includes('/avatar-player/'));
  const stateOf = async (page: Page): Promise<PlayerState | null> => {
    const frame = playerFrame(page);
    if (!frame) return null;
    return frame.evaluate(() => (window as unknown as { __avatarState?: PlayerState }).__avatarState ?? null);
  };
  const readyIn = (page: Page) =>
    expect.poll(async () => (await stateOf(page))?.ready ?? false, { timeout: 30_000 }).toBe(true);
  /** Samples the player's mouth every 50 ms for `ms`. */
  const mouthOver = async (page: Page, ms: number) => {
    const frame = playerFrame(page)!;
    return frame.evaluate(
      (span) =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [];
          const timer = setInterval(() => {
            seen.push((window as unknown as { __avatarState: PlayerState }).__avatarState.mouth);
          }, 50);
          setTimeout(() => {
            clearInterval(timer);
            resolve(seen);
          }, span);
        }),
      ms,
    );
  };
  // Each screen is checked where it is shown: a test's own violations fail that test.
  const check = async (page: Page, label: string) => {
    const violations = await axeViolations(page, label);
    expect(violations, describeViolations(violations)).toEqual([]);
  };

  it('creates an avatar from a generated portrait: the face is checked, then it is made with progress', async () => {
    await op.goto('/interface');
    await o('avatar-link').click();
    await op.waitForURL('**/interface/avatar');
    await o('avatar-page').waitFor();
    await check(op, 'avatar page (empty)');
    await o('avatar-create').click();
    await o('avatar-create-dialog').waitFor();
    await o('avatar-photo-input').setInputFiles(portrait);
    await o('avatar-face-ok').waitFor({ timeout: 30_000 });
    await o('avatar-new-name').fill('Ada');
    await check(op, 'create avatar dialog');
    await screenshot(op, 'avatar-create-en');
    await o('avatar-submit').click();
    await snackbar('The avatar is being made');
    const card = op.locator('[data-testid^="avatar-card-"]').first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('ready');
    await screenshot(op, 'avatar-list-en');
  });

  it('refuses a photo without a face, saying why and how to retake it', async () => {
    await o('avatar-create').click();
    await o('avatar-photo-input').setInputFiles({
      name: 'wall.png',
      mimeType: 'image/png',
      buffer: await (
        await import('sharp')
      )
        .default({
          create: { width: 600, height: 800, channels: 3, background: '#9ab' },
        })
        .png()
        .toBuffer(),
    });
    await o('avatar-refusal').waitFor({ timeout: 30_000 });
    expect(await o('avatar-refusal').innerText()).toMatch(/No face was found.*facing the camera/s);
    expect(await o('avatar-submit').isDisabled()).toBe(true);
    await check(op, 'create avatar dialog (refused)');
    await o('dialog-cancel').click();
  });

  it('plays a gesture and a lip-synced sentence in the motion browser', async () => {
    const card = op.locator('[data-testid^="avatar-card-"]').first();
    await card.getByTestId('avatar-motions').click();
    await o('avatar-motion-browser').waitFor();
    await o('avatar-preview-frame').waitFor();
    await readyIn(op);
    expect((await stateOf(op))?.renderer).toBe('webgl');
    expect((await stateOf(op))?.idles).toEqual(['breathe', 'look_around', 'sway']);
    await o('avatar-motion-nod').click();
    await expect.poll(async () => (await stateOf(op))?.motion, { timeout: 5_000 }).toBe('nod');
    await o('avatar-lip-sync').click();
    await o('avatar-sentences').waitFor();
    await check(op, 'motion browser');
    await o('avatar-sentence-english-1').click();
    await expect.poll(async () => (await stateOf(op))?.speaking, { timeout: 10_000 }).toBe(true);
    const mouth = await mouthOver(op, 1500);
    // The mouth opens wide and closes again between syllables.
    expect(Math.max(...mouth)).toBeGreaterThan(0.3);
    expect(mouth.filter((m) => m < 0.1).length).toBeGreaterThan(0);
    expect(new Set(mouth.map((m) => Math.round(m * 10))).size).toBeGreaterThan(3);
    await screenshot(op, 'avatar-motion-browser-en');
    await expect.poll(async () => (await stateOf(op))?.speaking, { timeout: 15_000 }).toBe(false);
    await o('avatar-browser-close').click();
    await o('avatar-motion-browser').waitFor({ state: 'detached' });
  });

  it('puts it in use, and the paired kiosk shows it idling on the start screen', async () => {
    const card = op.locator('[data-testid^="avatar-card-"]').first();
    await card.getByTestId('avatar-in-use').click();
    await snackbar('Ada is now in use');
    await kiosk.getByTestId('kiosk-avatar').waitFor({ timeout: 15_000 });
    await readyIn(kiosk);
    const state = (await stateOf(kiosk))!;
    expect(state.renderer).toBe('webgl');
    expect(state.motion).toBeNull();
    await screenshot(kiosk, 'avatar-kiosk-start');
  });

  it('speaks an answer on the kiosk with lip sync and the topic’s gesture', async () => {
    await kiosk.getByTestId('kiosk-start-english').click();
    await kiosk.getByTestId('kiosk-input').waitFor();
    await readyIn(kiosk);
    await kiosk.getByTestId('kiosk-input').fill(QUESTION);
    await kiosk.getByTestId('kiosk-send').click();
    await kiosk.getByTestId('kiosk-message-bot').first().waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await stateOf(kiosk))?.motion, { timeout: 10_000 }).toBe('bow');
    await expect.poll(async () => (await stateOf(kiosk))?.speaking, { timeout: 15_000 }).toBe(true);
    const mouth = await mouthOver(kiosk, 1500);
    expect(Math.max(...mouth)).toBeGreaterThan(0.3);
    expect((await stateOf(kiosk))?.caption).toMatch(/ten in the morning/);
    await screenshot(kiosk, 'avatar-kiosk-speaking');
  });

  it('shows a still portrait with captions where WebGL is missing', async () => {
    const browser = await launchBrowser(['--disable-3d-apis', '--autoplay-policy=no-user-gesture-required']);
    try {
      const page = await browser.newPage({ viewport: { width: 600, height: 800 } });
      const preview = await (
        await fetch(
          `${stage.server.url}/admin_panel/ai_config/intents/avatar_motion/preview?device_id=${deviceId}`,
          { headers: stage.api.headers },
        )
      ).json();
      await page.goto(`${stage.server.url}${preview.data.player_url}`);
      await page.waitForFunction(
        () => (window as unknown as { __avatarState: PlayerState }).__avatarState.ready,
      );
      expect(
        await page.evaluate(
          () => (window as unknown as { __avatarState: PlayerState }).__avatarState.renderer,
        ),
      ).toBe('still');
      await page.evaluate(
        (url) => window.postMessage({ type: 'avatar:speak', url, text: 'Hello! Welcome.' }, location.origin),
        preview.data.sentences[0].url,
      );
      await page.getByText('Hello! Welcome.').waitFor();
      await screenshot(page, 'avatar-still-fallback');
    } finally {
      await browser.close();
    }
  });

  it('the kiosk loses the avatar at once when it is deleted, and goes on answering', async () => {
    await op.goto('/interface/avatar');
    const card = op.locator('[data-testid^="avatar-card-"]').first();
    await card.getByTestId('avatar-delete').click();
    await o('delete-dialog').waitFor();
    expect(await o('delete-dialog-body').innerText()).toBe(
      'This avatar will be permanently deleted. This cannot be undone.',
    );
    await check(op, 'delete avatar dialog');
    await o('delete-confirm').click();
    await snackbar('Avatar deleted');
    await kiosk.getByTestId('kiosk-avatar').waitFor({ state: 'detached', timeout: 15_000 });
    const before = await kiosk.getByTestId('kiosk-message-bot').count();
    await kiosk.getByTestId('kiosk-input').fill(QUESTION);
    await kiosk.getByTestId('kiosk-send').click();
    await expect
      .poll(() => kiosk.getByTestId('kiosk-message-bot').count(), { timeout: 15_000 })
      .toBe(before + 1);
  });

  it('the avatar screen and its dialogs in Traditional and Simplified Chinese', async () => {
    for (const lang of ['zhHant', 'zhHans'] as const) {
      await o('language-select').selectOption(lang);
      await op.waitForFunction(
        (l) => document.documentElement.lang === l,
        lang === 'zhHant' ? 'zh-Hant' : 'zh-Hans',
      );
      await o('avatar-page').waitFor();
      await o('avatar-create').click();
      await o('avatar-create-dialog').waitFor();
      await check(op, `create avatar dialog (${lang})`);
      await screenshot(op, `avatar-create-${lang}`);
      await o('dialog-cancel').click();
    }
  });

  it('logged no browser errors', async () => {
    await o('language-select').selectOption('en');
    expect(stage.errors).toEqual([]);
  });
});
