/**
 * The few-shot set's development data (bench/data/fewshot/README.md, "The rule"): teach.json and
 * the development out-of-scope questions, never the held-out test sets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../apps/server/src/matcher/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = <T>(p: string) => JSON.parse(fs.readFileSync(path.join(here, 'data', p), 'utf8')) as T;

export const VARIETIES = ['en', 'yue', 'zhHant', 'zhHans'] as const;
export type Variety = (typeof VARIETIES)[number];
/** The matcher's language codes: Traditional and Simplified Mandarin are both 'mandarin'. */
export const LANGUAGE: Record<Variety, Language> = {
  en: 'english',
  yue: 'cantonese',
  zhHant: 'mandarin',
  zhHans: 'mandarin',
};
export const teach = read<Record<string, Record<Variety, string[]>>>('fewshot/teach.json');
export const devOutOfScope = read<Record<Variety, string[]>>('fewshot-dev/out-of-scope-dev.json');
/**
 * A second development set, written (like the held-out one) from the topic descriptions alone by a
 * writer who saw neither teach.json nor the held-out questions: 4 paraphrases per topic and variety,
 * and 40 out-of-scope questions per variety. Tuning may read these questions and their misses.
 */
export const devParaphrases = read<Record<string, Record<Variety, string[]>>>(
  'fewshot-dev/paraphrases-dev2.json',
);
export const devOutOfScope2 = read<Record<Variety, string[]>>('fewshot-dev/out-of-scope-dev2.json');
export const topicIds = Object.keys(teach);
