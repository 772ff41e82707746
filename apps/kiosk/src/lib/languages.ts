import type { DeviceConfig, Language } from '@ambassador/contracts';

/**
 * The contract's eight LANGUAGES, in its order. Kept as a literal here (checked against the
 * contract in a test) so the kiosk bundle does not pull zod in for one array.
 */
export const KIOSK_LANGUAGES = [
  'chinese',
  'cantonese',
  'mandarin',
  'english',
  'japanese',
  'korean',
  'portuguese',
  'german',
] as const satisfies readonly Language[];

/** Each language named in itself, as a visitor looks for it. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  english: 'English',
  chinese: '中文',
  cantonese: '廣東話',
  mandarin: '普通话',
  japanese: '日本語',
  korean: '한국어',
  portuguese: 'Português',
  german: 'Deutsch',
};

/** BCP 47 tags for the page's lang attribute (fonts pick the right CJK glyphs from it). */
export const HTML_LANG: Record<Language, string> = {
  english: 'en',
  chinese: 'zh-Hant',
  cantonese: 'zh-Hant-HK',
  mandarin: 'zh-Hans',
  japanese: 'ja',
  korean: 'ko',
  portuguese: 'pt-PT',
  german: 'de',
};

/** What the browser's speech recognition listens for. */
export const RECOGNITION_LANG: Record<Language, string> = {
  english: 'en-US',
  cantonese: 'zh-HK',
  mandarin: 'zh-CN',
  chinese: 'zh-TW',
  japanese: 'ja-JP',
  korean: 'ko-KR',
  portuguese: 'pt-PT',
  german: 'de-DE',
};

/** The language of the start screen: the device's default when it is offered, else the first. */
export function homeLanguage(device: DeviceConfig['device']): Language {
  return device.languages.includes(device.default_language)
    ? device.default_language
    : (device.languages[0] ?? 'english');
}

const CHINESE = new Set<Language>(['chinese', 'cantonese', 'mandarin']);

/**
 * The language a document answer is written in, when the visitor asked in another one (an English
 * sentence for a Cantonese question): the answer says so and is spoken in its own voice. Chinese
 * of any variety reads as Chinese to a Chinese visitor.
 */
export function answerWrittenIn(
  source: { language: Language | null } | null,
  asked: Language,
): Language | null {
  const written = source?.language ?? null;
  if (!written || written === asked || (CHINESE.has(written) && CHINESE.has(asked))) return null;
  return written;
}
