/**
 * Avatar player budgets: 60 fps on the kiosk with one core busy, ≤ 5 MB to load an avatar, the
 * first frame ≤ 1 s after the frame opens, lip sync within one video frame of the audio.
 *
 * Starts the built server (PGlite), makes an avatar from a generated portrait through the admin
 * API (its production time is reported too), then opens the player in Debian's headless Chromium
 * (WebGL through SwiftShader: no GPU here) at 900 × 1400, the kiosk's portrait screen:
 * - bytes: every response the page loaded, by transfer size, on an empty cache;
 * - first frame: the player's own `first_frame_ms` (from the page's navigation start);
 * - fps: frames the player drew over 5 s, idle, and again with one core kept busy by another process;
 * - lip sync: with `measure=1` the player records, each frame, the loudness the audio graph is
 *   playing (an AnalyserNode on the clip) and the mouth it draws; the lag that best lines the two
 *   up is the offset between sound and mouth.
 *
 * Run: npm run bench:avatar (after npm run build).
 */
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { portraitJpeg } from '../apps/server/src/test/portrait-fixtures.js';
import { startServer } from '../e2e/support/server.js';

const PASSWORD = 'Bench-Avatar-Passw0rd!';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Measured {
  bytes: number;
  firstFrameMs: number;
  fps: number;
  /** The player's own JavaScript per frame (rig, mesh, overlays). */
  workMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const server = await startServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const call = async (method: string, path: string, body?: unknown, auth?: Record<string, string>) => {
      const res = await fetch(`${server.url}/admin_panel${path}`, {
        method,
        headers: {
          ...auth,
          ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return ((await res.json()) as { data: any }).data;
    };
    const login = await call('POST', '/login', { username: 'admin', password: PASSWORD });
    const headers = { access_token: login.access_token, auth_project_id: String(login.auth_project_id) };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await portraitJpeg())]), 'portrait.jpg');
    const checkStarted = performance.now();
    const photo = await call('POST', '/virtual_avatar/video_avatar/generate?device_id=1', form, headers);
    const checkMs = performance.now() - checkStarted;
    const made = await call(
      'POST',
      '/virtual_avatar/video_avatar',
      { device_id: 1, image_id: photo.image_id, name: 'Bench' },
      headers,
    );
    let productionMs = 0;
    for (;;) {
      const list = (await call(
        'GET',
        '/virtual_avatar/video_avatar?device_id=1',
        undefined,
        headers,
      )) as Array<{
        id: number;
        status: string;
        production_ms: number;
        failure_message: string;
      }>;
      const avatar = list.find((a) => a.id === made.id)!;
      if (avatar.status === 'ready') {
        productionMs = avatar.production_ms;
        break;
      }
      if (avatar.status === 'failed') throw new Error(`production failed: ${avatar.failure_message}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const preview = async () =>
      (await call(
        'GET',
        `/ai_config/intents/avatar_motion/preview?device_id=1&avatar_id=${made.id}`,
        undefined,
        headers,
      )) as {
        player_url: string;
        sentences: Array<{ url: string }>;
      };

    async function open(busy: boolean): Promise<Measured & { lagMs: number | null; frameMs: number }> {
      const { player_url, sentences } = await preview();
      const hog = busy ? spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }) : null;
      const context = await browser.newContext({ viewport: { width: 900, height: 1400 } });
      const page = await context.newPage();
      let bytes = 0;
      page.on('response', (res) => {
        void res
          .body()
          .then((b) => (bytes += b.length))
          .catch(() => undefined);
      });
      try {
        await page.goto(`${server.url}${player_url}&measure=1`);
        await page.waitForFunction(
          () => (globalThis as never as { __avatarState: { ready: boolean } }).__avatarState.ready,
        );
        await page.waitForLoadState('networkidle');
        const firstFrameMs = await page.evaluate(
          () =>
            (globalThis as never as { __avatarState: { first_frame_ms: number } }).__avatarState
              .first_frame_ms,
        );
        const { fps, workMs } = await page.evaluate(async () => {
          const s = (globalThis as never as { __avatarState: { frames: number; work_ms: number } })
            .__avatarState;
          const f0 = s.frames;
          const t0 = performance.now();
          await new Promise((r) => setTimeout(r, 5000));
          return { fps: ((s.frames - f0) * 1000) / (performance.now() - t0), workMs: s.work_ms };
        });
        // Lip sync: speak a sentence and line the sound up with the mouth.
        await page.evaluate((url) => {
          const w = globalThis as never as {
            postMessage(m: unknown, origin: string): void;
            location: { origin: string };
          };
          w.postMessage({ type: 'avatar:speak', url }, w.location.origin);
        }, sentences[0]!.url);
        await page.waitForFunction(
          () => (globalThis as never as { __avatarState: { speaking: boolean } }).__avatarState.speaking,
        );
        await page.waitForFunction(
          () => !(globalThis as never as { __avatarState: { speaking: boolean } }).__avatarState.speaking,
          undefined,
          { timeout: 30_000 },
        );
        const rows = await page.evaluate(
          () =>
            (globalThis as never as { __avatarMeasured: Array<[number, number, number]> }).__avatarMeasured,
        );
        return { bytes, firstFrameMs, fps, workMs, ...lag(rows) };
      } finally {
        await context.close();
        hog?.kill();
      }
    }

    const idle: Array<Awaited<ReturnType<typeof open>>> = [];
    const busy: Array<Awaited<ReturnType<typeof open>>> = [];
    for (let i = 0; i < RUNS; i++) {
      idle.push(await open(false));
      busy.push(await open(true));
    }
    const report = (name: string, xs: typeof idle) =>
      `${name}: ${(median(xs.map((x) => x.bytes)) / 1024 / 1024).toFixed(2)} MB loaded, first frame ${median(xs.map((x) => x.firstFrameMs))} ms, ${median(xs.map((x) => x.fps)).toFixed(1)} fps (player's own work ${median(xs.map((x) => x.workMs)).toFixed(2)} ms a frame), lip-sync lag ${median(xs.map((x) => x.lagMs ?? NaN)).toFixed(0)} ms (frame ${median(xs.map((x) => x.frameMs)).toFixed(1)} ms)`;
    console.info(`face check (upload + detection) ${checkMs.toFixed(0)} ms; production ${productionMs} ms`);
    console.info(report('idle machine', idle));
    console.info(report('one core busy', busy));
  } finally {
    await browser.close();
    await server.stop({ remove: true });
  }
}

/**
 * The lag (ms) at which the mouth drawn best follows the loudness played: both sampled once a
 * frame; the frames' audio times give the step. Positive: the mouth is late.
 */
function lag(rows: Array<[number, number, number]>) {
  if (rows.length < 20) return { lagMs: null, frameMs: 0 };
  const steps = rows.slice(1).map((r, i) => r[0] - rows[i]![0]);
  const frameMs = median(steps) * 1000;
  const norm = (xs: number[]) => {
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length) || 1;
    return xs.map((x) => (x - m) / sd);
  };
  const sound = norm(rows.map((r) => r[1]));
  const mouth = norm(rows.map((r) => r[2]));
  let best = 0;
  let bestScore = -Infinity;
  for (let k = -8; k <= 8; k++) {
    let score = 0;
    let n = 0;
    for (let i = 0; i < sound.length; i++) {
      const j = i + k;
      if (j < 0 || j >= mouth.length) continue;
      score += sound[i]! * mouth[j]!;
      n++;
    }
    if (n > 0 && score / n > bestScore) {
      bestScore = score / n;
      best = k;
    }
  }
  return { lagMs: best * frameMs, frameMs };
}

await main();
