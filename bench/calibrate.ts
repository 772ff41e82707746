/**
 * Fits the matcher's confidence (ModelParams.calibration) on development data only: teach.json
 * folds and cross-variety questions, the development out-of-scope set (bench/data/fewshot-dev), and
 * a split of banking77's *train* rows (80% taught, 20% asked, 10 intents held out as out-of-scope).
 * The held-out few-shot test sets and banking77's test rows are never read.
 * Each question's top candidate gives one row of features and
 * whether it was right; a weighted logistic regression (each set weighs the same, the hard "fold"
 * sets less) gives the weights to paste into DEFAULT_PARAMS.calibration (before its ln(7/3) shift).
 * Run: npm run bench:calibrate
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMatcher } from '../apps/server/src/matcher/index.js';
import type { CandidateFeatures } from '../apps/server/src/matcher/model.js';
import type { Language, MatcherTopic } from '../apps/server/src/matcher/index.js';
import { parseCsv } from './banking77.js';
import { devOutOfScope, LANGUAGE, teach, topicIds, VARIETIES, type Variety } from './fewshot-dev-data.js';

const oos = devOutOfScope;
const ids = topicIds;
const out: string[] = [];

function build(examples: (id: string) => { language: Language; text: string }[]) {
  const topics: MatcherTopic[] = ids.map((id, i) => ({
    id: i + 1,
    name: id,
    active: true,
    examples: examples(id).map((e) => ({ ...e, kind: 'phrase' as const })),
  }));
  return buildMatcher({ topics, entities: [] }, { threshold: 0 });
}
function ask(set: string, m: ReturnType<typeof build>, q: string, language: Language, want: number) {
  const explain: CandidateFeatures[] = [];
  m.match(q, language, { explain });
  out.push(JSON.stringify({ set, want, feats: explain }));
}
for (const v of VARIETIES) {
  for (let k = 0; k < 5; k++) {
    const m = build((id) =>
      teach[id]![v]!.filter((_, j) => j !== k).map((text) => ({ language: LANGUAGE[v], text })),
    );
    ids.forEach((id, i) => {
      const q = teach[id]![v]![k];
      if (q !== undefined) ask(`fold-${v}`, m, q, LANGUAGE[v], i + 1);
    });
  }
  const full = build((id) => teach[id]![v]!.map((text) => ({ language: LANGUAGE[v], text })));
  for (const q of oos[v]) ask(`oos-${v}`, full, q, LANGUAGE[v], 0);
}
for (const [from, to] of [
  ['yue', 'zhHant'],
  ['zhHant', 'yue'],
  ['zhHans', 'yue'],
  ['yue', 'zhHans'],
  ['zhHant', 'zhHans'],
  ['zhHans', 'zhHant'],
] as [Variety, Variety][]) {
  const m = build((id) => teach[id]![from]!.map((text) => ({ language: LANGUAGE[from], text })));
  ids.forEach((id, i) => {
    for (const q of teach[id]![to]!) ask(`cross-${from}-${to}`, m, q, LANGUAGE[to], i + 1);
  });
  for (const q of oos[to]) ask(`oos-cross-${to}`, m, q, LANGUAGE[to], 0);
}
// banking77: a dev split of the train rows only (test rows stay held out): per intent, 80% teach,
// 20% ask; 10 intents held out entirely as out-of-scope.
const rows = parseCsv(
  fs.readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/data/banking77/train.csv'),
    'utf8',
  ),
).slice(1);
const byIntent = new Map<string, string[]>();
for (const [text, label] of rows)
  if (text && label) byIntent.set(label, [...(byIntent.get(label) ?? []), text]);
const intents = [...byIntent.keys()].sort();
const heldOut = new Set(intents.filter((_, i) => i % 8 === 3).slice(0, 10));
const kept = intents.filter((x) => !heldOut.has(x));
const topics: MatcherTopic[] = kept.map((intent, i) => ({
  id: i + 1,
  name: intent,
  active: true,
  examples: byIntent
    .get(intent)!
    .filter((_, j) => j % 5 !== 0)
    .map((text) => ({ language: 'english' as Language, text, kind: 'phrase' as const })),
}));
const bm = buildMatcher({ topics, entities: [] }, { threshold: 0 });
kept.forEach((intent, i) =>
  byIntent
    .get(intent)!
    .filter((_, j) => j % 5 === 0)
    .forEach((q, j) => {
      if (j % 2 === 0) ask('b77', bm, q, 'english', i + 1);
    }),
);
for (const intent of heldOut)
  byIntent.get(intent)!.forEach((q, j) => {
    if (j % 3 === 0) ask('b77-oos', bm, q, 'english', 0);
  });
// DUMP=file: also write the rows (JSON lines), to try other features or rankings.
if (process.env.DUMP) fs.writeFileSync(process.env.DUMP, out.join('\n'));
interface Row {
  set: string;
  want: number;
  feats: CandidateFeatures[];
}
const rowsOut = out.map((line) => JSON.parse(line) as Row).filter((r) => r.feats.length > 0);
const featureOf = (c: CandidateFeatures) => [
  c.p,
  Math.sqrt(Math.max(0, c.nearest)),
  c.nearest / c.ref,
  c.nearestMargin / c.ref,
  c.linearMargin,
  c.linear,
  Math.log(c.ref),
];
// The top candidate by the geometric mean of p and nearest (matcher v1's ranking): it does not
// depend on the weights being fitted, so the fit does not chase its own output. The matcher itself
// ranks by the fitted confidence, which puts the same topic first for 98% of these questions.
const rank = (c: CandidateFeatures) => c.p ** 0.5 * Math.max(0, c.nearest) ** 0.5;
const X = rowsOut.map((r) => featureOf(r.feats.reduce((a, b) => (rank(b) > rank(a) ? b : a))));
const y = rowsOut.map((r) =>
  r.feats.reduce((a, b) => (rank(b) > rank(a) ? b : a)).topicId === r.want ? 1 : 0,
);
const perSet = new Map<string, number>();
for (const r of rowsOut) perSet.set(r.set, (perSet.get(r.set) ?? 0) + 1);
const weight = rowsOut.map((r) => (r.set.startsWith('fold') ? 0.3 : 1) / perSet.get(r.set)!);
const wSum = weight.reduce((a, b) => a + b, 0);
for (let i = 0; i < weight.length; i++) weight[i] = (weight[i]! * weight.length) / wSum;
const d = X[0]!.length;
const mean = Array.from({ length: d }, (_, j) => X.reduce((s, x) => s + x[j]!, 0) / X.length);
const sd = Array.from(
  { length: d },
  (_, j) => Math.sqrt(X.reduce((s, x) => s + (x[j]! - mean[j]!) ** 2, 0) / X.length) + 1e-9,
);
const Z = X.map((x) => x.map((v, j) => (v - mean[j]!) / sd[j]!));
const W = new Array<number>(d).fill(0);
let b = 0;
for (let it = 0; it < 4000; it++) {
  const g = new Array<number>(d).fill(0);
  let gb = 0;
  Z.forEach((z, i) => {
    const p = 1 / (1 + Math.exp(-(z.reduce((s, v, j) => s + v * W[j]!, 0) + b)));
    const e = (p - y[i]!) * weight[i]!;
    z.forEach((v, j) => (g[j]! += e * v));
    gb += e;
  });
  for (let j = 0; j < d; j++) W[j]! -= 0.5 * (g[j]! / Z.length + 0.003 * W[j]!);
  b -= (0.5 * gb) / Z.length;
}
const raw = W.map((w, j) => w / sd[j]!);
const bias = b - W.reduce((s, w, j) => s + (w * mean[j]!) / sd[j]!, 0);
console.log(`${rowsOut.length} questions; calibration (before the ln(7/3) shift):`);
console.log(JSON.stringify([bias, ...raw].map((v) => Number(v.toFixed(4)))));
