/**
 * Sign-in cost: argon2id at OWASP parameters dominates. Measures POST /admin_panel/login and an
 * authenticated GET through the whole app (in-process, PGlite in a temp dir, or DATABASE_URL).
 * Run: npm run bench:login (after npm run build).
 */
import { BENCH_ADMIN, benchApp } from './support.js';

const N = Number(process.env.BENCH_N ?? 100);

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function summary(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const total = ms.reduce((a, b) => a + b, 0);
  console.log(
    `${name}: n=${ms.length} p50=${pct(s, 50).toFixed(2)} ms p95=${pct(s, 95).toFixed(2)} ms ` +
      `max=${s.at(-1)!.toFixed(2)} ms throughput=${((ms.length / total) * 1000).toFixed(0)}/s (sequential)`,
  );
}

const bench = await benchApp();
const { app, database } = bench;
console.log(`database: ${database.kind}, node ${process.version}`);

const logins: number[] = [];
let headers: Record<string, string> = {};
for (let i = 0; i < N; i++) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/admin_panel/login',
    payload: BENCH_ADMIN,
  });
  logins.push(performance.now() - t0);
  const data = res.json().data;
  headers = { access_token: data.access_token, auth_project_id: String(data.auth_project_id) };
}
summary('POST /login', logins);

const reads: number[] = [];
for (let i = 0; i < N * 10; i++) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/admin_panel/admin_settings/users?limit=10&offset=0',
    headers,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  reads.push(performance.now() - t0);
}
summary('GET /admin_settings/users (auth + page of 10)', reads);

await bench.close();
