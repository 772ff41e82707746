import type { ActivityInput, Language, QuestionContent } from '@ambassador/contracts';
import type { Db } from '../db/client.js';
import { events, quizQuestions, quizzes } from '../db/schema.js';

/**
 * Test support for runs and results: a quiz and an event written straight into the tables, as the
 * Event Manager's editor saves them. Not used by the server itself.
 */

/** A question's content: its text (spoken too), buttons as [text, payload], the right answers. */
const content = (text: string, buttons: [string, string][], correct: string[]): QuestionContent => ({
  text,
  speech: text,
  buttons: { num_of_column: 2, values: buttons.map(([text, payload]) => ({ text, payload })) },
  correct_answers: correct,
  is_include_image: false,
  image_urls: [],
  hints: '',
});

/**
 * A two-question quiz in English and Cantonese. The capital question allows two attempts; its
 * English right button has only a text, its Cantonese one a payload. The sum question allows one.
 */
export async function seedQuiz(db: Db, deviceId: number, name = 'Capitals quiz') {
  const [quiz] = await db
    .insert(quizzes)
    .values({ deviceId, name, languages: ['english', 'cantonese'] })
    .returning();
  const question = (
    position: number,
    title: string,
    maxAttempt: number,
    english: QuestionContent,
    cantonese: QuestionContent,
  ) => ({
    quizId: quiz!.id,
    position,
    title,
    maxAttempt,
    contents: { english, cantonese },
  });
  const [capital, sum] = await db
    .insert(quizQuestions)
    .values([
      question(
        0,
        'Capital of France',
        2,
        content(
          'What is the capital of France?',
          [
            ['Paris', ''],
            ['London', 'london'],
          ],
          ['Paris'],
        ),
        content(
          '法國首都係邊度？',
          [
            ['巴黎', 'paris'],
            ['倫敦', ''],
          ],
          ['paris'],
        ),
      ),
      question(
        1,
        'Two plus two',
        1,
        content(
          '2 + 2?',
          [
            ['4', 'four'],
            ['5', 'five'],
          ],
          ['four'],
        ),
        content(
          '二加二？',
          [
            ['四', 'four'],
            ['五', 'five'],
          ],
          ['four'],
        ),
      ),
    ])
    .returning();
  return { id: quiz!.id, capital: capital!.id, sum: sum!.id };
}

/** Video, tts, quiz, nlp: the same four activities (and keys) in every language given. */
export const fourActivities = (quizId: number): ActivityInput[] => [
  { type: 'video', key: 'welcome', repeat_option: 'once', url: '/media/welcome.mp4' },
  { type: 'tts', key: 'intro', script: 'Hello', speech: 'Hello', is_countdown: true, countdown: 5 },
  { type: 'quiz', key: 'quiz', quiz_id: quizId },
  { type: 'nlp', key: 'ask' },
];

/** An event of the device with four activities per language; current unless told. */
export async function seedEvent(
  db: Db,
  deviceId: number,
  quizId: number,
  opts: { title?: string; languages?: Language[]; active?: boolean } = {},
) {
  const languages = opts.languages ?? ['english', 'cantonese'];
  const [event] = await db
    .insert(events)
    .values({
      deviceId,
      title: opts.title ?? 'Open day',
      languages,
      flows: Object.fromEntries(languages.map((l) => [l, fourActivities(quizId)])),
      isActive: opts.active ?? true,
      version: 3,
    })
    .returning();
  return { id: event!.id, version: event!.version };
}
