import type { Browser, Page } from 'playwright-core';
import { addAxe } from './axe.js';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The stage most browser tests play on: an operator's console and the kiosks it runs, each in its
 * own browser context (no shared storage), with axe loaded and every page's errors collected.
 */

/** Collects a page's uncaught errors and console errors (a missing resource is its own test's business). */
export function watchErrors(page: Page, name: string, into: string[]) {
  page.on('pageerror', (err) => into.push(`${name}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      into.push(`${name}: ${msg.text()}`);
  });
}

/** A page in its own context: the console at 1440 × 900, a kiosk at 900 × 1400 (portrait). */
export async function openPage(
  browser: Browser,
  baseURL: string,
  {
    as,
    name,
    errors,
    media = false,
    axe = true,
  }: { as: 'console' | 'kiosk'; name: string; errors: string[]; media?: boolean; axe?: boolean },
) {
  const context = await browser.newContext({
    baseURL,
    viewport: as === 'console' ? { width: 1440, height: 900 } : { width: 900, height: 1400 },
  });
  if (media) await context.grantPermissions(['camera', 'microphone'], { origin: baseURL });
  if (axe) await addAxe(context);
  const page = await context.newPage();
  watchErrors(page, name, errors);
  return page;
}

/** The admin API as the console calls it, signed in once: `post` answers the envelope's data. */
export async function adminApi(baseURL: string, admin: { username: string; password: string }) {
  const login = await (
    await fetch(`${baseURL}/admin_panel/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    })
  ).json();
  const headers = {
    'content-type': 'application/json',
    access_token: login.data.access_token as string,
    auth_project_id: String(login.data.auth_project_id),
  };
  const post = async <T = Record<string, unknown>>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}/admin_panel${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data as T;
  };
  return {
    headers,
    post,
    /** A device made the way Admin Settings makes one; answers its id and its key. */
    device: (body: { description: string; kind: 'ambassador' | 'chatbot'; languages: string[] }) =>
      post<{ device: { id: number }; device_key: string }>('/admin_settings/devices', body),
  };
}

/** Signs the operator in on /login and, when named, selects the device to work on. */
/** A kiosk's device API as a paired kiosk calls it (POST, its key): answers the envelope's `data`. */
export function kioskApi(baseURL: string, key: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads its own fields
  return async (pathname: string, body: object): Promise<any> => {
    const res = await fetch(`${baseURL}/device_api/v1${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: unknown }).data;
  };
}

export async function signIn(op: Page, admin: { username: string; password: string }, device?: string) {
  await op.goto('/login');
  await op.getByTestId('login-username').fill(admin.username);
  await op.getByTestId('login-password').fill(admin.password);
  await op.getByTestId('login-submit').click();
  await op.waitForURL('**/dashboard');
  if (!device) return;
  await op.getByTestId('device-select').click();
  await op.getByRole('option', { name: device }).click();
  await op.waitForURL('**/dashboard');
}

/** Pairs a kiosk page with a device key and waits for its start screen. */
export async function pairKiosk(kiosk: Page, key: string) {
  await kiosk.goto('/kiosk/');
  await kiosk.getByTestId('kiosk-key').fill(key);
  await kiosk.getByTestId('kiosk-pair').click();
  await kiosk.getByTestId('kiosk-start-english').waitFor();
}

/**
 * The whole stage of a console-and-kiosk test: the built server with its admin password, Chromium,
 * the operator signed in on the console with a new device selected, and a kiosk paired with it.
 * `close` takes it all down.
 */
export async function openStage({
  admin,
  device,
  browserArgs = [],
}: {
  admin: { username: string; password: string };
  device: { description: string; languages: string[]; kind?: 'ambassador' | 'chatbot' };
  browserArgs?: string[];
}) {
  const errors: string[] = [];
  const server: RunningServer = await startServer({ env: { ADMIN_PASSWORD: admin.password } });
  const browser = await launchBrowser(browserArgs);
  const op = await openPage(browser, server.url, { as: 'console', name: 'console', errors });
  const kiosk = await openPage(browser, server.url, { as: 'kiosk', name: 'kiosk', errors });
  const api = await adminApi(server.url, admin);
  const created = await api.device({
    description: device.description,
    kind: device.kind ?? 'ambassador',
    languages: device.languages,
  });
  await signIn(op, admin, device.description);
  await pairKiosk(kiosk, created.device_key);
  return {
    server,
    browser,
    op,
    kiosk,
    api,
    device: created,
    /** Uncaught errors and console errors of both pages, to be empty at the end. */
    errors,
    async close() {
      await browser.close();
      await server.stop({ remove: true });
    },
  };
}
export type Stage = Awaited<ReturnType<typeof openStage>>;
