/**
 * Topic workbook and CSV imports against the event loop: how long the server's loop is held while
 * a file is checked and parsed (the parse runs in a worker thread), for hostile workbooks, large
 * honest ones, and bulk-teaching CSV files (15,000 phrase rows with a blank Kind, previewed and
 * then applied). In-process on PGlite (or DATABASE_URL), through HTTP injection.
 * Run: npm run bench:xlsx (no build needed).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { multipartFile } from '../apps/server/src/test/harness.js';
import { xlsxOf } from '../apps/server/src/test/zip-bombs.js';
import { BENCH_ADMIN, benchApp } from './support.js';

const bench = await benchApp();
const { app } = bench;
const login = await app.inject({ method: 'POST', url: '/admin_panel/login', payload: BENCH_ADMIN });
const { access_token, auth_project_id } = login.json().data;
const headers = { access_token, auth_project_id: String(auth_project_id) };

async function honestWorkbook(topics: number) {
  const wb = new ExcelJS.Workbook();
  const t = wb.addWorksheet('Topics');
  t.addRow(['Topic', 'Parent topic', 'Category', 'Active', 'Related intents', 'Remarks', 'Avatar motion']);
  const k = wb.addWorksheet('Keywords');
  k.addRow(['Topic', 'Language', 'Kind', 'Text']);
  for (let i = 0; i < topics; i++) {
    t.addRow([`Topic ${i}`, '', 'Bench', 'yes', 'no', `Remarks of topic ${i}`, '']);
    k.addRow([`Topic ${i}`, 'english', 'keyword', `keyword ${i}`]);
    k.addRow([`Topic ${i}`, 'english', 'phrase', `where can I find thing number ${i}`]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const SI = '<si><t>a</t></si>';
const cases: [string, () => Promise<Buffer>][] = [
  [
    '3,000,000 shared strings',
    () => xlsxOf([{ name: 'xl/sharedStrings.xml', chunk: `<sst>${SI.repeat(10_000)}`, repeat: 300 }]),
  ],
  [
    'headers say 1 KB, inflates to 300 MB',
    () =>
      xlsxOf([{ name: 'xl/sharedStrings.xml', chunk: SI.repeat(1000), repeat: 17_000, declaredSize: 1024 }]),
  ],
  ['honest: 5,000 topics, 10,000 keywords', () => honestWorkbook(5000)],
  ['honest: 20,000 topics, 40,000 keywords', () => honestWorkbook(20_000)],
];

/** One import, timed, with the event loop watched; prints a table row. */
async function measure(name: string, bytes: Buffer, fileName: string, query = 'mode=preview') {
  const { payload, headers: form } = multipartFile({ name: fileName, content: bytes });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/admin_panel/ai_config/intents/import?device_id=1&${query}`,
    headers: { ...headers, ...form },
    payload,
  });
  const ms = performance.now() - started;
  loop.disable();
  const body = res.json() as { error?: string; data?: { applied?: boolean; errors?: unknown[] } };
  const ok = res.statusCode === 200 && body.data?.errors?.length === 0;
  const answer = ok
    ? `200 ${body.data?.applied ? 'applied' : 'preview'}`
    : `${res.statusCode} ${body.error ?? 'errors'}`;
  console.log(
    `| ${name} | ${(bytes.length / 1024).toFixed(0)} KB | ${answer} | ${ms.toFixed(0)} ms | ` +
      `${(loop.max / 1e6).toFixed(1)} / ${(loop.percentile(99) / 1e6).toFixed(1)} ms |`,
  );
}

console.log('| file | size | answer | time | event loop max / p99 |');
console.log('|---|---|---|---|---|');
for (const [name, make] of cases) await measure(name, await make(), 'topics.xlsx');

// Bulk teaching: 500 topics, then 15,000 phrases for them with the Kind column left empty.
const TOPICS = 500;
const topicsCsv = ['Topic,Parent topic,Category,Active,Related intents,Remarks,Avatar motion'];
for (let i = 0; i < TOPICS; i++) topicsCsv.push(`Bench topic ${i},,Bench,TRUE,FALSE,,`);
await measure('CSV: 500 topics (apply)', Buffer.from(topicsCsv.join('\r\n')), 'topics.csv', 'mode=apply');
const phrases = ['Topic,Language,Kind,Text'];
for (let i = 0; i < 15_000; i++) {
  phrases.push(`Bench topic ${i % TOPICS},english,,"where is thing ${i}, please"`);
}
const utf8 = Buffer.from(`\uFEFF${phrases.join('\r\n')}`);
await measure('CSV: 15,000 phrases, blank Kind (UTF-8)', utf8, 'keywords.csv');
await measure(
  'CSV: the same as Unicode Text (UTF-16, tabs)',
  Buffer.from(
    `\uFEFF${phrases.map((l) => l.replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '\t')).join('\r\n')}`,
    'utf16le',
  ),
  'keywords.txt',
);
await measure('CSV: 15,000 phrases, no answer (apply)', utf8, 'keywords.csv', 'mode=apply');
await measure(
  'CSV: 15,000 phrases, blank_kind=phrase (apply)',
  utf8,
  'keywords.csv',
  'mode=apply&blank_kind=phrase',
);
const tooMany = `Topic,Language,Kind,Text\n${'Bench topic 1,english,keyword,x\n'.repeat(300_001)}`;
await measure('CSV: 300,001 rows', Buffer.from(tooMany), 'keywords.csv');
await bench.close();
