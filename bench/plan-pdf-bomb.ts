/**
 * A floor-plan PDF bomb against the plan reader (modules/locations/pdf.ts): a PDF of about 300 KB
 * whose one picture (declaring 7,000 × 7,000) is a Flate stream unpacking to 300 MB. Prints how long
 * the refusal takes and the process's RSS before, at its peak (sampled every 10 ms) and after.
 * With BENCH_UNGUARDED=1 it does the same with pdf.js alone on this thread, as floor plans were read
 * before the guard, for comparison.
 *
 * Run: npx tsx bench/plan-pdf-bomb.ts
 */
import { extractImages, getDocumentProxy } from 'unpdf';
import { pdfPagePicture } from '../apps/server/src/modules/locations/pdf.js';
import { deflateRepeated, pdfWithPicture } from '../apps/server/src/test/document-fixtures.js';

const MB = 1024 * 1024;
const rss = () => Math.round(process.memoryUsage().rss / MB);

const bomb = pdfWithPicture(7000, 7000, {
  data: await deflateRepeated(Buffer.alloc(1024), 300 * 1024),
  filter: '/FlateDecode',
});
// A normal plan first, so the worker's code is loaded and warm.
await pdfPagePicture(pdfWithPicture(), 1, 50e6);
await new Promise((resolve) => setTimeout(resolve, 500));

const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
const started = performance.now();
const outcome: string = await (
  process.env.BENCH_UNGUARDED
    ? getDocumentProxy(new Uint8Array(bomb), { isEvalSupported: false, disableFontFace: true, verbosity: 0 })
        .then((pdf) => extractImages(pdf, 1))
        .then((images) => `read ${images.map((i) => `${i.width}×${i.height}`).join(', ')}`)
    : pdfPagePicture(bomb, 1, 50e6).then(() => 'read')
).catch((e: Error) => `refused (${(e as { code?: string }).code ?? e.name}: ${e.message})`);
const ms = Math.round(performance.now() - started);
peak = Math.max(peak, rss());
await new Promise((resolve) => setTimeout(resolve, 1000));
clearInterval(sampler);
console.log(
  `bomb ${Math.round(bomb.length / 1024)} KB: ${outcome}` +
    ` in ${ms} ms; RSS before ${before} MB, peak ${peak} MB, after ${rss()} MB`,
);
