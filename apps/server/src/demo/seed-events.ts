import {
  ZCreateQuestionRequest,
  ZCreateQuizRequest,
  ZFlows,
  ZUpdateQuizPageRequest,
  type DeviceKind,
  type Language,
} from '@ambassador/contracts';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import {
  createEventRepo,
  createKioskEvents,
  createQuizRepo,
  createQuizService,
} from '../modules/events/index.js';
import { silentNotifier } from '../realtime/types.js';
import { DEMO_LANGUAGES } from './seed-content.js';

type Texts = Record<(typeof DEMO_LANGUAGES)[number], string>;

/** Two questions a mall's visitors can answer from what they see around them. */
const QUESTIONS: { text: Texts; buttons: Texts[]; correct: number }[] = [
  {
    text: {
      english: 'Which floor has the food court?',
      cantonese: '美食廣場喺幾樓？',
      mandarin: '美食广场在几楼？',
    },
    buttons: [
      { english: 'Ground floor', cantonese: '地下', mandarin: '一楼' },
      { english: 'Level 3', cantonese: '三樓', mandarin: '三楼' },
    ],
    correct: 1,
  },
  {
    text: {
      english: 'Where can you ask for a wheelchair?',
      cantonese: '喺邊度可以借輪椅？',
      mandarin: '在哪里可以借轮椅？',
    },
    buttons: [
      { english: 'Customer service', cantonese: '客戶服務中心', mandarin: '客户服务中心' },
      { english: 'Car park', cantonese: '停車場', mandarin: '停车场' },
    ],
    correct: 0,
  },
];

const per = <T>(make: (l: (typeof DEMO_LANGUAGES)[number]) => T) =>
  Object.fromEntries(DEMO_LANGUAGES.map((l) => [l, make(l)])) as Record<Language, T>;

/**
 * An example for the Event Manager on an ambassador device: a quiz of the quiz library and an event
 * that welcomes visitors, asks it and hands them to the assistant — not current, so kiosks offer
 * nothing until an operator makes it so. The quiz goes through the quiz service (its checks); the
 * event through its repository (the service's only other work is uploads and pushes to kiosks).
 */
export async function seedDemoEvents(db: Db, clock: Clock, device: { id: number; kind: DeviceKind }) {
  if (device.kind !== 'ambassador') return;
  const quizzes = createQuizRepo(db);
  const events = createEventRepo(db);
  const live = createKioskEvents({
    events,
    quizzes,
    notifier: silentNotifier,
    webAddresses: async (urls) => new Map(urls.map((u) => [u, u])),
  });
  const service = createQuizService({ repo: quizzes, live, clock });
  const quiz = await service.create(
    ZCreateQuizRequest.parse({
      device_id: device.id,
      quiz_name: 'Know the mall',
      languages: [...DEMO_LANGUAGES],
    }),
  );
  for (const q of QUESTIONS) {
    await service.createQuestion(
      quiz.quiz_id,
      ZCreateQuestionRequest.parse({
        device_id: device.id,
        title: q.text.english,
        max_attempt: 2,
        show_hints_when_failed: true,
        contents: per((l) => {
          const buttons = q.buttons.map((b) => ({ text: b[l], payload: '' }));
          return {
            text: q.text[l],
            speech: q.text[l],
            buttons: { num_of_column: 2, values: buttons },
            correct_answers: [buttons[q.correct]!.text],
          };
        }),
      }),
    );
  }
  const pages: Record<'onboard' | 'ending', Texts> = {
    onboard: {
      english: 'Two quick questions about the mall. Ready?',
      cantonese: '兩條關於商場嘅小問題，準備好未？',
      mandarin: '两道关于商场的小问题，准备好了吗？',
    },
    ending: {
      english: 'Thank you for playing!',
      cantonese: '多謝參與！',
      mandarin: '谢谢参与！',
    },
  };
  for (const [type, text] of Object.entries(pages) as ['onboard' | 'ending', Texts][]) {
    await service.savePage(
      quiz.quiz_id,
      type,
      ZUpdateQuizPageRequest.parse({
        device_id: device.id,
        is_on: true,
        contents: per((l) => ({ text: text[l], speech: text[l] })),
      }),
    );
  }
  const welcome: Texts = {
    english: 'Welcome to the mall! A short quiz starts in a few seconds.',
    cantonese: '歡迎光臨！小測驗幾秒後開始。',
    mandarin: '欢迎光临！小测验几秒后开始。',
  };
  const flows = ZFlows.parse(
    per((l) => [
      {
        type: 'tts',
        key: 'welcome',
        script: welcome[l],
        speech: welcome[l],
        is_countdown: true,
        countdown: 5,
      },
      { type: 'quiz', key: 'quiz', quiz_id: quiz.quiz_id },
      { type: 'nlp', key: 'ask' },
    ]),
  );
  await events.insert(
    device.id,
    { title: 'Welcome quiz', languages: [...DEMO_LANGUAGES], flows, updatedBy: 'demo' },
    clock.now(),
  );
}
