/**
 * Which fallbacks' closest topic is worth offering to teach ("Fell back, but had a candidate" in
 * Conversation Review): of the questions a matcher falls back on at the default threshold, how
 * often the closest topic is the right one, by how close its score came to the threshold.
 * Development data only: the few-shot set's second development paraphrases and both development
 * out-of-scope sets (matchers taught all of teach.json, per variety), and banking77's train split
 * (10 phrases taught per intent, 10 intents held out as out of scope, the other train phrases
 * asked; the test split is not read).
 * For each floor (a fraction of the threshold) it prints the share of fallbacks kept as candidates,
 * how many of those are right (precision), how many of the right ones are kept (recall), and how
 * many kept ones were out of scope (no topic could be right).
 *
 * DEMO=1 also seeds the demo project, sends its visitor traffic (1,000 questions, lexical, as the
 * first start does) and reads its fallbacks: how many had a closest topic, and how many are within
 * reach now.
 *
 * Run: npm run bench:candidate-reach [-- threshold]   (DEMO=1: with the demo's traffic, ~1 min)
 */
import fs from 'node:fs/promises';
import { conversations } from '../apps/server/src/db/schema.js';
import { seedDemo } from '../apps/server/src/demo/seed-demo.js';
import { sendDemoTraffic } from '../apps/server/src/demo/traffic.js';
import { buildMatcher, CANDIDATE_REACH, DEFAULT_THRESHOLD } from '../apps/server/src/matcher/index.js';
import type { MatcherTopic } from '../apps/server/src/matcher/index.js';
import { rng } from '../apps/server/src/matcher/model.js';
import { banking77, heldOutIntents, shuffled } from './banking77.js';
import {
  devOutOfScope,
  devOutOfScope2,
  devParaphrases,
  LANGUAGE,
  teach,
  topicIds,
  VARIETIES,
} from './fewshot-dev-data.js';
import { benchDatabase } from './support.js';

const threshold = Number(process.argv[2] ?? DEFAULT_THRESHOLD);

/** A fallback: its closest topic's score, and whether that topic was the right one. */
interface Fallback {
  score: number;
  right: boolean;
  outOfScope: boolean;
}

function read(
  name: string,
  asked: Array<{ text: string; want: number | null }>,
  m: ReturnType<typeof buildMatcher>,
  language: Parameters<ReturnType<typeof buildMatcher>['match']>[1],
  into: Fallback[],
) {
  for (const q of asked) {
    const top = m.match(q.text, language).candidates[0];
    if (top && top.score >= threshold) continue;
    into.push({
      score: top?.score ?? 0,
      right: top !== undefined && top.topicId === q.want,
      outOfScope: q.want === null,
    });
  }
  void name;
}

const sets: Record<string, Fallback[]> = { fewshot: [], banking77: [] };
for (const v of VARIETIES) {
  const topics: MatcherTopic[] = topicIds.map((id, i) => ({
    id: i + 1,
    name: id,
    active: true,
    examples: teach[id]![v]!.map((text) => ({ language: LANGUAGE[v], text, kind: 'phrase' as const })),
  }));
  const m = buildMatcher({ topics, entities: [] }, { threshold: 0 });
  const asked = [
    ...topicIds.flatMap((id, i) => devParaphrases[id]![v]!.map((text) => ({ text, want: i + 1 }))),
    ...[...devOutOfScope[v], ...devOutOfScope2[v]].map((text) => ({ text, want: null })),
  ];
  read(v, asked, m, LANGUAGE[v], sets.fewshot!);
}

{
  const { train, categories } = banking77();
  const held = heldOutIntents(categories);
  const byIntent = new Map<string, string[]>();
  for (const r of shuffled(train, rng(7))) {
    const list = byIntent.get(r.category);
    if (list) list.push(r.text);
    else byIntent.set(r.category, [r.text]);
  }
  const inScope = categories.filter((c) => !held.has(c));
  const topics: MatcherTopic[] = inScope.map((c, i) => ({
    id: i + 1,
    name: c,
    active: true,
    examples: byIntent
      .get(c)!
      .slice(0, 10)
      .map((text) => ({ language: 'english' as const, text, kind: 'phrase' as const })),
  }));
  const m = buildMatcher({ topics, entities: [] }, { threshold: 0 });
  const asked = [
    ...inScope.flatMap((c, i) =>
      byIntent
        .get(c)!
        .slice(10, 30)
        .map((text) => ({ text, want: i + 1 })),
    ),
    ...[...held].flatMap((c) =>
      byIntent
        .get(c)!
        .slice(0, 20)
        .map((text) => ({ text, want: null })),
    ),
  ];
  read('banking77', asked, m, 'english', sets.banking77!);
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`.padStart(6);
console.log(`threshold ${threshold}; the product's reach: ${CANDIDATE_REACH} × threshold`);
for (const [name, fallbacks] of Object.entries(sets)) {
  const right = fallbacks.filter((f) => f.right).length;
  const oos = fallbacks.filter((f) => f.outOfScope).length;
  console.log(
    `\n${name}: ${fallbacks.length} fallbacks (${oos} out of scope), closest topic right for ${right} (${pct(right, fallbacks.length).trim()})`,
  );
  console.log('floor (× threshold)  kept    precision  recall  out of scope kept');
  for (const f of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const kept = fallbacks.filter((x) => x.score > 0 && x.score >= f * threshold);
    const keptRight = kept.filter((x) => x.right).length;
    const keptOos = kept.filter((x) => x.outOfScope).length;
    console.log(
      `${f.toFixed(1)} (${(f * threshold).toFixed(3)})`.padEnd(20),
      `${pct(kept.length, fallbacks.length)}  ${pct(keptRight, kept.length)}     ${pct(keptRight, right)}  ${pct(keptOos, oos)}`,
    );
  }
}

if (process.env.DEMO) {
  const { dir, config, database } = await benchDatabase();
  await seedDemo(database, 1);
  for (const [deviceId, count] of [
    [1, 500],
    [2, 200],
    [3, 300],
  ] as const)
    await sendDemoTraffic({ config, database, deviceId, count });
  const rows = await database.db.select().from(conversations);
  const fallbacks = rows.filter((r) => r.status === 'fallback');
  const scores = fallbacks.map((r) => r.score ?? 0);
  console.log(
    `\ndemo: ${rows.length} questions, ${fallbacks.length} fallbacks; a closest topic (score > 0) for ` +
      `${scores.filter((x) => x > 0).length}, the best at ${Math.max(0, ...scores).toFixed(3)}; ` +
      `within reach now: ${fallbacks.filter((r) => r.candidateIntentId !== null).length}`,
  );
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
}
