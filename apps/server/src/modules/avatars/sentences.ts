import type { Language } from '@ambassador/contracts';

/**
 * The sentences the motion browser's lip-sync list speaks, two per language the device offers:
 * one short greeting and one longer sentence with open and closed mouth shapes.
 */
const SENTENCES: Record<Language, [string, string]> = {
  english: [
    'Hello! Welcome, how can I help you today?',
    'The information desk is on the ground floor, next to the main entrance.',
  ],
  cantonese: ['你好！歡迎光臨，有咩可以幫到你？', '詢問處喺地下，正門旁邊。'],
  mandarin: ['你好！欢迎光临，有什么可以帮你？', '服务台在一楼，正门旁边。'],
  chinese: ['你好！欢迎光临，有什么可以帮你？', '服务台在一楼，正门旁边。'],
  japanese: ['こんにちは！ようこそ、何かお手伝いしましょうか？', '案内所は一階の正面入口の隣にあります。'],
  korean: ['안녕하세요! 어서 오세요, 무엇을 도와드릴까요?', '안내 데스크는 1층 정문 옆에 있습니다.'],
  portuguese: [
    'Olá! Bem-vindo, como posso ajudar?',
    'O balcão de informações fica no rés-do-chão, junto à entrada principal.',
  ],
  german: [
    'Hallo! Willkommen, wie kann ich helfen?',
    'Die Information ist im Erdgeschoss, neben dem Haupteingang.',
  ],
};

export function sentencesFor(languages: Language[]) {
  return [...new Set(languages)].flatMap((language) =>
    SENTENCES[language].map((text, i) => ({ id: `${language}-${i + 1}`, text, language })),
  );
}

export function sentenceById(id: string) {
  const m = /^([a-z]+)-([12])$/.exec(id);
  if (!m || !(m[1]! in SENTENCES)) return null;
  const language = m[1] as Language;
  return { id, language, text: SENTENCES[language][Number(m[2]) - 1]! };
}
