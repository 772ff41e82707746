/**
 * Document answers (modules/mrc/retrieval) on the evaluation set in bench/data/mrc: 11 site
 * documents (English, Traditional Chinese with Cantonese, Simplified Chinese) and 127 questions with
 * the sentence that answers each, split dev (tuned on) and test (never tuned on), plus questions no
 * document answers. Prints, per split: the right passage in the top 3, the extracted answer holding
 * the marked sentence, and how many unanswerable questions were answered, asked of one index of all
 * the documents and of each place's document alone (as a device holds one place's); then latency with
 * 500 documents on the device (the set replicated under varied names), in-process.
 *
 * Run: npx tsx bench/mrc.ts   (VERBOSE=1: the dev misses of the one index; VERBOSE=alone: of each place)
 * Env: MRC_THRESHOLD, MRC_K1, MRC_B, MRC_UNSEEN, MRC_PW, MRC_FOLLOW, MRC_SECOND, MRC_SECOND_MAX (tuning, dev
 * splits only), BENCH_DOCS (default 500).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  buildIndex,
  type Bm25Index,
  type IndexedPassage,
} from '../apps/server/src/modules/mrc/retrieval/bm25.js';
import { EXTRACT_DEFAULTS } from '../apps/server/src/modules/mrc/retrieval/answer.js';
import {
  ANSWERABLE,
  answerFrom,
  DEFAULT_THRESHOLD,
  DENSE_THRESHOLD,
} from '../apps/server/src/modules/mrc/retrieval/service.js';
import { fitLogistic } from './fit.js';
import {
  buildDenseDocs,
  denseTexts,
  type DenseDocs,
} from '../apps/server/src/modules/mrc/retrieval/dense.js';
import { createLocalEmbedder } from '../apps/server/src/nlu/embedder/local.js';
import { BACKGROUND } from '../apps/server/src/nlu/background.js';

const DIR = path.join(import.meta.dirname, 'data', 'mrc');
const DOCS = Number(process.env.BENCH_DOCS ?? 500);
const env = (name: string) => (process.env[name] === undefined ? undefined : Number(process.env[name]));
const threshold = env('MRC_THRESHOLD') ?? DEFAULT_THRESHOLD;
const params = {
  ...(env('MRC_K1') === undefined ? {} : { k1: env('MRC_K1') }),
  ...(env('MRC_B') === undefined ? {} : { b: env('MRC_B') }),
  ...(env('MRC_UNSEEN') === undefined ? {} : { unseen: env('MRC_UNSEEN') }),
};
const extract = {
  ...EXTRACT_DEFAULTS,
  ...(env('MRC_PW') === undefined ? {} : { passageWeight: env('MRC_PW')! }),
  ...(env('MRC_FOLLOW') === undefined ? {} : { follow: env('MRC_FOLLOW')! }),
  ...(env('MRC_DW') === undefined ? {} : { denseWeight: env('MRC_DW')! }),
  ...(env('MRC_SECOND') === undefined ? {} : { second: env('MRC_SECOND')! }),
  ...(env('MRC_SECOND_MAX') === undefined ? {} : { secondMax: env('MRC_SECOND_MAX')! }),
};

interface Question {
  question: string;
  variety?: string;
  language: string;
  document: string;
  answer_sentence: string;
  split: 'dev' | 'dev2' | 'test';
}

/**
 * A plain text → passages chunker (the scan side's own is not on this branch): HTML tags dropped
 * with headings and paragraphs kept, then one passage per paragraph under its heading. A Markdown
 * `#` line, an HTML heading, or a short line without sentence punctuation (a .txt heading) is a heading.
 */
function toPassages(
  file: string,
  raw: string,
): Array<Omit<IndexedPassage, 'id' | 'documentId' | 'filename'>> {
  let text = raw;
  if (file.endsWith('.html')) {
    text = text
      .replace(/<(script|style|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/gi, '\n\n# $1\n\n')
      .replace(/<\/(p|li|div)>/gi, '\n\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&');
  }
  const out: Array<Omit<IndexedPassage, 'id' | 'documentId' | 'filename'>> = [];
  let heading: string | null = null;
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const body: string[] = [];
    for (const line of lines) {
      const md = /^#{1,6}\s+(.*)$/.exec(line);
      if (md) heading = md[1]!.trim();
      else if (line.length <= 40 && !/[.!?。！？，,；]/.test(line) && body.length === 0) heading = line;
      else body.push(line);
    }
    if (body.length > 0) out.push({ ordinal: out.length, page: 1, heading, text: body.join('\n') });
  }
  return out;
}

const files = fs
  .readdirSync(DIR)
  .filter((f) => /\.(md|txt|html)$/.test(f))
  .sort();
const chunked = new Map(files.map((f) => [f, toPassages(f, fs.readFileSync(path.join(DIR, f), 'utf8'))]));

function passagesFor(copies: number): IndexedPassage[] {
  const all: IndexedPassage[] = [];
  let documentId = 0;
  for (let c = 0; c < copies; c++) {
    for (const f of files) {
      documentId++;
      const ext = path.extname(f);
      // Copies carry varied names, as a site's many handbooks and their versions would.
      const filename = c === 0 ? f : `${path.basename(f, ext)} (${2000 + (c % 25)} edition ${c})${ext}`;
      for (const p of chunked.get(f)!) all.push({ ...p, id: all.length + 1, documentId, filename });
    }
  }
  return all;
}

const readQuestions = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Question[];
const questions = [
  ...readQuestions('questions.json'),
  ...readQuestions('questions-dev2.json'),
  ...readQuestions('questions-cross.json').map((q) => ({ ...q, cross: true })),
] as Array<Question & { cross?: boolean }>;
// Questions no document answers: out-of-place ones (dev, test), and ones that sound as if a place's
// documents should answer them but do not ("What time does the gift shop close?"; dev2, test),
// which name that place's document.
type Unanswerable = { question: string; split: 'dev' | 'dev2' | 'test'; document?: string; cross?: boolean };
const unanswerable = [
  ...(JSON.parse(fs.readFileSync(path.join(DIR, 'unanswerable.json'), 'utf8')) as Unanswerable[]),
  ...(JSON.parse(fs.readFileSync(path.join(DIR, 'unanswerable-cross.json'), 'utf8')) as Unanswerable[]).map(
    (q) => ({ ...q, cross: true }),
  ),
];

const places = passagesFor(1);
const index = await buildIndex(places, { params, sliceMs: 1e9 });
// A device usually holds one place's documents: each place alone, where its own name is in most
// passages and says little, unlike the one index of all eleven places above.
const alone = new Map<string, Bm25Index>();
for (const f of files) {
  alone.set(
    f,
    await buildIndex(
      places.filter((p) => p.filename === f),
      { params, sliceMs: 1e9 },
    ),
  );
}
// DENSE=1: the documents' and questions' embeddings from the local model, as a device with the
// packaged model has them (EMBED_CACHE=file keeps them between runs).
const denseOf = new Map<Bm25Index, DenseDocs>();
const questionVectors = new Map<string, Float32Array>();
if (process.env.DENSE) {
  const embedder = createLocalEmbedder({
    dir: path.join(import.meta.dirname, '..', '.embedder'),
    timeoutMs: 60_000,
    log: { info: () => undefined, warn: () => undefined, error: (o, m) => console.error(m, o) },
  });
  await embedder.ready();
  const cacheFile = process.env.EMBED_CACHE;
  const cache: Record<string, number[]> =
    cacheFile && fs.existsSync(cacheFile) ? JSON.parse(fs.readFileSync(cacheFile, 'utf8')) : {};
  const embed = async (texts: string[], kind: 'query' | 'passage') => {
    const out = new Map<string, Float32Array>();
    const missing = [...new Set(texts)].filter((t) => !cache[`${kind}:${t}`]);
    for (let i = 0; i < missing.length; i += 32) {
      const batch = missing.slice(i, i + 32);
      const vs = await embedder.embed(batch, kind);
      if (!vs) throw new Error('embedding failed');
      batch.forEach((t, j) => (cache[`${kind}:${t}`] = [...vs[j]!]));
    }
    for (const t of texts) out.set(t, Float32Array.from(cache[`${kind}:${t}`]!));
    return out;
  };
  const passageVectors = await embed(denseTexts(places), 'passage');
  const bg = await embed([...BACKGROUND.en, ...BACKGROUND.zh], 'query');
  const background = { en: BACKGROUND.en.map((t) => bg.get(t)!), zh: BACKGROUND.zh.map((t) => bg.get(t)!) };
  for (const [t, v] of await embed(
    [...questions, ...unanswerable].map((q) => q.question),
    'query',
  ))
    questionVectors.set(t, v);
  denseOf.set(index, buildDenseDocs(places, passageVectors, background));
  for (const [f, ix] of alone)
    denseOf.set(
      ix,
      buildDenseDocs(
        places.filter((p) => p.filename === f),
        passageVectors,
        background,
      ),
    );
  if (cacheFile) fs.writeFileSync(cacheFile, JSON.stringify(cache));
  await embedder.close();
}
const denseThreshold = {
  same: env('MRC_DENSE_SAME') ?? DENSE_THRESHOLD.same,
  cross: env('MRC_DENSE_CROSS') ?? DENSE_THRESHOLD.cross,
};
function ask(ix: Bm25Index, question: string, params = extract) {
  const docs = denseOf.get(ix);
  const q = questionVectors.get(question);
  return answerFrom(
    ix,
    question,
    threshold,
    params,
    docs && q ? { docs, q: docs.centreQuery(q, question) } : undefined,
    denseThreshold,
    process.env.THRESHOLDS ? null : ANSWERABLE,
  );
}

// FIT=1 (with DENSE=1): fits ANSWERABLE on the dev splits, each place alone, and prints its weights.
// A row per question and the sentence chosen for it: 1 when that sentence is the marked answer,
// 0 when it is another, or when no document answers the question.
if (process.env.FIT) {
  const X: number[][] = [];
  const y: number[] = [];
  const dev = (split: string) => split !== 'test';
  for (const q of questions.filter((q) => dev(q.split))) {
    const r = ask(alone.get(q.document)!, q.question);
    if (!r.features) continue;
    X.push(r.features);
    y.push(r.extracted!.text.includes(q.answer_sentence) ? 1 : 0);
  }
  for (const q of unanswerable.filter((q) => dev(q.split)))
    for (const ix of q.document ? [alone.get(q.document)!] : [...alone.values()]) {
      const r = ask(ix, q.question);
      if (!r.features) continue;
      X.push(r.features);
      y.push(0);
    }
  // The questions no document answers count as much, together, as those it does.
  const pos = y.filter((v) => v === 1).length;
  const neg = y.length - pos;
  const w = fitLogistic(
    X,
    y,
    y.map((v) => (v === 1 ? 1 : pos / Math.max(1, neg))),
  );
  console.log(
    `ANSWERABLE weights (${pos} answerable, ${neg} not): [${w.map((v) => v.toFixed(4)).join(', ')}]`,
  );
  ANSWERABLE.weights = w;
}
const pc = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
console.log(`threshold ${threshold}  params ${JSON.stringify(params)}  extract ${JSON.stringify(extract)}`);

/**
 * Each split's figures. `indexesFor` gives the index a question about that document is asked of;
 * a question no document answers and that names no place is asked of each index it gives.
 */
function evaluate(indexesFor: (document?: string) => Bm25Index[], verbose: boolean) {
  for (const [split, cross] of [
    ['dev', false],
    ['dev2', false],
    ['test', false],
    ['dev', true],
    ['test', true],
  ] as const) {
    const qs = questions.filter((q) => q.split === split && Boolean(q.cross) === cross);
    let top3 = 0;
    let answers = 0;
    let belowThreshold = 0;
    let wrongSentence = 0;
    const quoted: number[] = [];
    // Answers that quote the passage's next-best sentence too (what `second` adds), and of those,
    // how many hold the marked sentence only thanks to it.
    let seconds = 0;
    let bySecond = 0;
    for (const q of qs) {
      const r = ask(indexesFor(q.document)[0]!, q.question);
      if (r.text !== null) quoted.push(r.text.length);
      if (r.answered && extract.second > 0) {
        const alone = ask(indexesFor(q.document)[0]!, q.question, { ...extract, second: 0 });
        if (alone.text !== r.text) {
          seconds++;
          if (r.text!.includes(q.answer_sentence) && !alone.text?.includes(q.answer_sentence)) bySecond++;
        }
      }
      const found = r.hits.some((h) => h.filename === q.document && h.text.includes(q.answer_sentence));
      const answeredRight = r.answered && r.text !== null && r.text.includes(q.answer_sentence);
      if (found) top3++;
      if (answeredRight) answers++;
      else if (found && !r.answered) belowThreshold++;
      else if (found) wrongSentence++;
      if (verbose && split !== 'test' && !answeredRight) {
        console.log(
          `  ✗ ${q.question} [${r.score}${found ? '' : ', not in top 3'}] → ${r.text ?? '(not answered)'}`,
        );
      }
    }
    const neg = unanswerable.filter((q) => q.split === split && Boolean(q.cross) === cross);
    const wrongly = neg.filter((q) => indexesFor(q.document).some((ix) => ask(ix, q.question).answered));
    // "answered/asked" for the out-of-place questions, or for those naming a place.
    const count = (answered: typeof neg, ofPlace: boolean) => {
      const kind = (q: (typeof neg)[number]) => Boolean(q.document) === ofPlace;
      return `${answered.filter(kind).length}/${neg.filter(kind).length}`;
    };
    if (verbose && split !== 'test') {
      for (const q of neg) {
        const r = ask(indexesFor(q.document)[0]!, q.question);
        console.log(`  ? ${q.question} [${r.score}] → ${r.text ?? '(not answered)'}`);
      }
    }
    console.log(
      `${split}${cross ? ' (Chinese on English documents)' : ''}: ${qs.length} questions  top-3 ${pc(top3, qs.length)}  answer ${pc(answers, qs.length)}  ` +
        `unanswerable answered: out of place ${count(wrongly, false)}, the place's own ${count(wrongly, true)}  ` +
        `(in the top 3 but under the threshold ${belowThreshold}, another sentence quoted ${wrongSentence}; ` +
        `answers ${Math.round(quoted.reduce((a, b) => a + b, 0) / Math.max(1, quoted.length))} characters on average; ` +
        `${seconds} quote a second sentence, ${bySecond} of them right only with it)`,
    );
  }
}

console.log('one index of all eleven places:');
evaluate(() => [index], process.env.VERBOSE === '1');
console.log('each place alone (a question that names no place is asked of each):');
evaluate(
  (document) => (document ? [alone.get(document)!] : [...alone.values()]),
  process.env.VERBOSE === 'alone',
);

// Latency: the device holds DOCS documents; every question asked in turn, after a warm-up round.
if (DOCS === 0) process.exit(0);
const copies = Math.ceil(DOCS / files.length);
const started = performance.now();
const big = await buildIndex(
  passagesFor(copies).filter((p) => p.documentId <= DOCS),
  { params, sliceMs: 1e9 },
);
const buildMs = performance.now() - started;
const asked = [...questions.map((q) => q.question), ...unanswerable.map((q) => q.question)];
for (const q of asked) answerFrom(big, q, threshold, extract);
const times: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const q of asked) {
    const t0 = performance.now();
    answerFrom(big, q, threshold, extract);
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
console.log(
  `latency with ${DOCS} documents (${big.passages.length} passages, index built in ${Math.round(buildMs)} ms): ` +
    `p50 ${at(50)} ms  p95 ${at(95)} ms  (${times.length} answers)`,
);
