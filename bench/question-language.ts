/**
 * How often a question is answered in the language it was written in (issue 36.4): the held-out
 * questions of the semantic and few-shot sets (written by people who never saw the rules), each
 * asked in a session of another language, on a device offering written Chinese, Cantonese, Mandarin
 * and English, and again on a Hong Kong device (Cantonese, English, Mandarin). Run:
 * `npm run bench:question-language`. Figures: docs/performance.md.
 */
import { readFileSync } from 'node:fs';
import type { Language } from '@ambassador/contracts';
import { questionLanguage } from '../apps/server/src/modules/assistant/question-language.js';

type Variety = 'yue' | 'zhHant' | 'zhHans' | 'en';
const sets = (
  process.env.SPLIT === 'dev'
    ? ['semantic/questions-dev.json']
    : ['semantic/questions-test.json', 'fewshot/test.json']
).map(
  (f) =>
    JSON.parse(readFileSync(new URL(`./data/${f}`, import.meta.url), 'utf8')) as Record<
      string,
      Partial<Record<Variety, string[]>>
    >,
);
const questions: Array<{ variety: Variety; text: string }> = sets.flatMap((set) =>
  Object.values(set).flatMap((byVariety) =>
    (Object.entries(byVariety) as Array<[Variety, string[]]>).flatMap(([variety, texts]) =>
      texts.map((text) => ({ variety, text })),
    ),
  ),
);

const devices: Array<{ name: string; offered: Language[]; expected: Record<Variety, Language> }> = [
  {
    name: 'chinese, cantonese, mandarin, english',
    offered: ['chinese', 'cantonese', 'mandarin', 'english'],
    expected: { yue: 'cantonese', zhHant: 'chinese', zhHans: 'mandarin', en: 'english' },
  },
  {
    name: 'cantonese, english, mandarin (Hong Kong)',
    offered: ['cantonese', 'english', 'mandarin'],
    expected: { yue: 'cantonese', zhHant: 'cantonese', zhHans: 'mandarin', en: 'english' },
  },
];
/** Each question asked in every other session language the device offers. */
for (const device of devices) {
  console.log(`\n${device.name}`);
  console.log('| written in | questions × sessions | answered in its language | kept the session | other |');
  console.log('|---|---|---|---|---|');
  for (const variety of ['yue', 'zhHant', 'zhHans', 'en'] as const) {
    let right = 0;
    let kept = 0;
    let other = 0;
    const misses: string[] = [];
    const mine = questions.filter((q) => q.variety === variety);
    const expected = device.expected[variety];
    const sessions = device.offered.filter((l) => l !== expected);
    for (const q of mine)
      for (const session of sessions) {
        const got = questionLanguage(q.text, session, device.offered);
        if (got === expected) right++;
        else if (got === session) {
          kept++;
          if (misses.length < 3) misses.push(`${q.text} (${session})`);
        } else {
          other++;
          if (misses.length < 3) misses.push(`${q.text} (${session} → ${got})`);
        }
      }
    const n = mine.length * sessions.length;
    const pct = (x: number) => `${((100 * x) / n).toFixed(1)}%`;
    console.log(
      `| ${variety} | ${n} | ${right} (${pct(right)}) | ${kept} (${pct(kept)}) | ${other} (${pct(other)}) |`,
    );
    for (const m of misses) console.log(`  miss: ${m}`);
  }
}
