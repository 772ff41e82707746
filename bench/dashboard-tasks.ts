/**
 * Where the signed-in dashboard's long tasks go on a phone (issue 20: TBT ≤ 300 ms): loads /dashboard
 * at 4× CPU (the DevTools protocol's throttling, as Lighthouse's mobile preset assumes) on a 412 × 823
 * screen, records a Chromium trace with the V8 sampler, and prints every main-thread task over 50 ms
 * after the first paint with the functions its samples fell in and the browser work inside it.
 *
 *   npm run build && npm run bench:dashboard-tasks       (RUNS=3 by default; CHROMIUM_PATH)
 *   SERVER_URL=http://127.0.0.1:8099 npm run bench:dashboard-tasks
 *       (a running server with the demo data and ADMIN_PASSWORD=Bench-Lighthouse-Passw0rd!)
 *   TRACE=/tmp/dash.json  keeps the last run's trace (DevTools' Performance panel opens it)
 *
 * "Blocking" is Σ (task − 50 ms) from the first contentful paint to the end: Lighthouse's TBT
 * counted on real (not simulated) slowed tasks, so it moves with it but is not the same figure.
 *
 *   ANALYSE=trace.json  reads a saved trace instead of loading (Lighthouse's, from SAVE_TRACE; tasks ×4)
 *   COUNTED=8   with ANALYSE: each task counted ×8 (a trace saved with CPU_SLOWDOWN=8)
 *   SIMULATE=1  loads at full speed and counts each task ×4, as Lighthouse's simulated throttling
 *               does: the network answers at once, so the data's renders fold into fewer, longer tasks.
 */
import fs from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server.js';

const RUNS = Number(process.env.RUNS ?? 3);
/** The CPU slowdown applied while loading, and the factor each observed task is counted with. */
const SIMULATE = Boolean(process.env.SIMULATE || process.env.ANALYSE);
const RATE = SIMULATE ? 1 : 4;
// COUNTED=8 reads a trace bench:lighthouse saved with CPU_SLOWDOWN=8.
const COUNTED = Number(process.env.COUNTED ?? (SIMULATE ? 4 : 1));
const ADMIN = { username: 'admin', password: 'Bench-Lighthouse-Passw0rd!' };

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Chromium's trace arguments vary by event
  args?: Record<string, any>;
}
interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The trace's main-thread tasks over 50 ms after FCP, each with its heaviest functions. */
function analyse(events: TraceEvent[]) {
  // The renderer that drew the dashboard: the main thread busiest in the trace (about:blank had one too).
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'X' && e.name === 'RunTask')
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  }
  const mainThread = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!mainThread) throw new Error('no renderer main thread in the trace');
  const onMain = (e: TraceEvent) => e.pid === mainThread.pid && e.tid === mainThread.tid;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === mainThread.pid)?.ts ?? 0;
  const tasks = events
    .filter(
      (e) =>
        onMain(e) && e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) * COUNTED > 50_000 && e.ts >= fcp,
    )
    .sort((a, b) => a.ts - b.ts);

  // The V8 sampler's profile chunks: nodes (the call tree) and samples with time deltas.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  // The chunks come from V8's sampler thread, tied to the main thread's profile by its id.
  const profile = events.find((e) => e.name === 'Profile' && onMain(e));
  let clock = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== mainThread.pid || e.id !== profile?.id) continue;
    const data = e.args?.data ?? {};
    for (const n of (data.cpuProfile?.nodes ?? []) as ProfileNode[]) nodes.set(n.id, n);
    const ids: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node: id });
    });
  }
  const frameName = (n: ProfileNode) => {
    const file = (n.callFrame.url ?? '').replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js');
    return `${n.callFrame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
  };
  /** The nearest named component-like frame (Capitalised function) above a sample: who rendered. */
  const owner = (id: number) => {
    for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
      if (/^[A-Z][A-Za-z0-9]+$/.test(n.callFrame.functionName)) return n.callFrame.functionName;
    }
    return '-';
  };
  const parents = new Map<number, number>();
  for (const n of nodes.values()) for (const c of n.children ?? []) parents.set(c, n.id);
  for (const n of nodes.values())
    if (n.parent === undefined && parents.has(n.id)) n.parent = parents.get(n.id);

  const browserWork = new Set([
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'ParseHTML',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'EvaluateScript',
    'MajorGC',
    'MinorGC',
    'V8.GC_SCAVENGER',
    'Layerize',
    'UpdateLayer',
  ]);
  let blocking = 0;
  const rows = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    blocking += ((task.dur ?? 0) * COUNTED) / 1000 - 50;
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    const count = (key: (s: { node: number }) => string) => {
      const m = new Map<string, number>();
      for (const s of inside) m.set(key(s), (m.get(key(s)) ?? 0) + 1);
      const total = inside.length || 1;
      return [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, v]) => `${Math.round((v / total) * 100)}% ${k}`);
    };
    const work = new Map<string, number>();
    for (const e of events) {
      if (!onMain(e) || e.ph !== 'X' || !browserWork.has(e.name) || e.ts < task.ts || e.ts > end) continue;
      work.set(e.name, (work.get(e.name) ?? 0) + ((e.dur ?? 0) * COUNTED) / 1000);
    }
    return {
      at: Math.round((task.ts - fcp) / 1000),
      ms: Math.round(((task.dur ?? 0) * COUNTED) / 1000),
      self: count((s) => {
        const n = nodes.get(s.node);
        return n ? frameName(n) : '?';
      }),
      owners: count((s) => owner(s.node)),
      work: [...work]
        .filter(([, ms]) => ms >= 5)
        .sort((a, b) => b[1] - a[1])
        .map(([k, ms]) => `${k} ${Math.round(ms)}`),
    };
  });
  return { blocking: Math.round(blocking), rows };
}

/** Prints one trace's tasks; the blocking figure. */
function report(label: string, trace: string): number {
  const { blocking, rows } = analyse((JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents);
  console.log(`\n${label}: ${rows.length} tasks over 50 ms after FCP, blocking ${blocking} ms`);
  for (const r of rows) {
    console.log(`  +${r.at} ms: ${r.ms} ms   [${r.work.join(', ')}]`);
    console.log(`    functions: ${r.self.join(' | ')}`);
    console.log(`    under: ${r.owners.join(' | ')}`);
  }
  return blocking;
}

if (process.env.ANALYSE) {
  report(process.env.ANALYSE, await fs.readFile(process.env.ANALYSE, 'utf8'));
  process.exit(0);
}

const server = process.env.SERVER_URL
  ? { url: process.env.SERVER_URL, stop: async (_opts?: { remove: boolean }) => {} }
  : await startServer({
      env: { ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: 'true' },
      readyTimeoutMs: 600_000,
    });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const totals: number[] = [];
try {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
  for (let run = 1; run <= RUNS; run++) {
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'loading',
      ],
    });
    await page.goto('/dashboard');
    await page.getByTestId('faq-item-1').waitFor({ timeout: 120_000 });
    // Quiet: no long task for two seconds (React's deferred renders and the lazy shell parts follow the data).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let timer = setTimeout(resolve, 2000);
          new PerformanceObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(resolve, 2000);
            // 'longtask' is missing from TypeScript's list of entry types.
          }).observe({ entryTypes: ['longtask'] as never[] });
        }),
    );
    const trace = await browser.stopTracing();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    if (process.env.TRACE) await fs.writeFile(process.env.TRACE, trace);
    totals.push(report(`run ${run}`, trace.toString()));
  }
} finally {
  await browser.close();
  await server.stop({ remove: true });
}
const sorted = [...totals].sort((a, b) => a - b);
console.log(
  `\nblocking after FCP (${SIMULATE ? 'full speed, tasks counted ×4' : '4× CPU'}), median of ${RUNS}: ${sorted[Math.floor(sorted.length / 2)]} ms (${totals.join(', ')})`,
);
