/**
 * Intent matcher on the few-shot kiosk evaluation set (issue 14, bench/data/fewshot, see its README):
 * 64 mall / hospital / campus topics taught with 3–5 phrases each, per variety (en, yue = Cantonese,
 * zhHant = Taiwan Mandarin, zhHans = mainland Mandarin). For each variety one matcher with one topic
 * per id and that variety's teaching phrases; it is asked the held-out paraphrased test questions
 * (test.json, written by a second writer from the topic descriptions only) and the out-of-scope
 * questions (out-of-scope.json), which should fall back.
 * Run: npm run bench:fewshot (no build needed). Never tune on test.json / out-of-scope.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMatcher, DEFAULT_THRESHOLD } from '../apps/server/src/matcher/index.js';
import type { Language, MatcherTopic } from '../apps/server/src/matcher/index.js';

/** FEWSHOT_DATA: another directory with the same four files (e.g. to smoke-test the script). */
const dataDir =
  process.env.FEWSHOT_DATA ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'data/fewshot');

const VARIETIES = ['en', 'yue', 'zhHant', 'zhHans'] as const;
type Variety = (typeof VARIETIES)[number];
/** The matcher's language codes: Traditional and Simplified Mandarin are both 'mandarin'. */
const LANGUAGE: Record<Variety, Language> = {
  en: 'english',
  yue: 'cantonese',
  zhHant: 'mandarin',
  zhHans: 'mandarin',
};
const NAME: Record<Variety, string> = {
  en: 'English',
  yue: 'Cantonese',
  zhHant: 'Mandarin (Traditional)',
  zhHans: 'Mandarin (Simplified)',
};

type PerVariety = Record<Variety, string[]>;
interface Topic {
  id: string;
  venue: string;
  description: string;
}

function read<T>(name: string): T {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    console.error(`${file} is missing (see bench/data/fewshot/README.md).`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

const topics = read<Topic[]>('topics.json');
const teach = read<Record<string, PerVariety>>('teach.json');
const test = read<Record<string, PerVariety>>('test.json');
const outOfScope = read<PerVariety>('out-of-scope.json');

const ids = topics.map((t) => t.id);
const numericId = new Map(ids.map((id, i) => [id, i + 1]));
const venueOf = new Map(topics.map((t, i) => [i + 1, t.venue]));
for (const [name, set] of [
  ['teach.json', teach],
  ['test.json', test],
] as const) {
  const unknown = Object.keys(set).filter((id) => !numericId.has(id));
  const missing = ids.filter((id) => !set[id]);
  if (unknown.length || missing.length)
    throw new Error(`${name}: unknown topics [${unknown.join(', ')}], missing [${missing.join(', ')}]`);
}

const fmt = (x: number, d = 1) => x.toFixed(d);
const pct = (n: number, of: number) => (of === 0 ? '–' : `${fmt((100 * n) / of)}%`);

interface Scored {
  correct: boolean;
  score: number;
  crossVenue: boolean;
}

const thresholds: number[] = [];
for (let t = 20; t <= 70; t += 5) thresholds.push(t / 100);
if (!thresholds.includes(DEFAULT_THRESHOLD)) thresholds.push(DEFAULT_THRESHOLD);
thresholds.sort((a, b) => a - b);

const results = VARIETIES.map((v) => {
  const language = LANGUAGE[v];
  const matcherTopics: MatcherTopic[] = ids.map((id) => ({
    id: numericId.get(id)!,
    name: id,
    active: true,
    examples: (teach[id]![v] ?? []).map((text) => ({ language, text, kind: 'phrase' as const })),
  }));
  // threshold 0: we read the top candidate's score and apply each threshold ourselves; at
  // DEFAULT_THRESHOLD this is exactly the matcher's own fallback rule (score < threshold).
  const matcher = buildMatcher({ topics: matcherTopics, entities: [] }, { threshold: 0 });
  const top = (text: string) => matcher.match(text, language).candidates[0];

  const inScope: Scored[] = ids.flatMap((id) =>
    (test[id]![v] ?? []).map((q) => {
      const c = top(q);
      const want = numericId.get(id)!;
      return {
        correct: c?.topicId === want,
        score: c?.score ?? 0,
        crossVenue: !!c && c.topicId !== want && venueOf.get(c.topicId) !== venueOf.get(want),
      };
    }),
  );
  const oosScores = (outOfScope[v] ?? []).map((q) => top(q)?.score ?? 0);
  const teachCount = ids.reduce((n, id) => n + (teach[id]![v]?.length ?? 0), 0);
  return { v, inScope, oosScores, teachCount };
});

const answeredAt = (s: Scored[], t: number) => s.filter((x) => x.correct && x.score >= t).length;
const refusedAt = (scores: number[], t: number) => scores.filter((x) => x < t).length;

console.log(
  `# Few-shot kiosk evaluation (${ids.length} topics; one matcher per variety; default threshold ${DEFAULT_THRESHOLD})\n`,
);
console.log(
  '| variety | teaching phrases | test questions | top-1 (no threshold) | answered correctly | wrong answers | fallbacks | out-of-scope refused |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const { v, inScope, oosScores, teachCount } of results) {
  const t = DEFAULT_THRESHOLD;
  const n = inScope.length;
  const top1 = inScope.filter((x) => x.correct).length;
  const answered = answeredAt(inScope, t);
  const wrong = inScope.filter((x) => !x.correct && x.score >= t).length;
  const fallbacks = inScope.filter((x) => x.score < t).length;
  console.log(
    `| ${NAME[v]} | ${teachCount} | ${n} | ${pct(top1, n)} | **${pct(answered, n)}** | ${pct(wrong, n)} | ${pct(fallbacks, n)} | **${pct(refusedAt(oosScores, t), oosScores.length)}** (of ${oosScores.length}) |`,
  );
}
const all = results.flatMap((r) => r.inScope);
const allOos = results.flatMap((r) => r.oosScores);
console.log(
  `| all | ${results.reduce((n, r) => n + r.teachCount, 0)} | ${all.length} | ${pct(all.filter((x) => x.correct).length, all.length)} | **${pct(answeredAt(all, DEFAULT_THRESHOLD), all.length)}** | ${pct(all.filter((x) => !x.correct && x.score >= DEFAULT_THRESHOLD).length, all.length)} | ${pct(all.filter((x) => x.score < DEFAULT_THRESHOLD).length, all.length)} | **${pct(refusedAt(allOos, DEFAULT_THRESHOLD), allOos.length)}** (of ${allOos.length}) |`,
);
console.log(
  `\nTarget (issue 14): each variety ≥ 85% answered correctly and ≥ 70% out-of-scope refused at the default threshold.`,
);
const crossVenue = results.map((r) => `${NAME[r.v]} ${r.inScope.filter((x) => x.crossVenue).length}`);
console.log(`Top-1 misses that went to another venue's topic: ${crossVenue.join(', ')}.\n`);

console.log('## Threshold sweep: answered correctly / out-of-scope refused\n');
console.log(`| threshold | ${results.map((r) => NAME[r.v]).join(' | ')} |`);
console.log(`|---|${results.map(() => '---|').join('')}`);
for (const t of thresholds) {
  const mark = t === DEFAULT_THRESHOLD ? ' **(default)**' : '';
  const cells = results.map(
    (r) =>
      `${pct(answeredAt(r.inScope, t), r.inScope.length)} / ${pct(refusedAt(r.oosScores, t), r.oosScores.length)}`,
  );
  console.log(`| ${t}${mark} | ${cells.join(' | ')} |`);
}
