import type { Event, Language, Quiz, QuizQuestion } from '@ambassador/contracts';
import { aiCalls } from './ai.js';
import type { Session, TestApp } from './harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A question's content a kiosk can ask: text, two buttons in two columns, one right answer. */
export const askable = (text = 'What colour is the sky?') => ({
  text,
  speech: text,
  buttons: {
    num_of_column: 2,
    values: [
      { text: 'Blue', payload: 'blue' },
      { text: 'Green', payload: 'green' },
    ],
  },
  correct_answers: ['blue'],
  hints: 'Look up.',
});

/** A tts activity with everything the completeness checks ask for. */
export const ttsActivity = (key: string, script = 'Welcome to the show!') => ({
  type: 'tts' as const,
  key,
  script,
  speech: script,
  is_countdown: true,
  countdown: 5,
});

/**
 * Calls to the Event Manager's admin API of a suite's app as `session()`, and the quizzes and
 * events most tests start from.
 */
export function eventCalls(t: TestApp, session: () => Session) {
  const admin = aiCalls(t, session);
  const call = (method: Method, path: string, payload?: object, s?: Session) =>
    admin.call(method, `/event_manager${path}`, payload, s);
  const data = (method: Method, path: string, payload?: object) =>
    admin.data(method, `/event_manager${path}`, payload);
  const quiz = (device_id: number, quiz_name: string, languages: Language[]): Promise<Quiz> =>
    data('POST', '/quiz', { device_id, quiz_name, languages });
  const question = (
    device_id: number,
    quizId: number,
    body: { title?: string; contents?: Record<string, unknown> },
  ): Promise<QuizQuestion> => data('POST', `/quiz/${quizId}/question`, { device_id, ...body });
  /** A quiz with one question complete in each of its languages. */
  const readyQuiz = async (device_id: number, quiz_name: string, languages: Language[]) => {
    const made = await quiz(device_id, quiz_name, languages);
    await question(device_id, made.quiz_id, {
      title: 'Sky',
      contents: Object.fromEntries(languages.map((l) => [l, askable()])),
    });
    return made;
  };
  const event = (device_id: number, title: string, languages: Language[]): Promise<Event> =>
    data('POST', '/event', { device_id, title, languages });
  const save = (device_id: number, id: number, body: object) =>
    call('PUT', `/event/${id}`, { device_id, ...body });
  return { call, data, quiz, question, readyQuiz, event, save };
}
