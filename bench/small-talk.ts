/**
 * Small talk (modules/small-talk) on bench/data/small-talk (README there): the starter entries as a
 * device has them, asked by a writer who never saw them, in English, Cantonese, Taiwan Mandarin
 * (Traditional) and mainland Mandarin; ten entries, and questions small talk must leave alone (venue
 * questions, other chit-chat, near misses). By words only, and by words and meaning (the local model).
 * FIT=1 fits SMALL_TALK_DENSE on the dev split and prints its weights; SPLIT=dev|test (default test).
 * Run: npm run bench:small-talk   (EMBED_CACHE=file keeps the embeddings between runs)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@ambassador/contracts';
import {
  SMALL_TALK_DENSE,
  SMALL_TALK_THRESHOLD,
  smallTalkMatcher,
} from '../apps/server/src/modules/small-talk/matching.js';
import { starterItems } from '../apps/server/src/modules/small-talk/starter.js';
import { BACKGROUND } from '../apps/server/src/nlu/background.js';
import { fitLogistic } from './fit.js';
import { localEmbeddings } from './support.js';

type Variety = 'en' | 'yue' | 'zhHant' | 'zhHans';
const VARIETIES: Variety[] = ['en', 'yue', 'zhHant', 'zhHans'];
/** The session language a visitor of each variety picks on the kiosk. */
const LANGUAGE: Record<Variety, Language> = {
  en: 'english',
  yue: 'cantonese',
  zhHant: 'chinese',
  zhHans: 'mandarin',
};
/** The starter entries' order (starter.ts): the set's intent ids. */
const INTENTS = [
  'greeting',
  'thanks',
  'identity',
  'capabilities',
  'how_are_you',
  'joke',
  'another_joke',
  'goodbye',
  'robot',
  'compliment',
];
type SetFile = { intents: Record<string, Record<Variety, string[]>>; none: Record<Variety, string[]> };
const here = path.dirname(fileURLToPath(import.meta.url));
const read = (split: string) =>
  JSON.parse(fs.readFileSync(path.join(here, 'data', 'small-talk', `${split}.json`), 'utf8')) as SetFile;

const { cache, embedAll, close } = await localEmbeddings();
await embedAll([...BACKGROUND.en, ...BACKGROUND.zh]);
const background = {
  en: BACKGROUND.en.map((t) => cache.get(t)!),
  zh: BACKGROUND.zh.map((t) => cache.get(t)!),
};

function matcherFor(language: Language, dense: boolean) {
  const items = starterItems(language);
  const questions = new Map(items.flatMap((i) => i.questions).map((q) => [q, cache.get(q)!] as const));
  return { items, m: smallTalkMatcher(items, dense ? { questions, background } : null) };
}

/** [question, variety, the entry index it means or null] for a split. */
function asks(set: SetFile) {
  const out: Array<{ text: string; v: Variety; want: number | null }> = [];
  for (const [intent, per] of Object.entries(set.intents))
    for (const v of VARIETIES)
      for (const text of per[v] ?? []) out.push({ text, v, want: INTENTS.indexOf(intent) });
  for (const v of VARIETIES) for (const text of set.none[v] ?? []) out.push({ text, v, want: null });
  return out;
}

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
const split = process.env.SPLIT ?? 'test';
const all = asks(read(split));
const dev = asks(read('dev'));
await embedAll([
  ...all.map((a) => a.text),
  ...dev.map((a) => a.text),
  ...VARIETIES.flatMap((v) => starterItems(LANGUAGE[v]).flatMap((i) => i.questions)),
]);
for (const v of VARIETIES) {
  const items = starterItems(LANGUAGE[v]);
  if (items.length !== INTENTS.length) throw new Error(`${LANGUAGE[v]}: ${items.length} starter entries`);
}

if (process.env.FIT) {
  const X: number[][] = [];
  const y: number[] = [];
  for (const a of dev) {
    const { items, m } = matcherFor(LANGUAGE[a.v], true);
    const f = m.denseFeatures(a.text, cache.get(a.text)!);
    if (!f) continue;
    X.push(f.x);
    y.push(a.want !== null && items.indexOf(f.item) === a.want ? 1 : 0);
  }
  const pos = y.filter((v) => v === 1).length;
  const w = fitLogistic(
    X,
    y,
    y.map((v) => (v === 1 ? 1 : pos / Math.max(1, y.length - pos))),
  );
  console.log(
    `SMALL_TALK_DENSE weights (dev: ${pos} right, ${y.length - pos} not): [${w.map((x) => x.toFixed(4)).join(', ')}]`,
  );
  SMALL_TALK_DENSE.weights = w;
}

console.log(`\n### Small talk, ${split} split, threshold ${SMALL_TALK_THRESHOLD}\n`);
console.log(
  '| asked | entries: questions | by words: right / wrong | by words and meaning: right / wrong | not small talk (left alone): by words → and meaning |',
);
console.log('|---|---|---|---|---|');
const totals = { n: 0, none: 0, lr: 0, lw: 0, dr: 0, dw: 0, ln: 0, dn: 0 };
for (const v of VARIETIES) {
  const lexical = matcherFor(LANGUAGE[v], false);
  const fused = matcherFor(LANGUAGE[v], true);
  const rows = all.filter((a) => a.v === v);
  const c = { n: 0, none: 0, lr: 0, lw: 0, dr: 0, dw: 0, ln: 0, dn: 0 };
  for (const a of rows) {
    const byWords = lexical.m.best(a.text);
    const both = fused.m.best(a.text, cache.get(a.text));
    const answered = (b: typeof byWords) => b !== null && b.score >= SMALL_TALK_THRESHOLD;
    const right = (b: typeof byWords, items: typeof lexical.items) =>
      answered(b) && a.want !== null && items.indexOf(b!.item) === a.want;
    if (a.want === null) {
      c.none++;
      if (!answered(byWords)) c.ln++;
      if (!answered(both)) c.dn++;
      continue;
    }
    c.n++;
    if (right(byWords, lexical.items)) c.lr++;
    else if (answered(byWords)) c.lw++;
    if (right(both, fused.items)) c.dr++;
    else if (answered(both)) c.dw++;
  }
  for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += c[k];
  const line = (x: typeof c, name: string) =>
    `| ${name} | ${x.n} | ${pct(x.lr, x.n)} / ${pct(x.lw, x.n)} | **${pct(x.dr, x.n)}** / ${pct(x.dw, x.n)} | ${x.ln}/${x.none} → **${x.dn}/${x.none}** |`;
  console.log(line(c, v));
  if (v === 'zhHans') console.log(line(totals, 'all'));
}
await close();
