/**
 * Intent matcher on banking77 (PolyAI, CC BY 4.0; ../shared/data/banking77 from the repo root):
 * (1) test accuracy with one topic per intent and the train rows as training phrases; (2) out-of-scope
 * detection with 10 intents held out of training; (3) throughput and latency on one core with 1,000
 * topics (the 77 intents + 923 synthetic topics), full build vs incremental update time, heap, and
 * the time-sliced build (buildMatcherAsync): total time and the longest event-loop stall during it.
 * Run: npm run bench:matcher (no build needed).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  buildMatcher,
  buildMatcherAsync,
  DEFAULT_SLICE_MS,
  DEFAULT_THRESHOLD,
} from '../apps/server/src/matcher/index.js';
import { rng } from '../apps/server/src/matcher/model.js';
import type { DeviceMatcher, MatcherTopic } from '../apps/server/src/matcher/index.js';
import { banking77, heldOutIntents } from './banking77.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (x: number, d = 1) => x.toFixed(d);

const { train, test, categories } = banking77();
const idOf = new Map(categories.map((c, i) => [c, i + 1]));

function intentTopics(intents: readonly string[]): MatcherTopic[] {
  return intents.map((c) => ({
    id: idOf.get(c)!,
    name: c,
    active: true,
    examples: train
      .filter((r) => r.category === c)
      .map((r) => ({ language: 'english' as const, text: r.text, kind: 'phrase' as const })),
  }));
}

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const out = fn();
  return [out, performance.now() - t];
}

console.log(
  `# Intent matcher benchmark (banking77: ${train.length} train, ${test.length} test, ${categories.length} intents)\n`,
);

// (1) Accuracy, all 77 intents.
const [full, fullBuildMs] = time(() => buildMatcher({ topics: intentTopics(categories), entities: [] }));
let top1 = 0;
let answered = 0;
for (const r of test) {
  const res = full.match(r.text, 'english');
  if (res.candidates[0]?.topicId === idOf.get(r.category)) top1++;
  if (!res.fallback && res.best?.topicId === idOf.get(r.category)) answered++;
}
console.log('## Accuracy (77 topics, train rows as training phrases)\n');
console.log('| measure | value |\n|---|---|');
console.log(`| top-1 accuracy (no threshold) | ${fmt((100 * top1) / test.length, 2)}% |`);
console.log(
  `| accuracy at default threshold ${DEFAULT_THRESHOLD} (fallback = error) | ${fmt((100 * answered) / test.length, 2)}% |`,
);
console.log(`| build time, 77 topics / ${train.length} phrases | ${fmt(fullBuildMs, 0)} ms |\n`);

// (2) Out-of-scope: 10 intents (seeded) held out of training; their test rows should fall back.
const held = heldOutIntents(categories);
const inScope = buildMatcher(
  { topics: intentTopics(categories.filter((c) => !held.has(c))), entities: [] },
  { threshold: 0 },
);
const scored = test.map((r) => {
  const top = inScope.match(r.text, 'english').candidates[0];
  return {
    oos: held.has(r.category),
    correct: top?.topicId === idOf.get(r.category),
    score: top?.score ?? 0,
  };
});
const ins = scored.filter((s) => !s.oos);
const oos = scored.filter((s) => s.oos);
console.log(`## Out-of-scope (held out: ${[...held].sort().join(', ')})\n`);
console.log(`${ins.length} in-scope and ${oos.length} out-of-scope test rows.\n`);
console.log('| threshold | in-scope accuracy (fallback = error) | in-scope recall | OOS recall |');
console.log('|---|---|---|---|');
const thresholds = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];
if (!thresholds.includes(DEFAULT_THRESHOLD)) thresholds.push(DEFAULT_THRESHOLD);
for (const t of thresholds.sort((a, b) => a - b)) {
  const acc = ins.filter((s) => s.correct && s.score >= t).length / ins.length;
  const recall = ins.filter((s) => s.score >= t).length / ins.length;
  const oosRecall = oos.filter((s) => s.score < t).length / oos.length;
  const mark = t === DEFAULT_THRESHOLD ? ' **(default)**' : '';
  console.log(`| ${t}${mark} | ${fmt(100 * acc)}% | ${fmt(100 * recall)}% | ${fmt(100 * oosRecall)}% |`);
}

// (3) Throughput with 1,000 topics: the 77 intents plus 923 synthetic topics of 10 phrases each.
// Each synthetic topic owns 6 made-up words and mixes 2–4 of them with common English question words,
// so its phrases share function words and char n-grams with banking77 (realistic scoring cost).
const random = rng(1000);
const syllables = ['ka', 'lo', 'mi', 'ru', 'te', 'sa', 'vo', 'ne', 'pi', 'da', 'go', 'zu', 'fe', 'ri', 'ba'];
const fillers =
  'how do i can you what is the my where when why to a for of in on get it me please does are'.split(' ');
const word = () =>
  Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * 15)]).join('');
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const synthetic: MatcherTopic[] = Array.from({ length: 923 }, (_, i) => {
  const own = Array.from({ length: 6 }, word);
  return {
    id: 1000 + i,
    name: `synthetic ${i}`,
    active: true,
    examples: Array.from({ length: 10 }, () => {
      const words = [...Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(own))];
      for (let k = 0, n = 2 + Math.floor(random() * 5); k < n; k++)
        words.splice(Math.floor(random() * words.length), 0, pick(fillers));
      return { language: 'english' as const, text: words.join(' '), kind: 'phrase' as const };
    }),
  };
});
const bigTopics = [...intentTopics(categories), ...synthetic];
const heapBefore = heapMb();
const [big, bigBuildMs] = time(() => buildMatcher({ topics: bigTopics, entities: [] }));
const heapAfter = heapMb();

// The same build in time slices. The histogram samples the event loop every 10 ms: its max is the
// longest the loop went without turning, i.e. how long another request could have waited.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const asyncStart = performance.now();
const bigAsync = await buildMatcherAsync({ topics: bigTopics, entities: [] });
const asyncBuildMs = performance.now() - asyncStart;
loopDelay.disable();
const asyncStallMs = loopDelay.max / 1e6;
const sameModel = test
  .slice(0, 300)
  .every(
    (r) => JSON.stringify(bigAsync.match(r.text, 'english')) === JSON.stringify(big.match(r.text, 'english')),
  );
if (!sameModel) throw new Error('buildMatcherAsync and buildMatcher disagree');
const queries = test.map((r) => r.text);
for (const q of queries.slice(0, 500)) big.match(q, 'english'); // warm-up (JIT)
const latencies: number[] = [];
const loopStart = performance.now();
for (const q of queries) {
  const t = performance.now();
  big.match(q, 'english');
  latencies.push(performance.now() - t);
}
const loopMs = performance.now() - loopStart;
latencies.sort((a, b) => a - b);

function updateMs(matcher: DeviceMatcher, topic: MatcherTopic, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const changed = {
      ...topic,
      examples: [
        ...topic.examples,
        { language: 'english' as const, text: `new phrase number ${i}`, kind: 'keyword' as const },
      ],
    };
    times.push(time(() => matcher.update([changed], []))[1]);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
const updSynthetic = updateMs(big, synthetic[500]!, 9);
const updIntent = updateMs(big, bigTopics[3]!, 9);
const removeMs = time(() => big.update([], [synthetic[10]!.id]))[1];
const phrases = bigTopics.reduce((n, t) => n + t.examples.length, 0);

console.log(`\n## Throughput (1,000 topics, ${phrases} phrases; one core, sequential)\n`);
console.log('| measure | value |\n|---|---|');
console.log(
  `| utterances/s (banking77 test, ${queries.length}) | ${fmt((queries.length / loopMs) * 1000, 0)} |`,
);
console.log(
  `| latency p50 / p95 / max | ${fmt(pct(latencies, 50) * 1000, 0)} / ${fmt(pct(latencies, 95) * 1000, 0)} / ${fmt(latencies.at(-1)! * 1000, 0)} µs |`,
);
console.log(`| full build (\`buildMatcher\`, holds the event loop throughout) | ${fmt(bigBuildMs, 0)} ms |`);
console.log(
  `| full build without holding the event loop (\`buildMatcherAsync\`, ${DEFAULT_SLICE_MS} ms slices): total / longest stall | ${fmt(asyncBuildMs, 0)} / ${fmt(asyncStallMs)} ms (same scores on 300 questions) |`,
);
console.log(`| update() one synthetic topic (10 phrases), median of 9 | ${fmt(updSynthetic)} ms |`);
console.log(`| update() one banking77 topic (~130 phrases), median of 9 | ${fmt(updIntent)} ms |`);
console.log(`| update() remove one topic | ${fmt(removeMs)} ms |`);
console.log(`| heap used by the matcher (after GC) | ${fmt(heapAfter - heapBefore)} MB |`);
