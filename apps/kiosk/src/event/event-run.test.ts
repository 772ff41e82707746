import {
  buttonAnswer as contractButtonAnswer,
  isBlankButton as contractIsBlank,
  type KioskActivity,
  type KioskQuiz,
} from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN,
  LIGHTHOUSE_QUESTION,
  NLP,
  QUIZ,
  SHIP_QUESTION,
  TTS,
  VIDEO,
  harbourDay,
} from '../test/fake-event';
import {
  announceCountdown,
  buttonAnswer,
  createRun,
  endIndex,
  isBlankButton,
  isPresenting,
  orderQuestions,
  progressOf,
  runLanguage,
  runReducer,
  speechOf,
  type RunAction,
  type RunState,
} from './event-run';

/** A run of an English flow of these activities. */
function runOf(...flow: KioskActivity[]): RunState {
  return createRun(harbourDay({ flows: { english: flow } }), 'english');
}
const play = (state: RunState, ...actions: RunAction[]) => actions.reduce(runReducer, state);
const quizOf = (quiz: KioskQuiz): KioskActivity => ({ type: 'quiz', key: 'quiz', quiz });
const quizStep = (state: RunState) => {
  if (state.step.kind !== 'quiz') throw new Error(`not in a quiz but in ${state.step.kind}`);
  return state.step;
};
const answer = (state: RunState, text: string): RunAction => {
  const step = quizStep(state);
  return {
    type: 'answer',
    question_id: step.questions[step.question]!.id,
    attempt: step.attempt,
    answer: text,
  };
};
/** Answers the current question with `text` and returns the state after. */
const say = (state: RunState, text: string) => runReducer(state, answer(state, text));
const next: RunAction = { type: 'next' };
const withPages = (pages: KioskQuiz['pages']): KioskQuiz => ({ ...QUIZ, pages });

describe('event run: video and tts', () => {
  it('plays a video its number of times, then goes on', () => {
    let state = runOf(VIDEO, TTS);
    expect(state.step).toMatchObject({ kind: 'video', play: 1, plays: 2, url: '/media/intro.mp4' });
    state = play(state, { type: 'video_ended', index: 0 });
    expect(state.step).toMatchObject({ kind: 'video', play: 2 });
    state = play(state, { type: 'video_ended', index: 0 });
    expect(state.index).toBe(1);
    expect(state.step.kind).toBe('tts');
    // A late "ended" of the video changes nothing.
    expect(play(state, { type: 'video_ended', index: 0 })).toBe(state);
  });

  it('plays a video once when plays is 1, and skips one that cannot play', () => {
    const once = runOf({ ...VIDEO, plays: 1 }, TTS);
    expect(play(once, { type: 'video_ended', index: 0 }).index).toBe(1);
    expect(play(runOf(VIDEO, TTS), { type: 'media_failed', index: 0 }).step.kind).toBe('tts');
  });

  it('goes on from a tts when the countdown reaches 0 and the speech has ended, whichever comes last', () => {
    const start = runOf(COUNTDOWN, NLP);
    expect(start.step).toEqual({ kind: 'tts', speechEnded: false, secondsLeft: 3 });
    const tick: RunAction = { type: 'tick', index: 0 };
    // The countdown runs out first: it waits for the speech.
    let state = play(start, tick, tick, tick, tick);
    expect(state.step).toEqual({ kind: 'tts', speechEnded: false, secondsLeft: 0 });
    state = play(state, { type: 'speech_ended', index: 0, played: true });
    expect(state.step.kind).toBe('nlp');
    // The speech ends first: the countdown goes on to 0.
    state = play(start, { type: 'speech_ended', index: 0, played: false }, tick, tick);
    expect(state.step).toEqual({ kind: 'tts', speechEnded: true, secondsLeft: 1 });
    // Next cannot cut a countdown short.
    expect(play(state, next)).toBe(state);
    expect(play(state, tick).step.kind).toBe('nlp');
  });

  it('goes on from a tts without countdown when its speech was heard, else on Next', () => {
    const start = runOf(TTS, NLP);
    expect(play(start, { type: 'speech_ended', index: 0, played: true }).step.kind).toBe('nlp');
    const unheard = play(start, { type: 'speech_ended', index: 0, played: false });
    expect(unheard.step).toEqual({ kind: 'tts', speechEnded: true, secondsLeft: null });
    expect(play(unheard, next).step.kind).toBe('nlp');
    // Next also goes on while it still speaks.
    expect(play(start, next).step.kind).toBe('nlp');
    // Ticks and a speech end from another activity change nothing.
    expect(play(start, { type: 'tick', index: 0 })).toBe(start);
    expect(play(start, { type: 'speech_ended', index: 3, played: true })).toBe(start);
  });
});

describe('event run: quiz', () => {
  it('shows the onboard page first, then the questions in order', () => {
    let state = runOf(quizOf(QUIZ));
    expect(quizStep(state)).toMatchObject({ screen: 'onboard', question: 0, attempt: 1, score: 0 });
    // Answers do nothing on a page.
    expect(play(state, { type: 'answer', question_id: 11, attempt: 1, answer: 'Tall ship' })).toBe(state);
    state = play(state, next);
    expect(quizStep(state)).toMatchObject({ screen: 'question', question: 0 });
    expect(quizStep(state).questions.map((q) => q.id)).toEqual([11, 12]);
  });

  it('a wrong answer with attempts left shows the retry page and the hints, then the question again', () => {
    let state = play(runOf(quizOf(QUIZ)), next);
    state = say(state, 'ferry');
    expect(quizStep(state)).toMatchObject({
      screen: 'retry',
      attempt: 2,
      hints: true,
      retrying: true,
      score: 0,
    });
    state = play(state, next);
    expect(quizStep(state)).toMatchObject({ screen: 'question', question: 0, attempt: 2, hints: true });
  });

  it('keeps the hints hidden for a question that does not show them', () => {
    const quiet = { ...SHIP_QUESTION, show_hints_when_failed: false };
    const state = say(play(runOf(quizOf({ ...QUIZ, questions: [quiet] })), next), 'junk');
    expect(quizStep(state)).toMatchObject({ screen: 'retry', hints: false });
  });

  it('a wrong answer at the last attempt shows the incorrect page, then the next question', () => {
    let state = play(runOf(quizOf(QUIZ)), next);
    state = say(state, 'ferry');
    state = play(state, next);
    state = say(state, 'junk');
    expect(quizStep(state)).toMatchObject({ screen: 'incorrect', question: 0, score: 0 });
    state = play(state, next);
    expect(quizStep(state)).toMatchObject({
      screen: 'question',
      question: 1,
      attempt: 1,
      hints: false,
      retrying: false,
    });
  });

  it('a right answer shows the correct page and counts; the ending page shows after the last question', () => {
    let state = play(runOf(quizOf(QUIZ), NLP), next);
    state = say(state, 'Tall ship');
    expect(quizStep(state)).toMatchObject({ screen: 'correct', score: 1 });
    state = play(state, next);
    state = say(state, '1920');
    // One attempt only: wrong at once is incorrect.
    expect(quizStep(state)).toMatchObject({ screen: 'incorrect', question: 1, score: 1 });
    state = play(state, next);
    expect(quizStep(state)).toMatchObject({ screen: 'ending', score: 1 });
    state = play(state, next);
    expect(state.step.kind).toBe('nlp');
  });

  it('skips the pages that are off', () => {
    const bare = quizOf(withPages({}));
    let state = runOf(bare, NLP);
    // No onboard: the first question at once.
    expect(quizStep(state)).toMatchObject({ screen: 'question', question: 0 });
    // No retry page: the question again, saying to try again.
    state = say(state, 'ferry');
    expect(quizStep(state)).toMatchObject({ screen: 'question', question: 0, attempt: 2, retrying: true });
    // No incorrect page: the next question.
    state = say(state, 'junk');
    expect(quizStep(state)).toMatchObject({ screen: 'question', question: 1, attempt: 1 });
    // No correct page, no ending: the next activity.
    state = say(state, '1890');
    expect(state.step.kind).toBe('nlp');
  });

  it('ignores an answer for another question or attempt (a double tap)', () => {
    const state = play(runOf(quizOf(QUIZ)), next);
    const wrong = say(state, 'ferry');
    expect(play(wrong, { type: 'answer', question_id: 11, attempt: 1, answer: 'Tall ship' })).toBe(wrong);
    expect(play(state, { type: 'answer', question_id: 12, attempt: 1, answer: '1890' })).toBe(state);
  });

  it('shuffles random-pick quizzes and asks pick_count of them', () => {
    const many = { ...QUIZ, questions: [1, 2, 3, 4, 5].map((id) => ({ ...LIGHTHOUSE_QUESTION, id })) };
    expect(orderQuestions(many, () => 0).map((q) => q.id)).toEqual([1, 2, 3, 4, 5]);
    const picked = { ...many, is_enabled_random_pick: true, pick_count: 3 };
    // A fixed random gives a fixed order.
    expect(orderQuestions(picked, () => 0).map((q) => q.id)).toEqual([2, 3, 4]);
    const all = orderQuestions({ ...picked, pick_count: null }, Math.random);
    expect(all.map((q) => q.id).sort()).toEqual([1, 2, 3, 4, 5]);
    // The order is fixed when the run starts.
    const run = createRun(harbourDay({ flows: { english: [quizOf(picked)] } }), 'english', () => 0);
    expect(quizStep(run).questions.map((q) => q.id)).toEqual([2, 3, 4]);
  });

  it('goes past a quiz with no question to ask to its ending page, or on', () => {
    const empty = { ...QUIZ, questions: [] };
    const ending = runOf(quizOf({ ...empty, pages: { ending: QUIZ.pages.ending! } }));
    expect(quizStep(ending)).toMatchObject({ screen: 'ending', score: 0 });
    expect(runOf(quizOf({ ...empty, pages: {} }), NLP).step.kind).toBe('nlp');
  });
});

describe('event run: the end', () => {
  it('finishes after the last activity', () => {
    const state = play(runOf(NLP), next);
    expect(state.outcome).toBe('finished');
    expect(endIndex(state)).toBe(1);
    expect(progressOf(state)).toBeNull();
    // Nothing changes an ended run.
    expect(play(state, { type: 'end', outcome: 'left' })).toBe(state);
  });

  it('skips the current activity or stops the run on an operator control', () => {
    const start = runOf(VIDEO, TTS, NLP);
    const skipped = play(start, { type: 'control', action: 'skip' });
    expect(skipped.index).toBe(1);
    expect(
      play(skipped, { type: 'control', action: 'skip' }, { type: 'control', action: 'skip' }).outcome,
    ).toBe('finished');
    const stopped = play(skipped, { type: 'control', action: 'stop' });
    expect(stopped.outcome).toBe('stopped');
    expect(endIndex(stopped)).toBe(1);
  });

  it('ends where the visitor left or walked away', () => {
    const atQuiz = play(runOf(VIDEO, quizOf(QUIZ)), { type: 'media_failed', index: 0 });
    expect(play(atQuiz, { type: 'end', outcome: 'left' })).toMatchObject({ outcome: 'left', index: 1 });
    expect(play(atQuiz, { type: 'end', outcome: 'idle' })).toMatchObject({ outcome: 'idle', index: 1 });
  });

  it('stops when the event ends or another replaces it, and plays on through a new version', () => {
    const state = runOf(VIDEO, TTS);
    expect(play(state, { type: 'event_changed', event: null }).outcome).toBe('stopped');
    expect(play(state, { type: 'event_changed', event: harbourDay({ event_id: 4 }) }).outcome).toBe(
      'stopped',
    );
    expect(play(state, { type: 'event_changed', event: harbourDay({ version: 2 }) })).toBe(state);
  });
});

describe('event run: what the screen derives', () => {
  it('picks the kiosk language when the event plays in it, else its first playable one', () => {
    const event = harbourDay();
    expect(runLanguage(event, 'cantonese')).toBe('cantonese');
    expect(runLanguage(event, 'japanese')).toBe('english');
    expect(runLanguage(harbourDay({ flows: { cantonese: [TTS] } }), 'english')).toBe('cantonese');
    expect(runLanguage(harbourDay({ flows: {} }), 'english')).toBeNull();
  });

  it('reports each activity and step', () => {
    let state = runOf(VIDEO, COUNTDOWN, quizOf(QUIZ), NLP);
    expect(progressOf(state)).toEqual({ activity_index: 0, activity_key: 'intro', step: 'playing 1/2' });
    state = play(state, { type: 'video_ended', index: 0 });
    expect(progressOf(state)?.step).toBe('playing 2/2');
    state = play(state, { type: 'video_ended', index: 0 });
    expect(progressOf(state)).toEqual({ activity_index: 1, activity_key: 'soon', step: 'countdown' });
    state = play(state, { type: 'control', action: 'skip' });
    expect(progressOf(state)?.step).toBe('onboard');
    state = play(state, next);
    expect(progressOf(state)?.step).toBe('question 1/2');
    state = say(state, 'ferry');
    expect(progressOf(state)?.step).toBe('retry 1/2');
    state = play(state, { type: 'control', action: 'skip' });
    expect(progressOf(state)).toEqual({ activity_index: 3, activity_key: 'ask', step: '' });
  });

  it('says the announcement, each question and each page once', () => {
    let state = runOf(
      TTS,
      quizOf({ ...QUIZ, pages: { ...QUIZ.pages, onboard: { ...QUIZ.pages.onboard!, speech: 'Hello' } } }),
    );
    expect(speechOf(state)).toEqual({ key: '0:tts', text: TTS.speech });
    state = play(state, next);
    expect(speechOf(state)).toEqual({ key: '1:0:onboard', text: 'Hello' });
    state = play(state, next);
    expect(speechOf(state)).toEqual({ key: '1:0:question', text: 'Which ship is the oldest?' });
    expect(speechOf(play(state, { type: 'end', outcome: 'left' }))).toBeNull();
    expect(speechOf(runOf(VIDEO))).toBeNull();
  });

  it('holds the idle clock while a video or an announcement plays, not while it waits for the visitor', () => {
    expect(isPresenting(runOf(VIDEO))).toBe(true);
    const tts = runOf(TTS);
    expect(isPresenting(tts)).toBe(true);
    expect(isPresenting(play(tts, { type: 'speech_ended', index: 0, played: false }))).toBe(false);
    const countdown = play(runOf(COUNTDOWN, NLP), { type: 'speech_ended', index: 0, played: true });
    expect(isPresenting(countdown)).toBe(true);
    expect(isPresenting(runOf(quizOf(QUIZ)))).toBe(false);
  });

  it('announces a countdown at its start, every ten seconds and for the last five', () => {
    const said = Array.from({ length: 25 }, (_, i) => 25 - i).filter((s) => announceCountdown(s, 25));
    expect(said).toEqual([25, 20, 10, 5, 4, 3, 2, 1]);
  });

  it('answers and pads buttons as the contract does', () => {
    for (const button of SHIP_QUESTION.buttons) {
      expect(buttonAnswer(button)).toBe(contractButtonAnswer(button));
      expect(isBlankButton(button)).toBe(contractIsBlank(button));
    }
  });
});
