import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { portraitJpeg } from '../../apps/server/src/test/portrait-fixtures.js';
import { axeViolations, describeViolations } from '../support/axe.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { floorPlan, solidPng } from '../support/media.js';
import { startServer, type RunningServer } from '../support/server.js';
import { adminApi, openPage, pairKiosk } from '../support/stage.js';

const ADMIN = { username: 'admin', password: 'Floor-Admin-Passw0rd!' };
const LOBBY = 1;
/** A venue's real name is long: it must wrap or shrink, never push the actions off the screen. */
const LONG_NAME = 'Harbour City Ocean Centre — Level 3 Visitor Information & Concierge Desk';
/** The kiosk sizes a mall floor has: the usual totem, a landscape screen, a tablet, a small panel. */
const SIZES = [
  { width: 1080, height: 1920 },
  { width: 1920, height: 1080 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;
/** What a visitor must always be able to reach on the start screen. */
const ACTIONS = [
  'kiosk-start-english',
  'kiosk-start-cantonese',
  'kiosk-start-mandarin',
  'kiosk-directory-open',
  'kiosk-map-open',
  'kiosk-staff-chat',
  'kiosk-call',
  'event-start',
];

/** Where an element is, and whether a tap at its centre reaches it (nothing covers it). */
async function reach(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return {
      left: r.left,
      top: r.top,
      right: r.right,
      bottom: r.bottom,
      width: r.width,
      height: r.height,
      reached: top !== null && (top === el || el.contains(top)),
      covering: top && top !== el && !el.contains(top) ? `${top.tagName}.${top.className}` : null,
    };
  });
}

function expectWithin(
  box: Awaited<ReturnType<typeof reach>>,
  size: { width: number; height: number },
  what: string,
) {
  expect(box.reached, `${what} is covered by ${box.covering}`).toBe(true);
  expect(box.top, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.left, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${what} bottom`).toBeLessThanOrEqual(size.height);
  expect(box.right, `${what} right`).toBeLessThanOrEqual(size.width);
}

/**
 * The kiosk as a mall puts it on its floor: a paired lobby kiosk with its avatar, the demo event, a
 * banner and a long venue name, at the four sizes such screens come in. The start screen is one
 * screen: every action in view, uncovered, big enough to touch, nothing to scroll; the directory
 * owns the screen while open, with its way back in view.
 */
describe('the kiosk on a mall floor: one screen at every size', () => {
  let server: RunningServer;
  let browser: Browser;
  let key = '';
  let setPin: (pin: string) => Promise<unknown>;
  let setLanguages: (languages: string[]) => Promise<unknown>;
  let push: (texts: Record<string, string>) => Promise<unknown>;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer({
      env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true', DEMO_CONVERSATIONS: '0' },
    });
    const api = await adminApi(server.url, ADMIN);
    const put = async (route: string, body: unknown) => {
      const res = await fetch(`${server.url}/admin_panel${route}`, {
        method: 'PUT',
        headers: api.headers,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`PUT ${route}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: unknown }).data;
    };
    const upload = async (route: string, field: string, name: string, type: string, content: Buffer) => {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(content)], { type }), name);
      const { 'content-type': _json, ...headers } = api.headers;
      const res = await fetch(`${server.url}/admin_panel${route}`, { method: 'POST', headers, body: form });
      if (!res.ok) throw new Error(`POST ${route}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: unknown }).data;
    };
    await put('/admin_settings/devices', { id: LOBBY, description: LONG_NAME });
    setPin = (pin) => put('/admin_settings/devices/staff_pin', { id: LOBBY, pin });
    setLanguages = (languages) => put('/admin_settings/devices', { id: LOBBY, languages });
    push = (texts) => api.post('/video_call/push', { device_ids: [LOBBY], texts, duration_seconds: 60 });
    await upload(
      `/carousel/upload?device_id=${LOBBY}`,
      'files',
      'sale.png',
      'image/png',
      await solidPng(1600, 900, 'rgb(230, 90, 40)'),
    );
    const photo = (await upload(
      `/virtual_avatar/video_avatar/generate?device_id=${LOBBY}`,
      'file',
      'portrait.jpg',
      'image/jpeg',
      await portraitJpeg(),
    )) as { image_id: number };
    const avatar = await api.post<{ id: number }>('/virtual_avatar/video_avatar', {
      device_id: LOBBY,
      image_id: photo.image_id,
      name: 'Ada',
    });
    // Made by the real production job (the face model), a few seconds on this machine.
    await vi.waitFor(
      async () => {
        const res = await fetch(`${server.url}/admin_panel/virtual_avatar/video_avatar?device_id=${LOBBY}`, {
          headers: api.headers,
        });
        const made = ((await res.json()) as { data: Array<{ id: number; status: string }> }).data;
        const status = made.find((a) => a.id === avatar.id)?.status;
        if (status !== 'ready') throw new Error(`the avatar was not made: ${status}`);
      },
      { timeout: 90_000, interval: 500 },
    );
    await put('/virtual_avatar/video_avatar', { device_id: LOBBY, avatar_id: avatar.id, is_in_use: true });
    // Two floors with places on them, the kiosk standing on the ground floor.
    const addFloor = async (name: string) => {
      const form = new FormData();
      form.append('data', JSON.stringify({ name }));
      form.append(
        'file',
        new Blob([new Uint8Array(await floorPlan())], { type: 'image/png' }),
        `${name}.png`,
      );
      const { 'content-type': _json, ...headers } = api.headers;
      const res = await fetch(`${server.url}/admin_panel/location_map/maps?device_id=${LOBBY}`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (!res.ok) throw new Error(`map ${name}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    const ground = await addFloor('Ground floor');
    const level3 = await addFloor('Level 3');
    const category = async (name: string) =>
      (
        await api.post<{ category_id: number }>('/location_map/categories', {
          device_id: LOBBY,
          category: name,
        })
      ).category_id;
    const dining = await category('Dining');
    const services = await category('Services');
    const place = (
      name: string,
      yue: string,
      map: number,
      poi: { x: number; y: number },
      categories: number[],
    ) =>
      api.post('/location_map/locations', {
        device_id: LOBBY,
        name,
        map_id: map,
        poi,
        category_ids: categories,
        details: { english: { name, address: '' }, cantonese: { name: yue, address: '' } },
      });
    await place('Food Court', '美食廣場', level3, { x: 0.75, y: 0.28 }, [dining]);
    await place('Information desk', '詢問處', ground, { x: 0.25, y: 0.72 }, [services]);
    await place('Restrooms L1', '洗手間', ground, { x: 0.6, y: 0.6 }, [services]);
    // The directory a visitor browses: shops with names in each language.
    const unit = async (fields: object) => {
      const form = new FormData();
      form.append('data', JSON.stringify(fields));
      const { 'content-type': _json, ...headers } = api.headers;
      const res = await fetch(`${server.url}/admin_panel/directory?device_id=${LOBBY}`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (!res.ok) throw new Error(`unit: ${res.status} ${await res.text()}`);
    };
    await unit({
      unit: 'G-12',
      names: { english: 'Harbour Pharmacy', cantonese: '海港藥房', mandarin: '海港药房' },
      descriptions: {
        english: 'Medicines and first aid',
        cantonese: '藥物及急救用品',
        mandarin: '药物及急救用品',
      },
      phone: '2345 6789',
    });
    await unit({
      unit: '3-05',
      names: { english: 'Jade Garden Restaurant', cantonese: '翠園酒家', mandarin: '翠园酒家' },
      descriptions: {
        english: 'Dim sum and Cantonese dishes',
        cantonese: '點心及粵菜',
        mandarin: '点心及粤菜',
      },
      live_chat: true,
    });
    await put('/location_map/kiosk_position', { device_id: LOBBY, map_id: ground, poi: { x: 0.5, y: 0.9 } });
    // The demo's event (its quiz) made current, as an operator does in the Event Manager.
    const overview = await fetch(`${server.url}/admin_panel/event_manager/overview?device_id=${LOBBY}`, {
      headers: api.headers,
    });
    const { events } = (
      (await overview.json()) as { data: { events: Array<{ id: number; is_complete: boolean }> } }
    ).data;
    const event = events.find((e) => e.is_complete);
    if (!event) throw new Error('the demo has no complete event');
    await put(`/event_manager/event/${event.id}`, { device_id: LOBBY, is_active: true });
    key = (await api.post<{ device_key: string }>('/admin_settings/devices/key', { id: LOBBY })).device_key;
    browser = await launchBrowser([
      '--autoplay-policy=no-user-gesture-required',
      // A camera and microphone, so a call rings as on the floor (no device would say so instead).
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop({ remove: true });
  });

  async function kioskAt(size: { width: number; height: number }) {
    const page = await openPage(browser, server.url, {
      as: 'kiosk',
      name: `kiosk ${size.width}`,
      errors,
      media: true,
    });
    await page.setViewportSize(size);
    await pairKiosk(page, key);
    await page.getByTestId('kiosk-avatar').waitFor();
    // The avatar drawn (its player says ready), so the pictures show what a visitor sees.
    await expect
      .poll(
        async () => {
          const frame = page.frames().find((f) => f.url().includes('/avatar-player/'));
          return frame
            ? frame.evaluate(
                () => (window as unknown as { __avatarState?: { ready: boolean } }).__avatarState?.ready,
              )
            : false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByTestId('event-offer').waitFor();
    // Present; shown where there is room for it (a short screen hides banners first).
    await page.locator('.k-carousel img').first().waitFor({ state: 'attached' });
    return page;
  }

  for (const size of SIZES) {
    it(`${size.width}×${size.height}: every action in view and uncovered, nothing to scroll; the directory owns the screen`, async () => {
      const page = await kioskAt(size);
      await screenshot(page, `kiosk-floor-start-${size.width}x${size.height}`);
      const scroll = await page
        .locator('main.k-start')
        .evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
      expect(scroll.scroll, 'the start screen scrolls').toBeLessThanOrEqual(scroll.client + 1);
      for (const id of ACTIONS) {
        const box = await reach(page, id);
        expectWithin(box, size, id);
        expect(box.height, `${id} height`).toBeGreaterThanOrEqual(48);
        expect(box.width, `${id} width`).toBeGreaterThanOrEqual(48);
      }
      // The event sits between the greeting and the actions, over neither (it was drawn over both).
      const box = (id: string) => page.getByTestId(id).evaluate((el) => el.getBoundingClientRect().toJSON());
      const [greeting, offer, language] = await Promise.all(
        ['kiosk-greeting', 'event-offer', 'kiosk-start-english'].map(box),
      );
      expect(offer.top, 'the event over the greeting').toBeGreaterThanOrEqual(greeting.bottom);
      expect(offer.bottom, 'the event over the actions').toBeLessThanOrEqual(language.top);

      await page.getByTestId('kiosk-directory-open').click();
      await page.getByTestId('kiosk-directory').waitFor();
      await screenshot(page, `kiosk-floor-directory-${size.width}x${size.height}`);
      for (const id of ['kiosk-directory-close', 'kiosk-directory-search'])
        expectWithin(await reach(page, id), size, id);
      const found = await axeViolations(page, `kiosk directory ${size.width}`);
      expect(found, describeViolations(found)).toEqual([]);
      await page.getByTestId('kiosk-directory-close').click();
      await page.getByTestId('kiosk-directory').waitFor({ state: 'detached' });

      // The floor map owns the screen too: its way back, search, floors and places in view.
      await page.getByTestId('kiosk-map-open').click();
      await page.getByTestId('kiosk-map-plan').waitFor();
      await expect
        .poll(() => page.getByTestId('kiosk-map-plan').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      for (const id of ['kiosk-map-close', 'kiosk-map-search']) expectWithin(await reach(page, id), size, id);
      expect(await page.getByTestId('kiosk-map-here').isVisible()).toBe(true);
      expect(await page.getByTestId('kiosk-map-pin').count()).toBe(2);
      await page.getByTestId('kiosk-map-search').fill('food');
      await page.getByTestId('kiosk-map-place').first().click();
      await expect
        .poll(() => page.getByTestId('kiosk-map-floor').nth(1).getAttribute('aria-pressed'))
        .toBe('true');
      expect(await page.getByTestId('kiosk-map-selected').innerText()).toContain('Food Court');
      expect(await page.getByTestId('kiosk-map-pin').getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, `kiosk-floor-map-${size.width}x${size.height}`);
      const onMap = await axeViolations(page, `kiosk floor map ${size.width}`);
      expect(onMap, describeViolations(onMap)).toEqual([]);
      await page.getByTestId('kiosk-map-close').click();
      await page.getByTestId('kiosk-map').waitFor({ state: 'detached' });

      // A conversation: the avatar beside (landscape) or above (portrait), the question box and End in view.
      await page.getByTestId('kiosk-start-english').click();
      await page.getByTestId('kiosk-input').fill('Where is the food court?');
      await page.getByTestId('kiosk-send').click();
      await page.getByTestId('kiosk-message-bot').nth(1).waitFor();
      // A place named outright gets the place with its map, not the Dining topic whose keyword it is.
      await page.getByTestId('kiosk-location-map').waitFor();
      expect(await page.getByTestId('kiosk-location-name').innerText()).toContain('Food Court');
      await screenshot(page, `kiosk-floor-chat-${size.width}x${size.height}`);
      for (const id of ['kiosk-input', 'kiosk-send', 'kiosk-end'])
        expectWithin(await reach(page, id), size, id);

      // Asked in Cantonese in this English session: answered in Cantonese, and the screen follows.
      await page.getByTestId('kiosk-input').fill('附近有冇嘢食呀？');
      await page.getByTestId('kiosk-send').click();
      await page.getByTestId('kiosk-language-switch').waitFor();
      expect(await page.getByTestId('kiosk-language-switch').textContent()).toBe('而家轉咗廣東話');
      expect(await page.locator('.k-bar-language').textContent()).toBe('廣東話');
      expect(await page.locator('.k-chat').getAttribute('lang')).toBe('zh-Hant-HK');
      expect(await page.getByTestId('kiosk-input').getAttribute('placeholder')).not.toMatch(/question/);
      expect(await page.getByTestId('kiosk-message-bot').nth(2).textContent()).toMatch(/\p{Script=Han}/u);
      expectWithin(await reach(page, 'kiosk-input'), size, 'kiosk-input');
      await screenshot(page, `kiosk-floor-switched-${size.width}x${size.height}`);
      await page.context().close();
    });
  }

  it('an English question in a Cantonese session on a Cantonese-first device is answered in English', async () => {
    await setLanguages(['cantonese', 'english', 'mandarin']);
    try {
      const size = SIZES[0];
      const page = await kioskAt(size);
      await expect.poll(() => page.locator('main.k-start').getAttribute('lang')).toMatch(/^zh-Hant/);
      expect(await page.getByTestId('kiosk-directory-open').textContent()).not.toMatch(/Directory/);
      await page.getByTestId('kiosk-start-cantonese').click();
      await page.getByTestId('kiosk-input').fill('Where can I park my car?');
      await page.getByTestId('kiosk-send').click();
      await page.getByTestId('kiosk-language-switch').waitFor();
      expect(await page.getByTestId('kiosk-language-switch').textContent()).toBe('Now in English');
      expect(await page.locator('.k-chat').getAttribute('lang')).toBe('en');
      expectWithin(await reach(page, 'kiosk-input'), size, 'kiosk-input');
      const switched = await axeViolations(page, `kiosk chat switched to English ${size.width}`);
      expect(switched, describeViolations(switched)).toEqual([]);
      await page.context().close();
    } finally {
      await setLanguages(['english', 'cantonese', 'mandarin']);
    }
  });

  /** No microphone or speech service here: a stand-in for the browser's recognition that hears
   * part of a question and waits (the kiosk's own code does the rest). */
  const hearing = (page: Page, heard: string) =>
    page.evaluate((transcript) => {
      class Heard {
        lang = '';
        interimResults = false;
        continuous = false;
        maxAlternatives = 1;
        onresult: ((e: unknown) => void) | null = null;
        onerror: ((e: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          setTimeout(() => {
            const result = Object.assign([{ transcript }], { isFinal: false });
            this.onresult?.({ results: [result], resultIndex: 0 });
          }, 50);
        }
        stop() {
          this.onend?.();
        }
        abort() {}
      }
      Object.assign(window, { SpeechRecognition: Heard, webkitSpeechRecognition: Heard });
    }, heard);

  // Each device's first language is the one its start screen reads in.
  const cases = [
    {
      tag: 'en',
      languages: ['english', 'cantonese', 'mandarin'],
      lang: /^en/,
      pushed: 'The car park closes at 23:00.',
      ask: 'Where is the food court?',
      unitName: 'Harbour Pharmacy',
      listening: 'Listening',
      sizes: SIZES.slice(0, 2),
    },
    {
      tag: 'zhHant',
      languages: ['cantonese', 'english', 'mandarin'],
      lang: /^zh-Hant/,
      pushed: '停車場晚上十一點關門。',
      ask: '美食廣場喺邊度？',
      unitName: '海港藥房',
      listening: '聽緊',
      sizes: SIZES.slice(0, 2),
    },
    {
      tag: 'zhHans',
      languages: ['mandarin', 'english', 'cantonese'],
      lang: /^zh-Hans/,
      pushed: '停车场晚上十一点关门。',
      ask: '美食广场在哪里？',
      unitName: '海港药房',
      listening: '正在聆听',
      sizes: SIZES.slice(0, 1),
    },
  ];
  for (const c of cases) {
    it(`every screen and overlay in ${c.tag}, at ${c.sizes.map((x) => `${x.width}×${x.height}`).join(' and ')}: pictured, read, axe 0`, async () => {
      await setLanguages(c.languages);
      try {
        for (const size of c.sizes) {
          const page = await kioskAt(size);
          await expect.poll(() => page.locator('main.k-start').getAttribute('lang')).toMatch(c.lang);
          const seen = async (screen: string) => {
            await screenshot(page, `kiosk-screen-${screen}-${c.tag}-${size.width}x${size.height}`);
            const found = await axeViolations(page, `kiosk ${screen} ${c.tag} ${size.width}`);
            expect(found, describeViolations(found)).toEqual([]);
          };
          await seen('start');

          await page.getByTestId('kiosk-directory-open').click();
          await page.getByTestId('kiosk-directory').waitFor();
          await expect.poll(() => page.getByTestId('kiosk-directory').innerText()).toContain(c.unitName);
          await seen('directory');
          await page.getByTestId('kiosk-directory-close').click();

          await page.getByTestId('kiosk-map-open').click();
          await expect
            .poll(() =>
              page.getByTestId('kiosk-map-plan').evaluate((img: HTMLImageElement) => img.naturalWidth),
            )
            .toBeGreaterThan(0);
          await page.getByTestId('kiosk-map-pin').first().click();
          await page.getByTestId('kiosk-map-selected').waitFor();
          await seen('map');
          await page.getByTestId('kiosk-map-close').click();

          await push({
            english: 'The car park closes at 23:00.',
            cantonese: '停車場晚上十一點關門。',
            mandarin: '停车场晚上十一点关门。',
          });
          await page.getByTestId('kiosk-push').waitFor();
          expect(await page.getByTestId('kiosk-push').innerText()).toContain(c.pushed);
          await seen('push');
          await page.getByTestId('kiosk-push-close').click();

          await page.getByTestId('kiosk-staff-chat').click();
          await page.getByTestId('kiosk-staff-start').waitFor();
          await seen('staff-chat');
          await page.getByTestId('kiosk-staff-end').click();

          await page.getByTestId('kiosk-call').click();
          await page.getByTestId('kiosk-call-status').waitFor();
          await seen('call');
          // Ringing (cancel) or, with nobody signed in to answer, unanswered (close).
          await page
            .getByTestId('kiosk-call-cancel')
            .or(page.getByTestId('kiosk-call-close'))
            .first()
            .click();
          await page.getByTestId('kiosk-call-status').waitFor({ state: 'detached' });

          await page.getByTestId('event-start').click();
          await page.getByTestId('event-title').waitFor();
          await page.getByTestId('event-tts').waitFor();
          await seen('event');
          // The demo's announcement has no countdown: the visitor goes on.
          await page.getByTestId('event-next').click();
          await page.getByTestId('quiz-question').waitFor();
          if (c.tag !== 'en')
            expect(await page.getByTestId('quiz-question').innerText()).toMatch(/\p{Script=Han}/u);
          await seen('quiz');
          await page.getByTestId('event-leave').click();

          // Staff hold the gear: without a PIN set, the dialog says where to set one.
          const gear = (await page.getByTestId('kiosk-staff-settings').boundingBox())!;
          await page.mouse.move(gear.x + gear.width / 2, gear.y + gear.height / 2);
          await page.mouse.down();
          await page.getByTestId('kiosk-staff-dialog').waitFor({ timeout: 5_000 });
          await page.mouse.up();
          await seen('staff-settings');
          await page.getByTestId('kiosk-staff-cancel').click();

          await hearing(page, c.ask.slice(0, -3));
          await page.getByTestId(`kiosk-start-${c.languages[0]}`).click();
          await page.getByTestId('kiosk-input').fill(c.ask);
          await page.getByTestId('kiosk-send').click();
          await page.getByTestId('kiosk-message-bot').nth(1).waitFor();
          expect(await page.getByTestId('kiosk-language-switch').count()).toBe(0);
          await seen('chat');
          await page.getByTestId('kiosk-mic').click();
          await expect
            .poll(() => page.getByTestId('kiosk-transcript').textContent())
            .toBe(c.ask.slice(0, -3));
          expect(await page.getByTestId('kiosk-listening').innerText()).toContain(c.listening);
          expectWithin(await reach(page, 'kiosk-listening'), size, 'the listening band');
          expectWithin(await reach(page, 'kiosk-mic'), size, 'the microphone');
          await seen('listening');
          await page.getByTestId('kiosk-mic').click();
          await page.getByTestId('kiosk-listening').waitFor({ state: 'detached' });
          await page.context().close();
        }
      } finally {
        await setLanguages(['english', 'cantonese', 'mandarin']);
      }
    });
  }

  it('a visitor tapping the gear cannot unpair the kiosk; staff hold it and type the PIN', async () => {
    await setPin('2468');
    const size = SIZES[0];
    const page = await kioskAt(size);
    const gear = page.getByTestId('kiosk-staff-settings');
    for (let i = 0; i < 3; i++) await gear.click();
    await expect.poll(() => page.getByTestId('kiosk-staff-dialog').count()).toBe(0);
    await page.getByTestId('kiosk-start-english').waitFor();

    // Staff hold it (two seconds), as the console's PIN dialog says.
    const box = (await gear.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.getByTestId('kiosk-staff-dialog').waitFor({ timeout: 5_000 });
    await page.mouse.up();
    await page.getByTestId('kiosk-staff-pin').fill('1357');
    await page.getByTestId('kiosk-staff-unpair').click();
    await expect.poll(() => page.getByTestId('kiosk-staff-error').textContent()).toContain('Wrong PIN.');
    const found = await axeViolations(page, 'kiosk staff settings');
    expect(found, describeViolations(found)).toEqual([]);
    await screenshot(page, `kiosk-floor-staff-settings-${size.width}x${size.height}`);
    await page.getByTestId('kiosk-staff-pin').fill('2468');
    await page.getByTestId('kiosk-staff-unpair').click();
    await page.getByTestId('kiosk-key').waitFor();
    await page.context().close();
  });

  it('left no browser errors', () => {
    expect(errors).toEqual([]);
  });
});
