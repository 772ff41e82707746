/**
 * What kind of fact a question asks for, when it says so plainly — a time of day, a price, a count,
 * a length of time — and whether a quoted answer holds one. A sentence about the gift shop does not
 * answer "What time does the gift shop close?" however many of its words it shares. Both texts are
 * folded first (matcher/text.ts: lower case, Cantonese → Mandarin, Traditional → Simplified), so
 * 幾點 / 几点 and 幾多錢 / 多少钱 are one pattern each.
 */
import type { MrcAskedFor as AskedFor } from '@ambassador/contracts';
import { normalizeText } from '../../../matcher/text.js';

// Chinese numerals as the documents write them (三百, 二十四, 两).
const ZH_NUMBER = '[0-9零一二两三四五六七八九十百千万半]';

const ASKS: readonly (readonly [AskedFor, RegExp])[] = [
  ['time', /\bwhat time\b|\bwhat hours?\b|\bhow (?:late|early)\b|几点|什么时间(?:开|关|营业)/],
  ['price', /\bhow much\b|\bcost(?:s|ing)?\b|\bprice\b|多少钱|收费|价钱|价格|费用/],
  ['count', /\bhow many\b|多少(?:个|位|人|张|本|件)|几(?:个|位|张|本|件)/],
  ['duration', /\bhow long\b|多久|多长时间/],
];

/** A number in figures, in English words or in Chinese numerals. */
const NUMBER =
  `\\d|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|` +
  `hundred|thousand|half|once|twice)\\b|${ZH_NUMBER}`;

const HOLDS: Record<AskedFor, RegExp> = {
  time: new RegExp(
    `\\b\\d{1,2}(?::\\d\\d)? ?(?:am|pm)\\b|\\b\\d{1,2}:\\d\\d\\b|\\bnoon\\b|\\bmidnight\\b|\\b24 hours?\\b|` +
      `${ZH_NUMBER}+(?:点|时)|中午|午夜|凌晨|全日|全天|二十四小时`,
  ),
  // "How much" asks for an amount as often as a price ("how much luggage"); "free" answers it too.
  price: new RegExp(`${NUMBER}|\\bfree\\b|\\bno charge\\b|免费|不收费`),
  count: new RegExp(NUMBER),
  duration: new RegExp(`${NUMBER}|\\ban? (?:minute|hour|day|week|month|year)\\b`),
};

/** The kinds of fact the question plainly asks for (none for most questions). */
export function askedFor(question: string): AskedFor[] {
  const q = normalizeText(question);
  return ASKS.filter(([, pattern]) => pattern.test(q)).map(([kind]) => kind);
}

/**
 * Whether the answer holds at least one of the kinds asked for (true when none is asked). Read both
 * as written (lower case) and folded: folding turns `13:00` into `13 00` and `$25` into `25`, while
 * the Chinese patterns are in the folded (Simplified) form.
 */
export function holdsAskedFor(kinds: readonly AskedFor[], answer: string): boolean {
  if (kinds.length === 0) return true;
  const written = answer.toLowerCase();
  const folded = normalizeText(answer);
  return kinds.some((kind) => HOLDS[kind].test(written) || HOLDS[kind].test(folded));
}
