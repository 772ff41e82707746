/**
 * Fallbacks grouped by meaning (Conversation Review): how well `groupTexts` puts the questions of one
 * need together and keeps other needs apart, on sets of visitor questions grouped by hand.
 *
 *   npm run bench:groups                 development set, thresholds swept (choose GROUP_THRESHOLD here)
 *   SPLIT=test npm run bench:groups      the held-out set at GROUP_THRESHOLD only (report, never tune)
 *
 * Pairwise precision: of the question pairs put in one group, the share that are one need; recall:
 * of the pairs of one need, the share put together. A need is "found" when one group holds at least
 * half of its questions and at most a quarter of that group is other questions. Singletons are
 * questions with no partner: "kept alone" is the share left in a group of one.
 * Embeddings come from the local model; EMBED_CACHE=file keeps them between runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKGROUND } from '../apps/server/src/nlu/background.js';
import { GROUP_THRESHOLD, groupTexts } from '../apps/server/src/nlu/cluster.js';
import { localEmbeddings } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const split = process.env.SPLIT === 'test' ? 'test' : 'dev';

interface GroupSet {
  groups: Array<{ need: string; questions: Array<{ text: string; variety: string }> }>;
  singletons: Array<{ text: string; variety: string }>;
}
const set = JSON.parse(
  fs.readFileSync(path.join(here, 'data', 'groups', `${split}.json`), 'utf8'),
) as GroupSet;

const { cache, embedAll, close } = await localEmbeddings();

const items = [
  ...set.groups.flatMap((g, need) => g.questions.map((q) => ({ ...q, need }))),
  ...set.singletons.map((q, i) => ({ ...q, need: -1 - i })),
];
const texts = items.map((i) => i.text);
await embedAll([...texts, ...BACKGROUND.en, ...BACKGROUND.zh]);
const background = {
  en: BACKGROUND.en.map((t) => cache.get(t)!),
  zh: BACKGROUND.zh.map((t) => cache.get(t)!),
};

function score(threshold: number) {
  const groups = groupTexts(texts, cache, background, threshold).map((g) => g.members);
  const groupOf = new Int32Array(items.length);
  groups.forEach((g, k) => g.forEach((i) => (groupOf[i] = k)));
  let together = 0,
    sameNeed = 0,
    both = 0;
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const same = items[i]!.need === items[j]!.need;
      const put = groupOf[i] === groupOf[j];
      if (put) together++;
      if (same) sameNeed++;
      if (put && same) both++;
    }
  let found = 0;
  set.groups.forEach((g, need) => {
    const ok = groups.some((members) => {
      const mine = members.filter((i) => items[i]!.need === need).length;
      return mine * 2 >= g.questions.length && (members.length - mine) * 4 <= members.length;
    });
    if (ok) found++;
  });
  const alone = items.filter((it, i) => it.need < 0 && groups[groupOf[i]!]!.length === 1).length;
  const p = together ? both / together : 1;
  const r = sameNeed ? both / sameNeed : 1;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0, found, alone, groups: groups.length };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(
  `${split}: ${set.groups.length} needs (${items.length - set.singletons.length} questions), ${set.singletons.length} singletons`,
);
const thresholds = split === 'test' ? [GROUP_THRESHOLD] : [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];
for (const t of thresholds) {
  const s = score(t);
  console.log(
    `threshold ${t.toFixed(2)}: pairs precision ${pct(s.p)} recall ${pct(s.r)} F1 ${pct(s.f1)}; needs found ${s.found}/${set.groups.length}; singletons alone ${s.alone}/${set.singletons.length}; ${s.groups} groups`,
  );
}
await close();
