/**
 * Document scanning speed (issue 17, MRC): a scan should read at least 20 pages a second. A
 * 200-page PDF like a visitor guide (a heading every other page, five paragraphs of body text a
 * page, about 450 words a page) is written with pdf-lib, then read the way a scan reads it:
 * `extractDocument` in its worker thread (worker start included), then `toPassages`.
 *
 * Run: npx tsx bench/mrc-scan.ts          Env: BENCH_PAGES (default 200), BENCH_N (runs, default 3)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractDocument, toPassages } from '../apps/server/src/modules/mrc/extract/index.js';
import { pdfOf, sentences, type PdfLine } from '../apps/server/src/test/document-fixtures.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const RUNS = Number(process.env.BENCH_N ?? 3);
const TOPICS = ['gallery', 'cafe', 'garden', 'shop', 'theatre', 'library'];

const pages: PdfLine[][] = Array.from({ length: PAGES }, (_, p) => {
  const lines: PdfLine[] = [];
  if (p % 2 === 0) lines.push({ heading: `Section ${p / 2 + 1}: the ${TOPICS[p % TOPICS.length]}` });
  for (let i = 0; i < 5; i++) lines.push({ text: sentences(6, TOPICS[(p + i) % TOPICS.length]) });
  return lines;
});

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-mrc-'));
try {
  const file = path.join(dir, 'guide.pdf');
  const bytes = await pdfOf(pages);
  await writeFile(file, bytes);
  console.log(`${PAGES}-page PDF, ${(bytes.length / 1024).toFixed(0)} KB`);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const doc = await extractDocument(file, 'pdf', { maxPages: 2_000, maxCharacters: 10_000_000 });
    const t1 = performance.now();
    const passages = toPassages(doc.blocks);
    const t2 = performance.now();
    times.push(t2 - t0);
    console.log(
      `run ${run + 1}: read ${(t1 - t0).toFixed(0)} ms, passages ${(t2 - t1).toFixed(0)} ms → ` +
        `${((PAGES * 1000) / (t2 - t0)).toFixed(1)} pages/s (${doc.characters.toLocaleString('en')} characters, ` +
        `${doc.blocks.length} blocks, ${passages.length} passages, ${doc.language})`,
    );
  }
  const best = Math.min(...times);
  const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(
    `median ${((PAGES * 1000) / median).toFixed(1)} pages/s, best ${((PAGES * 1000) / best).toFixed(1)} pages/s ` +
      `(target ≥ 20 pages/s)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
