import type { Language } from '@ambassador/contracts';

/** A new visitor session's greeting, per language the device may offer. */
export const WELCOME: Record<Language, string> = {
  english: 'Hello! How can I help you today?',
  chinese: '您好！請問有什麼可以幫到您？',
  cantonese: '你好！有咩可以幫到你？',
  mandarin: '您好！请问有什么可以帮您？',
  japanese: 'こんにちは！ご用件をどうぞ。',
  korean: '안녕하세요! 무엇을 도와드릴까요?',
  portuguese: 'Olá! Como posso ajudar?',
  german: 'Hallo! Wie kann ich Ihnen helfen?',
};

/** The answer when no topic matches well enough. */
export const FALLBACK: Record<Language, string> = {
  english: "Sorry, I don't have an answer to that yet. Could you ask in another way?",
  chinese: '抱歉，我暫時未能回答這個問題，可以換個方式問嗎？',
  cantonese: '唔好意思，我暫時答唔到呢個問題，可唔可以換個講法？',
  mandarin: '抱歉，我暂时无法回答这个问题，可以换个方式问吗？',
  japanese: '申し訳ありません。その質問にはまだお答えできません。別の言い方で聞いていただけますか？',
  korean: '죄송합니다. 아직 그 질문에는 답할 수 없습니다. 다른 방식으로 물어봐 주시겠어요?',
  portuguese: 'Desculpe, ainda não tenho resposta para isso. Pode perguntar de outra forma?',
  german: 'Entschuldigung, darauf habe ich noch keine Antwort. Können Sie es anders formulieren?',
};
