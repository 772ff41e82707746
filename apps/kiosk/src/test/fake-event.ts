import type { KioskActivity, KioskEvent, KioskQuestion, KioskQuiz } from '@ambassador/contracts';

/** Test support only: a current event as the device config and `event:active` carry it. */

export const RUN_ID = 91;

/** Two tries, hints when failed, four buttons in two columns (the last a blank padding cell). */
export const SHIP_QUESTION: KioskQuestion = {
  id: 11,
  title: 'Oldest ship',
  max_attempt: 2,
  show_hints_when_failed: true,
  text: 'Which ship is the oldest in the harbour?',
  speech: 'Which ship is the oldest?',
  num_of_column: 2,
  buttons: [
    { text: 'Ferry', payload: 'ferry' },
    { text: 'Tall ship', payload: '' },
    { text: 'Junk', payload: 'junk' },
    { text: '', payload: '' },
  ],
  correct_answers: ['Tall ship'],
  image_urls: ['/media/ship.png'],
  hints: 'It has three masts.',
};

/** One try, no hints. */
export const LIGHTHOUSE_QUESTION: KioskQuestion = {
  id: 12,
  title: 'Lighthouse',
  max_attempt: 1,
  show_hints_when_failed: false,
  text: 'When was the lighthouse built?',
  speech: '',
  num_of_column: 1,
  buttons: [
    { text: '1890', payload: '' },
    { text: '1920', payload: '' },
  ],
  correct_answers: ['1890'],
  image_urls: [],
  hints: '',
};

const page = (text: string) => ({ text, speech: '', image_url: '' });
type Of<T extends KioskActivity['type']> = Extract<KioskActivity, { type: T }>;

/** Every general page on. */
export const QUIZ: KioskQuiz = {
  quiz_id: 5,
  name: 'Harbour quiz',
  is_enabled_random_pick: false,
  pick_count: null,
  questions: [SHIP_QUESTION, LIGHTHOUSE_QUESTION],
  pages: {
    onboard: page('Ready for three questions?'),
    retry: page('Not this one. Have another go!'),
    correct: page('Well done!'),
    incorrect: page('Not quite.'),
    ending: page('That was the harbour quiz.'),
  },
};

export const VIDEO: Of<'video'> = { type: 'video', key: 'intro', plays: 2, url: '/media/intro.mp4' };
export const TTS: Of<'tts'> = {
  type: 'tts',
  key: 'welcome',
  script: 'The harbour parade starts soon.',
  speech: 'The harbour parade starts soon.',
  countdown: null,
  image_url: '/media/parade.png',
};
export const COUNTDOWN: Of<'tts'> = {
  type: 'tts',
  key: 'soon',
  script: 'Get ready!',
  speech: 'Get ready!',
  countdown: 3,
  image_url: null,
};
export const QUIZ_ACTIVITY: Of<'quiz'> = { type: 'quiz', key: 'quiz', quiz: QUIZ };
export const NLP: Of<'nlp'> = { type: 'nlp', key: 'ask' };

/** Harbour Day: in English a video, an announcement, the quiz and the assistant; in Cantonese an announcement. */
export function harbourDay(overrides: Partial<KioskEvent> = {}): KioskEvent {
  return {
    event_id: 3,
    version: 1,
    title: 'Harbour Day',
    languages: ['english', 'cantonese'],
    flows: {
      english: [VIDEO, TTS, QUIZ_ACTIVITY, NLP],
      cantonese: [{ ...TTS, script: '巡遊快開始喇。', speech: '巡遊快開始喇。' }],
    },
    ...overrides,
  };
}
