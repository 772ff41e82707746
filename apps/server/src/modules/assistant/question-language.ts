import type { Language } from '@ambassador/contracts';
import * as OpenCC from 'opencc-js';

const HAN = /\p{Script=Han}/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HANGUL = /\p{Script=Hangul}/gu;
const LATIN_WORD = /\p{Script=Latin}+(?:['’]\p{Script=Latin}+)?/gu;
/**
 * Written Cantonese's own characters and words: one is enough in a question (邊度有嘢食). 係 only
 * outside 關係 / 联系-like words, which Mandarin writes too.
 */
const CANTONESE =
  /[嘅咗喺唔冇嘢哋啲佢嗰嚟啱咩乜㗎嘞喎睇畀攞搵]|邊度|邊個|邊間|邊位|點樣|點解|幾多|聽日|琴日|下晝|朝早|而家|呢(?=[度個間啲份位張部架])|(?<![關关聯联])係/u;

/** A few words each Latin-script language writes in almost every question, and no other of them does. */
const LATIN_MARKERS: Record<'english' | 'portuguese' | 'german', ReadonlySet<string>> = {
  english: new Set(
    'the is are where what when how can i you my do does there any to of for me which who please near'.split(
      ' ',
    ),
  ),
  portuguese: new Set(
    'onde fica é o os as um uma não posso tem há para do da dos das como quando qual quero obrigado casa banho'.split(
      ' ',
    ),
  ),
  german: new Set(
    'wo ist die der das ein eine ich kann gibt es nicht und wie wann welche bitte hier toilette'.split(' '),
  ),
};
/** Letters only Portuguese or German write. */
const PORTUGUESE_LETTERS = /[ãõçáâêóôú]/iu;
const GERMAN_LETTERS = /[äöüß]/iu;

type Script = 'chinese' | 'japanese' | 'korean' | 'latin';
type ChineseVariety = 'cantonese' | 'simplified' | 'traditional';

/** Which offered language each Chinese variety prefers, best first. */
const CHINESE_PREFERENCE: Record<ChineseVariety, readonly Language[]> = {
  cantonese: ['cantonese', 'chinese', 'mandarin'],
  simplified: ['mandarin', 'chinese', 'cantonese'],
  traditional: ['chinese', 'cantonese', 'mandarin'],
};
const SCRIPT_OF: Record<Language, Script> = {
  chinese: 'chinese',
  cantonese: 'chinese',
  mandarin: 'chinese',
  japanese: 'japanese',
  korean: 'korean',
  english: 'latin',
  portuguese: 'latin',
  german: 'latin',
};

let converters: { toTraditional: (s: string) => string; toSimplified: (s: string) => string } | undefined;
/** Built on first Chinese question: OpenCC's dictionaries take a moment to load. */
function chineseConverters() {
  converters ??= {
    toTraditional: OpenCC.Converter({ from: 'cn', to: 'hk' }),
    toSimplified: OpenCC.Converter({ from: 'hk', to: 'cn' }),
  };
  return converters;
}

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/** How many characters of the text a conversion changes (those written in the other script). */
function changed(text: string, convert: (s: string) => string) {
  const out = convert(text);
  if (out.length !== text.length) return out === text ? 0 : 1;
  let n = 0;
  for (let i = 0; i < text.length; i++) if (out[i] !== text[i]) n++;
  return n;
}

function chineseVariety(text: string): ChineseVariety {
  if (CANTONESE.test(text)) return 'cantonese';
  const { toTraditional, toSimplified } = chineseConverters();
  const simplified = changed(text, toTraditional);
  const traditional = changed(text, toSimplified);
  return simplified > traditional ? 'simplified' : 'traditional';
}

function latinLanguage(text: string): 'english' | 'portuguese' | 'german' | null {
  const words = (text.toLowerCase().match(LATIN_WORD) ?? []).map((w) => w.replace(/['’].*/, ''));
  const score = { english: 0, portuguese: 0, german: 0 };
  for (const word of words)
    for (const language of ['english', 'portuguese', 'german'] as const)
      if (LATIN_MARKERS[language].has(word)) score[language]++;
  if (PORTUGUESE_LETTERS.test(text)) score.portuguese += 2;
  if (GERMAN_LETTERS.test(text)) score.german += 2;
  const ranked = (Object.entries(score) as Array<[keyof typeof score, number]>).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  return first![1] > 0 && first![1] > second![1] ? first![0] : null;
}

/**
 * The language a question is written in, when it can be told: the script (Hangul, kana, Chinese
 * characters, Latin words — a Chinese character weighs half a word, so "Where is 太古廣場?" stays
 * English), and within Chinese the variety (Cantonese words, else Simplified or Traditional
 * characters). Null when the question is too short or too mixed to tell.
 */
function detect(text: string): { script: Script; variety?: ChineseVariety; latin?: Language | null } | null {
  const han = count(text, HAN);
  const kana = count(text, KANA);
  const hangul = count(text, HANGUL);
  const words = count(text, LATIN_WORD);
  if (hangul >= 2 && hangul >= words) return { script: 'korean' };
  if (kana >= 1 && han + kana >= 2 && (han + kana) / 2 >= words) return { script: 'japanese' };
  if (han >= 2 && han / 2 > words) return { script: 'chinese', variety: chineseVariety(text) };
  if (han === 0 && hangul === 0 && kana === 0 && words >= 2)
    return { script: 'latin', latin: latinLanguage(text) };
  return null;
}

/**
 * The language to answer a question in: the session's own unless the visitor plainly wrote in
 * another language the device offers (邊度有嘢食 in an English session → Cantonese; "Where can I
 * park?" in a Mandarin session → English; 停车场在哪里 in a Cantonese session → Mandarin). A
 * question that cannot be told, or whose language the device does not offer, keeps the session's.
 */
export function questionLanguage(text: string, session: Language, offered: readonly Language[]): Language {
  const found = detect(text);
  if (!found) return session;
  const can = (language: Language) => offered.includes(language);
  switch (found.script) {
    case 'korean':
    case 'japanese':
      return can(found.script) ? found.script : session;
    case 'latin': {
      const latin = found.latin ?? (SCRIPT_OF[session] === 'latin' ? session : 'english');
      return can(latin) ? latin : session;
    }
    case 'chinese': {
      const variety = found.variety!;
      if (SCRIPT_OF[session] === 'chinese') {
        // Within Chinese only a plain sign moves the session: Cantonese words, or Simplified
        // characters in a Traditional session (and back to written Chinese, never to Cantonese
        // speech: Traditional text without Cantonese words is a Taiwan visitor's Mandarin too).
        if (variety === 'cantonese') return can('cantonese') ? 'cantonese' : session;
        if (variety === 'simplified')
          return session === 'mandarin' || !can('mandarin') ? session : 'mandarin';
        return session === 'mandarin' && can('chinese') ? 'chinese' : session;
      }
      return CHINESE_PREFERENCE[variety].find(can) ?? session;
    }
  }
}
