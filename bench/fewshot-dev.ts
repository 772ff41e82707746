/**
 * The few-shot set's development reading, for tuning (bench/data/fewshot/README.md, "The rule"):
 * it looks at teach.json only, never at the held-out test.json / out-of-scope.json.
 * - fold: the k-th teaching phrase of every topic is held out and asked of a matcher taught the rest
 *   (k = 0..4), per variety;
 * - cross: a matcher taught in one variety asked another variety's teaching phrases (Cantonese ↔
 *   Mandarin, Traditional ↔ Simplified);
 * - oos: bench/data/fewshot-dev/out-of-scope-dev.json (30 per variety, written for development,
 *   apart from the held-out out-of-scope set), asked of a matcher taught every phrase.
 * Run: npx tsx bench/fewshot-dev.ts [threshold]
 */
import { buildMatcher, DEFAULT_THRESHOLD } from '../apps/server/src/matcher/index.js';
import type { MatcherTopic } from '../apps/server/src/matcher/index.js';
import {
  devOutOfScope,
  devOutOfScope2,
  devParaphrases,
  LANGUAGE,
  teach,
  topicIds,
  VARIETIES,
  type Variety,
} from './fewshot-dev-data.js';

const oos = devOutOfScope;
const ids = topicIds;
const threshold = Number(process.argv[2] ?? DEFAULT_THRESHOLD);

function matcherFor(v: Variety, skip?: number) {
  const topics: MatcherTopic[] = ids.map((id, i) => ({
    id: i + 1,
    name: id,
    active: true,
    examples: teach[id]![v]!.filter((_, j) => j !== skip).map((text) => ({
      language: LANGUAGE[v],
      text,
      kind: 'phrase' as const,
    })),
  }));
  return buildMatcher({ topics, entities: [] }, { threshold: 0 });
}

interface Tally {
  n: number;
  top1: number;
  answered: number;
  wrong: number;
}
const tally = (): Tally => ({ n: 0, top1: 0, answered: 0, wrong: 0 });
function count(t: Tally, got: { topicId: number; score: number } | undefined, want: number) {
  t.n++;
  if (got?.topicId === want) t.top1++;
  if (got && got.score >= threshold) {
    if (got.topicId === want) t.answered++;
    else t.wrong++;
  }
}
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
const line = (name: string, t: Tally) =>
  `${name.padEnd(22)} n=${String(t.n).padStart(4)} top1 ${pct(t.top1, t.n).padStart(6)} answered ${pct(t.answered, t.n).padStart(6)} wrong ${pct(t.wrong, t.n).padStart(6)}`;

console.log(`threshold ${threshold}`);
const sums = { fold: tally(), cross: tally(), dev2: tally() };
let dev2Refused = 0;
let dev2OosN = 0;
const verbose = process.env.VERBOSE === '1';
let oosRefused = 0;
let oosN = 0;
for (const v of VARIETIES) {
  const t = tally();
  for (let k = 0; k < 5; k++) {
    if (!ids.some((id) => teach[id]![v]!.length > k)) continue;
    const m = matcherFor(v, k);
    ids.forEach((id, i) => {
      const q = teach[id]![v]![k];
      if (q !== undefined && teach[id]![v]!.length > 1)
        count(t, m.match(q, LANGUAGE[v]).candidates[0], i + 1);
    });
  }
  console.log(line(`fold ${v}`, t));
  Object.assign(sums.fold, {
    n: sums.fold.n + t.n,
    top1: sums.fold.top1 + t.top1,
    answered: sums.fold.answered + t.answered,
    wrong: sums.fold.wrong + t.wrong,
  });
  const full = matcherFor(v);
  const scores = oos[v].map((q) => full.match(q, LANGUAGE[v]).candidates[0]?.score ?? 0);
  const refused = scores.filter((s) => s < threshold).length;
  oosRefused += refused;
  oosN += scores.length;
  console.log(`oos ${v}`.padEnd(22), `refused ${pct(refused, scores.length)}`);
  // dev2: a matcher taught every phrase, asked the second writer's paraphrases and out-of-scope set.
  const d = tally();
  ids.forEach((id, i) => {
    for (const q of devParaphrases[id]![v]!) {
      const got = full.match(q, LANGUAGE[v]).candidates[0];
      count(d, got, i + 1);
      if (verbose && (got?.topicId !== i + 1 || got.score < threshold))
        console.log(
          `  ✗ ${v} ${id}: ${q} → ${got ? `${ids[got.topicId - 1]} ${got.score.toFixed(2)}` : '—'}`,
        );
    }
  });
  console.log(line(`dev2 ${v}`, d));
  for (const key of ['n', 'top1', 'answered', 'wrong'] as const) sums.dev2[key] += d[key];
  const oos2 = devOutOfScope2[v].map((q) => full.match(q, LANGUAGE[v]).candidates[0]?.score ?? 0);
  const refused2 = oos2.filter((s) => s < threshold).length;
  dev2Refused += refused2;
  dev2OosN += oos2.length;
  console.log(`dev2 oos ${v}`.padEnd(22), `refused ${pct(refused2, oos2.length)}`);
}
for (const [from, to] of [
  ['yue', 'zhHant'],
  ['zhHant', 'yue'],
  ['zhHans', 'yue'],
  ['yue', 'zhHans'],
  ['zhHant', 'zhHans'],
] as [Variety, Variety][]) {
  const m = matcherFor(from);
  const t = tally();
  ids.forEach((id, i) => {
    for (const q of teach[id]![to]!) count(t, m.match(q, LANGUAGE[to]).candidates[0], i + 1);
  });
  console.log(line(`cross ${from}→${to}`, t));
  Object.assign(sums.cross, {
    n: sums.cross.n + t.n,
    top1: sums.cross.top1 + t.top1,
    answered: sums.cross.answered + t.answered,
    wrong: sums.cross.wrong + t.wrong,
  });
}
console.log(line('FOLD all', sums.fold));
console.log(line('CROSS all', sums.cross));
console.log(`OOS all`.padEnd(22), `refused ${pct(oosRefused, oosN)}`);
console.log(line('DEV2 all', sums.dev2));
console.log(`DEV2 OOS all`.padEnd(22), `refused ${pct(dev2Refused, dev2OosN)}`);
