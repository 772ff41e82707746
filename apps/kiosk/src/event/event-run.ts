import type {
  KioskActivity,
  KioskEvent,
  KioskQuestion,
  KioskQuiz,
  Language,
  QuizButton,
  RunOutcome,
} from '@ambassador/contracts';

/**
 * One visitor's run through the device's current event, as a pure state machine: the screen feeds
 * it what happened (a video ended, the speech ended, a second passed, a button was pressed, an
 * operator skipped, the visitor left…) and shows what it says. Nothing here waits for the server:
 * whether an answer is right is decided from the question's own correct answers.
 */

/** What a quiz shows: a general page or the current question. */
export type QuizScreen = 'onboard' | 'question' | 'retry' | 'correct' | 'incorrect' | 'ending';

export type QuizStep = {
  kind: 'quiz';
  quiz: KioskQuiz;
  /** The questions this run asks, in the order it asks them (random pick already done). */
  questions: KioskQuestion[];
  /** Index into `questions`. */
  question: number;
  /** The attempt at the current question, from 1. */
  attempt: number;
  screen: QuizScreen;
  /** A wrong answer with attempts left, on a question that shows its hints when failed. */
  hints: boolean;
  /** The visitor is trying the current question again after a wrong answer. */
  retrying: boolean;
  /** Questions answered right within their attempts. */
  score: number;
};

export type Step =
  | { kind: 'video'; url: string; play: number; plays: number }
  | { kind: 'tts'; speechEnded: boolean; secondsLeft: number | null }
  | QuizStep
  | { kind: 'nlp' }
  /** Past the last activity: the run finished. */
  | { kind: 'done' };

export type RunState = {
  eventId: number;
  version: number;
  language: Language;
  flow: KioskActivity[];
  /** Per activity index of a quiz: its questions in this run's order. */
  orders: Record<number, KioskQuestion[]>;
  /** The current activity (flow.length once finished). */
  index: number;
  step: Step;
  /** How the run ended; null while it goes on. */
  outcome: RunOutcome | null;
};

export type RunAction =
  /** The video reached its end (one play). */
  | { type: 'video_ended'; index: number }
  /** The activity's media cannot play (a broken video): go on to the next activity. */
  | { type: 'media_failed'; index: number }
  /** The tts activity's speech ended; `played` is false when nothing could be heard. */
  | { type: 'speech_ended'; index: number; played: boolean }
  /** A second of a tts countdown passed. */
  | { type: 'tick'; index: number }
  /** Next / Continue: a tts without countdown, a quiz page, the nlp step's "Continue event". */
  | { type: 'next' }
  /** A quiz button; ignored unless it answers the current question at the current attempt. */
  | { type: 'answer'; question_id: number; attempt: number; answer: string }
  /** An operator's control (event:control). */
  | { type: 'control'; action: 'skip' | 'stop' }
  /** The visitor left, or walked away (idle). */
  | { type: 'end'; outcome: 'left' | 'idle' | 'stopped' }
  /** The device's current event changed (event:active). */
  | { type: 'event_changed'; event: KioskEvent | null };

/** What a button answers: its payload, or its text without one (mirrors the contract's buttonAnswer). */
export const buttonAnswer = (b: QuizButton) => (b.payload !== '' ? b.payload : b.text);
/** A button that says nothing: padding of the last row. */
export const isBlankButton = (b: QuizButton) => b.text === '' && b.payload === '';

/**
 * The language a run plays in: the kiosk's current language when the event has a flow in it, else
 * the event's first language that has one. Null when no flow can be played.
 */
export function runLanguage(event: KioskEvent, current: Language): Language | null {
  const playable = (l: Language) => (event.flows[l]?.length ?? 0) > 0;
  if (playable(current)) return current;
  return event.languages.find(playable) ?? null;
}

/** The questions a run asks: all in order, or with random pick shuffled and cut to pick_count. */
export function orderQuestions(quiz: KioskQuiz, random: () => number): KioskQuestion[] {
  if (!quiz.is_enabled_random_pick) return [...quiz.questions];
  const shuffled = [...quiz.questions];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return quiz.pick_count === null ? shuffled : shuffled.slice(0, Math.max(0, quiz.pick_count));
}

/** A new run of `event` in `language`, at its first activity (finished at once when the flow is empty). */
export function createRun(
  event: KioskEvent,
  language: Language,
  random: () => number = Math.random,
): RunState {
  const flow = event.flows[language] ?? [];
  const orders: Record<number, KioskQuestion[]> = {};
  flow.forEach((activity, i) => {
    if (activity.type === 'quiz') orders[i] = orderQuestions(activity.quiz, random);
  });
  const base: RunState = {
    eventId: event.event_id,
    version: event.version,
    language,
    flow,
    orders,
    index: 0,
    step: { kind: 'done' },
    outcome: null,
  };
  return enter(base, 0);
}

/** The state at activity `index` (skipping a quiz with nothing to show); past the last, finished. */
function enter(state: RunState, index: number): RunState {
  const activity = state.flow[index];
  if (!activity) return { ...state, index: state.flow.length, step: { kind: 'done' }, outcome: 'finished' };
  const at = (step: Step): RunState => ({ ...state, index, step });
  switch (activity.type) {
    case 'video':
      return at({ kind: 'video', url: activity.url, play: 1, plays: Math.max(1, activity.plays) });
    case 'tts':
      return at({ kind: 'tts', speechEnded: false, secondsLeft: activity.countdown });
    case 'nlp':
      return at({ kind: 'nlp' });
    case 'quiz': {
      const quiz: QuizStep = {
        kind: 'quiz',
        quiz: activity.quiz,
        questions: state.orders[index] ?? [],
        question: 0,
        attempt: 1,
        screen: 'onboard',
        hints: false,
        retrying: false,
        score: 0,
      };
      if (activity.quiz.pages.onboard) return at(quiz);
      return startQuestions(at(quiz), quiz);
    }
  }
}

const next = (state: RunState) => enter(state, state.index + 1);

function withQuiz(state: RunState, quiz: QuizStep): RunState {
  return { ...state, step: quiz };
}

/** The first question, or (none to ask) the ending page or the next activity. */
function startQuestions(state: RunState, quiz: QuizStep): RunState {
  if (quiz.questions.length > 0) return withQuiz(state, { ...quiz, screen: 'question' });
  return endQuiz(state, quiz);
}

function endQuiz(state: RunState, quiz: QuizStep): RunState {
  return quiz.quiz.pages.ending ? withQuiz(state, { ...quiz, screen: 'ending' }) : next(state);
}

/** After a question is done (right, or wrong at its last attempt): the next one or the end. */
function nextQuestion(state: RunState, quiz: QuizStep): RunState {
  if (quiz.question + 1 < quiz.questions.length)
    return withQuiz(state, {
      ...quiz,
      question: quiz.question + 1,
      attempt: 1,
      hints: false,
      retrying: false,
      screen: 'question',
    });
  return endQuiz(state, quiz);
}

function answer(state: RunState, quiz: QuizStep, action: Extract<RunAction, { type: 'answer' }>): RunState {
  const question = quiz.questions[quiz.question];
  if (
    quiz.screen !== 'question' ||
    !question ||
    question.id !== action.question_id ||
    quiz.attempt !== action.attempt
  )
    return state;
  const { pages } = quiz.quiz;
  if (question.correct_answers.includes(action.answer)) {
    const scored = { ...quiz, score: quiz.score + 1 };
    return pages.correct ? withQuiz(state, { ...scored, screen: 'correct' }) : nextQuestion(state, scored);
  }
  if (quiz.attempt < question.max_attempt) {
    return withQuiz(state, {
      ...quiz,
      attempt: quiz.attempt + 1,
      retrying: true,
      hints: question.show_hints_when_failed && question.hints.trim() !== '',
      screen: pages.retry ? 'retry' : 'question',
    });
  }
  return pages.incorrect ? withQuiz(state, { ...quiz, screen: 'incorrect' }) : nextQuestion(state, quiz);
}

/** Next / Continue on a quiz page. */
function proceedQuiz(state: RunState, quiz: QuizStep): RunState {
  switch (quiz.screen) {
    case 'onboard':
      return startQuestions(state, quiz);
    case 'retry':
      return withQuiz(state, { ...quiz, screen: 'question' });
    case 'correct':
    case 'incorrect':
      return nextQuestion(state, quiz);
    case 'ending':
      return next(state);
    case 'question':
      return state;
  }
}

/** Next / Continue on whatever shows now. */
function proceed(state: RunState): RunState {
  const { step } = state;
  switch (step.kind) {
    case 'tts':
      // A countdown runs out by itself; the visitor cannot cut it short.
      return step.secondsLeft === null ? next(state) : state;
    case 'nlp':
      return next(state);
    case 'quiz':
      return proceedQuiz(state, step);
    case 'video':
    case 'done':
      return state;
  }
}

export function runReducer(state: RunState, action: RunAction): RunState {
  if (state.outcome !== null) return state;
  const { step } = state;
  switch (action.type) {
    case 'video_ended':
      if (step.kind !== 'video' || action.index !== state.index) return state;
      return step.play < step.plays ? { ...state, step: { ...step, play: step.play + 1 } } : next(state);
    case 'media_failed':
      return action.index === state.index ? next(state) : state;
    case 'speech_ended':
      if (step.kind !== 'tts' || action.index !== state.index) return state;
      if (step.secondsLeft === null) {
        // Heard to its end: go on. Not heard (no speech engine, muted): the visitor reads and taps Next.
        return action.played ? next(state) : { ...state, step: { ...step, speechEnded: true } };
      }
      return step.secondsLeft <= 0 ? next(state) : { ...state, step: { ...step, speechEnded: true } };
    case 'tick': {
      if (step.kind !== 'tts' || action.index !== state.index || step.secondsLeft === null) return state;
      const secondsLeft = Math.max(0, step.secondsLeft - 1);
      if (secondsLeft === 0 && step.speechEnded) return next(state);
      return { ...state, step: { ...step, secondsLeft } };
    }
    case 'next':
      return proceed(state);
    case 'answer':
      return step.kind === 'quiz' ? answer(state, step, action) : state;
    case 'control':
      return action.action === 'skip' ? next(state) : { ...state, outcome: 'stopped' };
    case 'end':
      return { ...state, outcome: action.outcome };
    case 'event_changed':
      // A new version of the same event leaves this visitor's run as it started; another event,
      // or none, ends it.
      return action.event?.event_id === state.eventId ? state : { ...state, outcome: 'stopped' };
  }
}

// ---------------------------------------------------------------- what the screen derives

/** The question on screen (or the one a retry/correct/incorrect page is about). */
export function currentQuestion(step: QuizStep): KioskQuestion | null {
  return step.questions[step.question] ?? null;
}

/**
 * Where the run is, for POST /event_runs/{id}/progress (the console's control view): the activity
 * and a short step inside it. Null once the run has ended.
 */
export function progressOf(
  state: RunState,
): { activity_index: number; activity_key: string; step: string } | null {
  const activity = state.flow[state.index];
  if (state.outcome !== null || !activity) return null;
  const { step } = state;
  let label = '';
  if (step.kind === 'video') label = `playing ${step.play}/${step.plays}`;
  else if (step.kind === 'tts' && step.secondsLeft !== null) label = 'countdown';
  else if (step.kind === 'quiz') {
    const position = `${step.question + 1}/${step.questions.length}`;
    if (step.screen === 'onboard' || step.screen === 'ending') label = step.screen;
    else if (step.screen === 'question') label = `question ${position}`;
    else label = `${step.screen} ${position}`;
  }
  return { activity_index: state.index, activity_key: activity.key, step: label };
}

/** For POST /event_runs/{id}/end: the activity the run ended at (flow length when finished). */
export function endIndex(state: RunState): number {
  return Math.min(state.index, state.flow.length);
}

/**
 * What the kiosk says now: the tts speech, the question's speech, a quiz page's speech. `key`
 * changes whenever something new should be said, so a screen speaks each once.
 */
export function speechOf(state: RunState): { key: string; text: string } | null {
  if (state.outcome !== null) return null;
  const activity = state.flow[state.index];
  const { step } = state;
  if (activity?.type === 'tts') return { key: `${state.index}:tts`, text: activity.speech };
  if (step.kind !== 'quiz') return null;
  const key = `${state.index}:${step.question}:${step.screen}`;
  if (step.screen === 'question') return { key, text: currentQuestion(step)?.speech ?? '' };
  return { key, text: step.quiz.pages[step.screen]?.speech ?? '' };
}

/**
 * Whether the kiosk is playing something on its own (a video, the speech or countdown of a tts):
 * the idle clock stands still meanwhile, as the visitor is watching, not gone.
 */
export function isPresenting(state: RunState): boolean {
  const { step } = state;
  if (step.kind === 'video') return true;
  if (step.kind === 'tts') return !step.speechEnded || (step.secondsLeft ?? 0) > 0;
  return false;
}

/** Seconds of a countdown worth announcing to a screen reader: the start, every ten, the last five. */
export function announceCountdown(secondsLeft: number, total: number): boolean {
  return secondsLeft === total || secondsLeft % 10 === 0 || secondsLeft <= 5;
}
