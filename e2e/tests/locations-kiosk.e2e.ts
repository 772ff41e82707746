import type { LocationMap } from '@ambassador/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, type Violation } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { floorPlan } from '../support/media.js';
import { openStage, type Stage } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Loc-Admin-Passw0rd!' };
const DEVICE = 'Harbour Hospital Lobby Kiosk';

/**
 * Issue 18 "Done when", kiosk side, in Chromium: a floor plan is uploaded and two locations placed
 * on it through the admin API, the kiosk's own position is set; a paired kiosk asked "where is …"
 * in Cantonese and in English shows the map with the right point and "you are here".
 */
describe('locations: a paired kiosk answers "where is …" with the map and the point', () => {
  let stage: Stage;
  let kiosk: Page;
  let map: LocationMap;
  const found: Violation[] = [];

  beforeAll(async () => {
    stage = await openStage({
      admin: ADMIN,
      device: { description: DEVICE, languages: ['english', 'cantonese'] },
    });
    ({ kiosk } = stage);
    const deviceId = (stage.device as unknown as { device: { id: number } }).device.id;
    const form = new FormData();
    form.append('data', JSON.stringify({ name: 'Ground floor' }));
    form.append(
      'file',
      new Blob([new Uint8Array(await floorPlan())], { type: 'image/png' }),
      'ground-floor.png',
    );
    const { 'content-type': _json, ...headers } = stage.api.headers;
    const res = await fetch(`${stage.server.url}/admin_panel/location_map/maps?device_id=${deviceId}`, {
      method: 'POST',
      headers,
      body: form,
    });
    const body = (await res.json()) as { data: LocationMap };
    expect(res.status, JSON.stringify(body)).toBe(200);
    map = body.data;
    const hours = [
      { day: 'weekdays', start: '00:00', end: '24:00' },
      { day: 'weekends', start: '00:00', end: '24:00' },
    ];
    await stage.api.post('/location_map/locations', {
      device_id: deviceId,
      name: 'Pharmacy',
      map_id: map.id,
      poi: { x: 0.25, y: 0.72 },
      aliases: ['chemist'],
      details: {
        english: { name: 'Pharmacy', address: 'Ground floor, Block A', opening_hours: hours },
        cantonese: { name: '藥房', address: 'A座地下' },
      },
    });
    await stage.api.post('/location_map/locations', {
      device_id: deviceId,
      name: 'X-ray room',
      map_id: map.id,
      poi: { x: 0.75, y: 0.28 },
      details: {
        english: { name: 'X-ray room', address: 'Ground floor, Block B' },
        cantonese: { name: 'X光室', address: 'B座地下' },
      },
    });
    const position = await fetch(`${stage.server.url}/admin_panel/location_map/kiosk_position`, {
      method: 'PUT',
      headers: stage.api.headers,
      body: JSON.stringify({ device_id: deviceId, map_id: map.id, poi: { x: 0.5, y: 0.9 } }),
    });
    expect(position.status).toBe(200);
  });
  afterAll(async () => {
    await stage?.close();
  });

  const k = (id: string) => kiosk.getByTestId(id);
  const ask = async (text: string) => {
    const before = await k('kiosk-message-bot').count();
    await k('kiosk-input').fill(text);
    await k('kiosk-send').click();
    await expect.poll(() => k('kiosk-message-bot').count(), { timeout: 15_000 }).toBe(before + 1);
    const answer = k('kiosk-message-bot').last();
    expect(await answer.getAttribute('data-answered-by')).toBe('location');
    return answer;
  };
  /** Where a marker's centre is on the shown map, as fractions of the map image's box. */
  const placed = async (answer: ReturnType<typeof k>, marker: string) => {
    const img = await answer.getByTestId('kiosk-location-map').boundingBox();
    const dot = await answer.getByTestId(marker).boundingBox();
    if (!img || !dot) throw new Error(`${marker} is not on screen`);
    return {
      x: (dot.x + dot.width / 2 - img.x) / img.width,
      y: (dot.y + dot.height / 2 - img.y) / img.height,
    };
  };

  it('asked in Cantonese, shows the X-ray room on the map at its point, with "you are here"', async () => {
    await k('kiosk-start-cantonese').click();
    await k('kiosk-input').waitFor();
    const answer = await ask('X光室喺邊度？');
    expect(await answer.getByTestId('kiosk-location-name').innerText()).toBe('X光室');
    expect(await answer.innerText()).toContain('B座地下');
    const map = answer.getByTestId('kiosk-location-map');
    await expect
      .poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const point = await placed(answer, 'kiosk-location-poi');
    expect(point.x).toBeCloseTo(0.75, 2);
    expect(point.y).toBeCloseTo(0.28, 2);
    const here = await placed(answer, 'kiosk-you-are-here');
    expect(here.x).toBeCloseTo(0.5, 2);
    expect(here.y).toBeCloseTo(0.9, 2);
    expect(await answer.innerText()).toContain('你喺呢度');
    found.push(...(await axeViolations(kiosk, 'kiosk location answer (Cantonese)')));
    await screenshot(kiosk, 'kiosk-location-cantonese');
  });

  it('asked in English by an alias, shows the pharmacy at its point and that it is open now', async () => {
    await k('kiosk-end').click();
    await k('kiosk-start-english').click();
    await k('kiosk-input').waitFor();
    const answer = await ask('Where is the chemist?');
    expect(await answer.getByTestId('kiosk-location-name').innerText()).toBe('Pharmacy');
    expect(await answer.getByTestId('kiosk-location-open').innerText()).toBe('Open now');
    const point = await placed(answer, 'kiosk-location-poi');
    expect(point.x).toBeCloseTo(0.25, 2);
    expect(point.y).toBeCloseTo(0.72, 2);
    expect(await answer.getByTestId('kiosk-location-poi').getAttribute('aria-label')).toBe(
      'Pharmacy is here',
    );
    found.push(...(await axeViolations(kiosk, 'kiosk location answer (English)')));
    await screenshot(kiosk, 'kiosk-location-english');
  });

  it('leaves no browser errors and no accessibility violations', () => {
    expect(stage.errors).toEqual([]);
    expect(found, describeViolations(found)).toEqual([]);
  });
});
