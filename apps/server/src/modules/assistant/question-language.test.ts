import { LANGUAGES, type Language } from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import { questionLanguage } from './question-language.js';

const HK: Language[] = ['cantonese', 'english', 'mandarin'];
const ALL: Language[] = [...LANGUAGES];

describe('the language a question is answered in', () => {
  it.each([
    ['邊度有嘢食？', 'english', 'cantonese'],
    ['洗手間喺邊？', 'mandarin', 'cantonese'],
    ['點樣去地鐵站', 'english', 'cantonese'],
    ['Where can I park?', 'mandarin', 'english'],
    ['Where can I park?', 'cantonese', 'english'],
    ['停车场在哪里', 'cantonese', 'mandarin'],
    ['停车场在哪里', 'english', 'mandarin'],
    ['停車場在哪裡', 'english', 'cantonese'],
  ] as const)('%s in a %s session → %s (Hong Kong device)', (text, session, expected) => {
    expect(questionLanguage(text, session, HK)).toBe(expected);
  });

  it.each([
    // Traditional without Cantonese words: written Chinese, not Cantonese speech.
    ['停車場在哪裡', 'mandarin', 'chinese'],
    ['停車場在哪裡', 'english', 'chinese'],
    ['駐車場はどこですか', 'english', 'japanese'],
    ['화장실은 어디에 있어요?', 'english', 'korean'],
    ['Onde fica a casa de banho?', 'english', 'portuguese'],
    ['Wo ist die Toilette?', 'english', 'german'],
    ['Wo ist die Toilette?', 'cantonese', 'german'],
    ['Where is the toilet?', 'german', 'english'],
  ] as const)('%s in a %s session → %s (every language offered)', (text, session, expected) => {
    expect(questionLanguage(text, session, ALL)).toBe(expected);
  });

  it.each([
    // Too short, or a name inside a sentence of the session's language.
    ['Hi', 'cantonese'],
    ['食', 'english'],
    ['Where is 太古廣場?', 'english'],
    ['IFC 喺邊度', 'cantonese'],
    ['洗手間', 'cantonese'],
    // Plain Traditional in a Cantonese session is Cantonese; Simplified in a Mandarin one Mandarin.
    ['洗手間在哪裡', 'cantonese'],
    ['洗手间在哪里', 'mandarin'],
    ['OK thanks', 'english'],
  ] as const)('%s keeps the %s session', (text, session) => {
    expect(questionLanguage(text, session, HK)).toBe(session);
  });

  it('never answers in a language the device does not offer', () => {
    expect(questionLanguage('邊度有嘢食？', 'english', ['english'])).toBe('english');
    expect(questionLanguage('Where can I park?', 'cantonese', ['cantonese', 'mandarin'])).toBe('cantonese');
    expect(questionLanguage('駐車場はどこですか', 'english', HK)).toBe('english');
    expect(questionLanguage('停车场在哪里', 'cantonese', ['cantonese', 'english'])).toBe('cantonese');
  });
});
