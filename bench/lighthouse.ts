/**
 * Lighthouse against the built server (issue 20's targets, docs/performance.md): /login (mobile and
 * desktop presets), /kiosk/ (mobile) and /dashboard signed in (mobile), each run RUNS times; prints
 * the median of each category and of FCP, LCP, TBT and the JavaScript transferred.
 *
 *   npm run build && npm run bench:lighthouse          (RUNS=3 by default; CHROMIUM_PATH)
 *   ONLY=dashboard npm run bench:lighthouse             (the rows whose name contains it)
 *   SAVE_TRACE=/tmp/lh npm run bench:lighthouse         (also where the main thread's time went, and the traces)
 *   CPU_SLOWDOWN=8 ONLY=dashboard …                   (the CPU slowed 8× instead of the preset's 4×:
 *                                                       a machine half as fast as this one)
 *   SAMPLE=1 SAVE_TRACE=/tmp/lh …                        (the traces with V8's samples: bench:dashboard-tasks ANALYSE=)
 *   SERVER_URL=http://127.0.0.1:8099 npm run bench:lighthouse   (a running server with the demo data and
 *                                                       ADMIN_PASSWORD=Bench-Lighthouse-Passw0rd!)
 *   BUILDS=/tmp/before,/tmp/after RUNS=8 ONLY=dashboard npm run bench:lighthouse
 *       (two or more console builds, copies of apps/console/dist, each served in front of the one
 *       server (bench/build-front.ts) and measured in alternation: one row per build;
 *       FRONT_DROP=origin-agent-cluster,… leaves those of the server's headers out, as the sixth
 *       pass in docs/performance.md did to find what a fresh renderer costs)
 *
 * Chromium is Debian's, driven by playwright-core in a persistent profile with a debugging port:
 * Lighthouse audits through that port; the dashboard runs keep the storage where the console
 * signed in (`disableStorageReset`), the others start from empty storage as a first visit does.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { freePort, startServer } from '../e2e/support/server.js';
import { startFront, type Front } from './build-front.js';

const RUNS = Number(process.env.RUNS ?? 3);
const ADMIN = { username: 'admin', password: 'Bench-Lighthouse-Passw0rd!' };

interface Case {
  name: string;
  path: string;
  preset: 'mobile' | 'desktop';
  signedIn?: boolean;
}
const ALL_CASES: Case[] = [
  { name: '/login mobile', path: '/login', preset: 'mobile' },
  { name: '/login desktop', path: '/login', preset: 'desktop' },
  { name: '/kiosk/ mobile', path: '/kiosk/', preset: 'mobile' },
  { name: '/dashboard mobile, signed in', path: '/dashboard', preset: 'mobile', signedIn: true },
];

const CASES = ALL_CASES.filter((c) => !process.env.ONLY || c.name.includes(process.env.ONLY));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  jsKiB: number;
  /** Lighthouse's measure of the machine's speed (higher is faster): TBT moves with it. */
  benchmarkIndex: number;
  failing: string[];
  /** The longest main-thread tasks, "duration ms script", to know what to split. */
  longTasks: string[];
}

function figuresOf(lhr: Result): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
    ?.items;
  const js = (items ?? [])
    .filter((i) => i.resourceType === 'Script')
    .reduce((sum, i) => sum + Number(i.transferSize ?? 0), 0);
  // What keeps a category below 100, to know what to fix.
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
      .map((r) => `${c}:${r.id}`),
  );
  const tasks = (
    lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] } | undefined
  )?.items;
  const longTasks = (tasks ?? [])
    .slice(0, 5)
    .map((task) => `${Math.round(task.duration ?? 0)} ms ${String(task.url ?? '').replace(/^.*\//, '')}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    jsKiB: js / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
    longTasks,
  };
}

// The demo data's visitor traffic (2,500 conversations) takes minutes on a busy machine. SERVER_URL
// measures a server already running (demo data, the admin password above) instead, run after run.
const server = process.env.SERVER_URL
  ? { url: process.env.SERVER_URL, stop: async (_opts?: { remove: boolean }) => {} }
  : await startServer({
      env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true' },
      readyTimeoutMs: 600_000,
    });
const BUILDS = (process.env.BUILDS ?? '').split(',').filter(Boolean);
const port = await freePort();
const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-lighthouse-'));
const results: { name: string; figures: Figures }[] = [];
const fronts: Front[] = [];
// The browser starts inside the try: whatever fails, the server and the profile go.
let context: Awaited<ReturnType<typeof chromium.launchPersistentContext>> | undefined;
try {
  for (const dir of BUILDS) fronts.push(await startFront(dir, server.url));
  /** What is measured: the server's own console, or each build in front of it, in turn. */
  const targets = BUILDS.length
    ? fronts.map((f, i) => ({ label: ` (${BUILDS[i]})`, url: f.url }))
    : [{ label: '', url: server.url }];
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, '--no-first-run'],
  });
  const signedIn = new Set<string>();
  for (const c of CASES) {
    for (const t of targets) {
      if (!c.signedIn || signedIn.has(t.url)) continue;
      // Signed in through the form, as an operator does: the console keeps the session in storage
      // (each front is an origin of its own).
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${t.url}/login`);
      await page.getByTestId('login-username').fill(ADMIN.username);
      await page.getByTestId('login-password').fill(ADMIN.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/dashboard');
      signedIn.add(t.url);
    }
    const runsOf = new Map<string, Figures[]>(targets.map((t) => [t.url, []]));
    // In alternation: whatever the machine is doing meanwhile falls on every build alike.
    for (let i = 0; i < RUNS; i++)
      for (const t of targets) {
        const runs = runsOf.get(t.url)!;
        const flags: Flags = {
          port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: Boolean(c.signedIn),
          // CPU_SLOWDOWN=8: what a machine half as fast would measure (the presets use 4 on mobile).
          ...(process.env.CPU_SLOWDOWN && {
            throttling: { cpuSlowdownMultiplier: Number(process.env.CPU_SLOWDOWN) },
          }),
          // SAMPLE=1: V8's sampler in the trace too, so bench:dashboard-tasks (ANALYSE=) names the
          // functions. It slows the page down (TBT ≈ 1.5×): for finding, not for the figures.
          ...(process.env.SAMPLE && { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }),
        };
        const answer = await lighthouse(
          `${t.url}${c.path}`,
          flags,
          c.preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!answer) throw new Error(`Lighthouse gave no result for ${c.name}`);
        if (answer.lhr.runtimeError) throw new Error(`${c.name}: ${answer.lhr.runtimeError.message}`);
        runs.push(figuresOf(answer.lhr));
        if (process.env.SAVE_TRACE) {
          // Where the main thread's time went, and the trace itself for a closer look (DevTools opens it).
          const file = path.join(
            process.env.SAVE_TRACE,
            `${`${c.name}${t.label}`.replace(/\W+/g, '-')}-${i + 1}.trace.json`,
          );
          await fs.mkdir(process.env.SAVE_TRACE, { recursive: true });
          await fs.writeFile(file, JSON.stringify((answer.artifacts as unknown as { Trace: unknown }).Trace));
          const rows = (id: string) =>
            (
              (answer.lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ??
              []
            )
              .slice(0, 8)
              .map((r) => JSON.stringify(r))
              .join('\n  ');
          console.error(
            `trace: ${file}\nmain thread:\n  ${rows('mainthread-work-breakdown')}\nscripts:\n  ${rows('bootup-time')}`,
          );
        }
        const last = runs.at(-1)!;
        console.error(
          `${c.name}${t.label} run ${i + 1}: performance ${last.performance}, TBT ${Math.round(last.tbt)} ms`,
        );
      }
    for (const t of targets) {
      const runs = runsOf.get(t.url)!;
      const m = (k: keyof Omit<Figures, 'failing' | 'longTasks'>) => median(runs.map((r) => r[k]));
      results.push({
        name: `${c.name}${t.label}`,
        figures: {
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          seo: m('seo'),
          fcp: m('fcp'),
          lcp: m('lcp'),
          tbt: m('tbt'),
          jsKiB: m('jsKiB'),
          benchmarkIndex: m('benchmarkIndex'),
          failing: [...new Set(runs.flatMap((r) => r.failing))],
          longTasks: runs.at(-1)?.longTasks ?? [],
        },
      });
    }
  }
} finally {
  await context?.close();
  for (const f of fronts) await f.close();
  await server.stop({ remove: true });
  await fs.rm(profile, { recursive: true, force: true });
}

// The same build measured 99 ms of dashboard TBT on one machine and 640–770 ms on another: the
// benchmark index says which kind of machine a figure came from (docs/performance.md).
const indexes = results.map((r) => r.figures.benchmarkIndex);
console.log(
  `\nLighthouse, median of ${RUNS} run(s) per row; benchmark index ${Math.round(median(indexes))}\n`,
);
console.log('| page / preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | JS |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { name, figures: f } of results) {
  console.log(
    `| ${name} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ` +
      `${(f.fcp / 1000).toFixed(1)} s | ${(f.lcp / 1000).toFixed(1)} s | ${Math.round(f.tbt)} ms | ` +
      `${Math.round(f.jsKiB)} KiB |`,
  );
}
for (const { name, figures: f } of results) {
  if (f.failing.length > 0) console.log(`\n${name}, audits below 100: ${f.failing.join(', ')}`);
}
for (const { name, figures: f } of results) {
  if (f.longTasks.length > 0) console.log(`\n${name}, longest tasks (last run): ${f.longTasks.join('; ')}`);
}
