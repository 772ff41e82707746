import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, type Violation } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { solidPng } from '../support/media.js';
import { openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Locations-Admin-Passw0rd!' };
const DEVICE = 'Riverside Hospital Lobby';
/** The floor plan: 800 × 400 px. */
const PLAN = { width: 800, height: 400 };

/**
 * Issue 18 "Done when", in Chromium: an operator uploads a floor plan on /ai/location/maps, places
 * two locations on it by clicking the map in the location dialog, and a paired kiosk asked "where
 * is …" in Cantonese and in English shows the map with the right point.
 */
describe('locations and maps: a floor plan, two places clicked on it, a kiosk pointing at them', () => {
  let stage: Stage;
  let op: Page;
  let kiosk: Page;
  let tmp = '';
  const found: Violation[] = [];

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-locations-'));
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

  it('uploads a floor plan from AI Configuration → Locations and Maps', async () => {
    const plan = path.join(tmp, 'ground-floor.png');
    await fs.writeFile(plan, await solidPng(PLAN.width, PLAN.height, 'rgb(230, 236, 245)'));

    await o('nav-ai').click();
    await o('ai-nav-location').click();
    await o('location-page').waitFor();
    await o('location-section-maps').click();
    await o('maps-panel').waitFor();
    await o('maps-empty').waitFor();
    await o('map-upload-input').setInputFiles(plan);
    await o('map-name-dialog').waitFor();
    expect(await o('map-name-input').locator('input').inputValue()).toBe('ground-floor');
    await o('map-name-input').locator('input').fill('Ground floor');
    await axe(op, 'map name dialog');
    await o('map-save').click();
    await o('map-name-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => op.locator('[data-testid^="map-card-"]').count(), { timeout: 20_000 }).toBe(1);
    expect(await op.locator('[data-testid^="map-card-"]').first().innerText()).toContain('Ground floor');
    await axe(op, 'maps panel');

    // This device stands at the bottom middle of the plan: its kiosk's "you are here".
    await op.locator('[data-testid^="map-here-"]').first().click();
    await o('kiosk-position-dialog').waitFor();
    const area = o('kiosk-position-picker-area');
    await area.locator('img').waitFor();
    await expect
      .poll(() => area.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(PLAN.width);
    const box = (await area.boundingBox())!;
    await op.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.9);
    await axe(op, 'kiosk position dialog');
    await o('kiosk-position-save').click();
    await o('kiosk-position-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => op.locator('[data-testid^="map-card-"]').first().innerText())
      .toContain('This device is here');
  });

  /** Adds a location with a Cantonese name, clicking the plan at (x, y) as fractions of it. */
  async function addLocation(name: string, cantonese: string, x: number, y: number) {
    await o('add-location').click();
    await o('location-dialog').waitFor();
    await o('location-name-input').fill(name);
    await o('location-detail-name').fill(name);
    await o('location-locale-cantonese').click();
    await o('location-detail-name').fill(cantonese);
    await o('location-map-select').click();
    await op.getByRole('option', { name: 'Ground floor' }).click();
    // The menu (and its invisible backdrop, which fades out) is gone before the map is clicked.
    await op.locator('.MuiMenu-root').waitFor({ state: 'detached' });
    const area = o('location-point-area');
    await area.locator('img').waitFor();
    await expect
      .poll(() => area.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(PLAN.width);
    // The map sits at the bottom of the dialog: in view before it is clicked.
    await area.scrollIntoViewIfNeeded();
    const box = (await area.boundingBox())!;
    await op.mouse.click(box.x + box.width * x, box.y + box.height * y);
    const marker = o('location-point-marker');
    expect(Number(await marker.getAttribute('data-x'))).toBeCloseTo(x, 2);
    expect(Number(await marker.getAttribute('data-y'))).toBeCloseTo(y, 2);
    // The keyboard nudges it: one step right and back.
    await marker.focus();
    await op.keyboard.press('ArrowRight');
    await op.keyboard.press('ArrowLeft');
    expect(Number(await marker.getAttribute('data-x'))).toBeCloseTo(x, 2);
    await o('location-save').click();
    await o('location-dialog').waitFor({ state: 'detached' });
  }

  it('places two locations by clicking on the map', async () => {
    await o('location-section-locations').click();
    await o('locations-panel').waitFor();
    await addLocation('Pharmacy', '藥房', 0.25, 0.5);
    await axe(op, 'locations table');
    await addLocation('X-ray', 'X光室', 0.75, 0.25);
    await expect.poll(() => op.locator('[data-testid^="location-row-"]').count()).toBe(2);
    const table = await o('location-table').innerText();
    expect(table).toContain('Pharmacy');
    expect(table).toContain('X-ray');
    expect(table).toContain('Ground floor');
    await screenshot(op, 'locations-e2e-table');
  });

  it('asks before Escape throws a half-filled location away: Keep editing keeps it, Quit closes', async () => {
    const rows = () => op.locator('[data-testid^="location-row-"]').count();
    const before = await rows();
    // Untouched, Escape closes at once.
    await o('add-location').click();
    await o('location-dialog').waitFor();
    await o('location-name-input').click();
    await op.keyboard.press('Escape');
    await o('location-dialog').waitFor({ state: 'detached' });

    await o('add-location').click();
    await o('location-dialog').waitFor();
    await o('location-name-input').fill('Cafeteria');
    await o('location-detail-address').fill('Ground floor, east wing');
    await op.keyboard.press('Escape');
    const ask = o('quit-editing-dialog');
    await ask.waitFor();
    expect(await ask.innerText()).toContain('Quit without saving?');
    await axe(op, 'quit editing dialog over the location dialog');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await o('location-name-input').inputValue()).toBe('Cafeteria');
    expect(await o('location-detail-address').inputValue()).toBe('Ground floor, east wing');

    await o('location-name-input').click();
    await op.keyboard.press('Escape');
    await o('quit-editing-confirm').click();
    await o('location-dialog').waitFor({ state: 'detached' });
    expect(await rows()).toBe(before);
  });

  /** The kiosk's answer to a question: the location answer with its map and point. */
  async function askKiosk(text: string) {
    const before = await k('kiosk-message-bot').count();
    await k('kiosk-input').fill(text);
    await k('kiosk-send').click();
    await expect.poll(() => k('kiosk-message-bot').count(), { timeout: 15_000 }).toBe(before + 1);
    const answer = k('kiosk-message-bot').last();
    expect(await answer.getAttribute('data-answered-by')).toBe('location');
    await answer.getByTestId('kiosk-location-map').waitFor();
    const at = async (id: string) => {
      const marker = answer.getByTestId(id);
      return {
        x: Number(await marker.getAttribute('data-x')),
        y: Number(await marker.getAttribute('data-y')),
      };
    };
    return { answer, point: await at('kiosk-location-poi'), here: await at('kiosk-you-are-here') };
  }

  it('a paired kiosk asked "where is" in Cantonese and in English shows the map with the right point', async () => {
    await k('kiosk-start-cantonese').click();
    await k('kiosk-input').waitFor();
    const xray = await askKiosk('X光室喺邊度？');
    expect(await xray.answer.innerText()).toContain('X光室');
    expect(xray.point.x).toBeCloseTo(0.75, 2);
    expect(xray.point.y).toBeCloseTo(0.25, 2);
    expect(xray.here.x).toBeCloseTo(0.5, 2);
    expect(xray.here.y).toBeCloseTo(0.9, 2);
    await axe(kiosk, 'kiosk location answer cantonese');
    await screenshot(kiosk, 'locations-kiosk-cantonese');

    await k('kiosk-end').click();
    await k('kiosk-start-english').click();
    await k('kiosk-input').waitFor();
    const pharmacy = await askKiosk('Where is the pharmacy?');
    expect(await pharmacy.answer.innerText()).toContain('Pharmacy');
    expect(pharmacy.point.x).toBeCloseTo(0.25, 2);
    expect(pharmacy.point.y).toBeCloseTo(0.5, 2);
    await screenshot(kiosk, 'locations-kiosk-english');
  });

  it('leaves no browser errors and no accessibility violations', () => {
    expect(stage.errors).toEqual([]);
    expect(found, describeViolations(found)).toEqual([]);
  });
});
