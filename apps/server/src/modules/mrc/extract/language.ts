import type { Language } from '@ambassador/contracts';

const HAN = /\p{Script=Han}/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HANGUL = /\p{Script=Hangul}/gu;
const LATIN_WORD = /\p{Script=Latin}{2,}/gu;
/** Written Cantonese's own characters (係 only outside 關係 / 联系-like words, which Mandarin has too). */
const CANTONESE = /[嘅咗喺唔冇嘢哋啲佢]|(?<![關关聯联])係/gu;

/** How much text is looked at: the language of a long document shows in its first part. */
const SAMPLE = 100_000;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/**
 * The language a text is mostly in: 'korean' with Hangul, 'japanese' with kana, Chinese text as
 * 'cantonese' when Cantonese's own characters are frequent (else 'mandarin', Traditional or
 * Simplified alike), Latin text as 'english'; null when there is too little text to tell.
 */
export function detectLanguage(text: string): Language | null {
  const sample = text.length > SAMPLE ? text.slice(0, SAMPLE) : text;
  const han = count(sample, HAN);
  const kana = count(sample, KANA);
  const hangul = count(sample, HANGUL);
  const words = count(sample, LATIN_WORD);
  const cjk = han + kana + hangul;
  if (cjk < 4 && words < 3) return null;
  // A CJK character carries about as much as an English word.
  if (cjk <= words) return 'english';
  if (hangul >= cjk * 0.3) return 'korean';
  if (kana >= cjk * 0.05) return 'japanese';
  const markers = count(sample, CANTONESE);
  return markers >= 2 && markers >= han * 0.015 ? 'cantonese' : 'mandarin';
}
