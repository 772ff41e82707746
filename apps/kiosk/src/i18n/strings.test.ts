import { LANGUAGES } from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import { HTML_LANG, KIOSK_LANGUAGES, LANGUAGE_LABELS, RECOGNITION_LANG } from '../lib/languages';
import { PAIRING_STRINGS } from './pairing-strings';
import { STRINGS, format } from './strings';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('visitor strings', () => {
  it('exist for all eight kiosk languages with the same keys, none empty', () => {
    expect(Object.keys(STRINGS).sort()).toEqual([...LANGUAGES].sort());
    const keys = Object.keys(STRINGS.english).sort();
    for (const language of LANGUAGES) {
      const strings = STRINGS[language];
      expect(Object.keys(strings).sort(), language).toEqual(keys);
      for (const key of keys) {
        const value = strings[key as keyof typeof strings];
        expect(value.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(value), `${language}.${key}`).toEqual(
          placeholders(STRINGS.english[key as 'send']),
        );
      }
    }
  });

  it('are really translated: no other language reuses the English sentences', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'english')) {
      expect(STRINGS[language].welcomeDefault, language).not.toBe(STRINGS.english.welcomeDefault);
      expect(STRINGS[language].stillThere, language).not.toBe(STRINGS.english.stillThere);
    }
    // Written Chinese and Cantonese differ, and Mandarin is Simplified.
    expect(STRINGS.cantonese.welcomeDefault).not.toBe(STRINGS.chinese.welcomeDefault);
    expect(STRINGS.mandarin.welcomeDefault).toContain('么');
    expect(STRINGS.chinese.welcomeDefault).toContain('麼');
  });

  it('translate the staff chat, call and announcement texts too', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'english')) {
      for (const key of ['talkToStaff', 'callStaff', 'callNoAnswer', 'staffWaiting', 'hangUp'] as const)
        expect(STRINGS[language][key], `${language}.${key}`).not.toBe(STRINGS.english[key]);
    }
    // Simplified for Mandarin, Traditional for written Chinese and Cantonese.
    expect(STRINGS.mandarin.staffTitle).toBe('与工作人员对话');
    expect(STRINGS.chinese.staffTitle).toBe('與服務人員對話');
    expect(STRINGS.mandarin.callLost).toContain('连接');
    expect(STRINGS.chinese.callLost).toContain('連線');
    expect(STRINGS.cantonese.callNoAnswer).toContain('冇');
  });

  it('translate the event and quiz texts too', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'english')) {
      for (const key of ['eventLeave', 'eventContinue', 'quizCorrect', 'quizScore', 'eventEndingIn'] as const)
        expect(STRINGS[language][key], `${language}.${key}`).not.toBe(STRINGS.english[key]);
    }
    expect(STRINGS.chinese.eventContinue).toBe('繼續活動');
    expect(STRINGS.mandarin.eventContinue).toBe('继续活动');
    expect(STRINGS.cantonese.quizCorrect).toContain('啱');
    expect(format(STRINGS.mandarin.quizScore, { score: 2, total: 3 })).toBe('你的得分：2 / 3');
  });

  it('fills placeholders', () => {
    expect(format(STRINGS.german.endingIn, { seconds: 7 })).toBe('Das Gespräch endet in 7 s.');
    expect(format(STRINGS.korean.endingIn, { seconds: 3 })).toBe('3초 후에 대화가 종료됩니다.');
  });
});

describe('staff strings', () => {
  it('exist in English and Chinese with the same keys and placeholders', () => {
    const keys = Object.keys(PAIRING_STRINGS.english).sort();
    expect(Object.keys(PAIRING_STRINGS.chinese).sort()).toEqual(keys);
    for (const key of keys as (keyof typeof PAIRING_STRINGS.english)[]) {
      expect(PAIRING_STRINGS.chinese[key].trim()).not.toBe('');
      expect(placeholders(PAIRING_STRINGS.chinese[key])).toEqual(placeholders(PAIRING_STRINGS.english[key]));
    }
  });
});

describe('kiosk constants', () => {
  it('offer the device API contract’s languages', () => {
    expect(KIOSK_LANGUAGES).toEqual(LANGUAGES);
  });

  it('name every language in itself and give it a recognition language', () => {
    expect(LANGUAGE_LABELS).toEqual({
      english: 'English',
      chinese: '中文',
      cantonese: '廣東話',
      mandarin: '普通话',
      japanese: '日本語',
      korean: '한국어',
      portuguese: 'Português',
      german: 'Deutsch',
    });
    expect(RECOGNITION_LANG).toEqual({
      english: 'en-US',
      cantonese: 'zh-HK',
      mandarin: 'zh-CN',
      chinese: 'zh-TW',
      japanese: 'ja-JP',
      korean: 'ko-KR',
      portuguese: 'pt-PT',
      german: 'de-DE',
    });
    expect(Object.keys(HTML_LANG).sort()).toEqual([...LANGUAGES].sort());
  });
});
