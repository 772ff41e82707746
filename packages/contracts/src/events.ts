import { z } from 'zod';
import { LANGUAGES, type Language } from './access.js';
import { ZLanguage } from './access-schemas.js';
import { ZId } from './common.js';
import { makeRule, rule, type Rule } from './rules.js';

/**
 * The Event Manager (`/event`; `/event_manager/*`): events a kiosk plays to visitors — per language
 * an ordered flow of activities (a video, a spoken announcement with a countdown, a quiz, a hand-over
 * to the assistant) — and the device's quiz library. One event per device is active (current): its
 * paired kiosks run it, record each run, and the console shows the runs live and their results.
 *
 * Media (videos, images) are uploaded through the media pipeline (resumable uploads of kind image
 * or video, or POST /event_manager/upload) and referenced here by their `/media/…` address.
 */

// ---------------------------------------------------------------- limits

export const EVENT_TITLE_MAX = 100;
export const QUIZ_NAME_MAX = 100;
export const QUESTION_TITLE_MAX = 100;
/** Activities in one language's flow. */
export const EVENT_MAX_ACTIVITIES = 30;
export const EVENT_MAX_EVENTS = 200;
export const QUIZ_MAX_QUIZZES = 200;
export const QUIZ_MAX_QUESTIONS = 50;
/** Spoken and shown texts: a long announcement, never a document. */
export const EVENT_TEXT_MAX = 2000;
export const BUTTON_TEXT_MAX = 100;
export const BUTTON_PAYLOAD_MAX = 100;
/** Buttons of one question in one language (after padding). */
export const QUESTION_MAX_BUTTONS = 12;
export const QUESTION_COLUMNS = { min: 1, max: 4, default: 1 } as const;
export const QUESTION_ATTEMPTS = { min: 1, max: 10, default: 1 } as const;
export const QUESTION_MAX_IMAGES = 4;
/** Seconds a tts countdown may run. */
export const COUNTDOWN_SECONDS = { min: 1, max: 600, default: 10 } as const;
/** Extra plays of a repeating video (0: it plays once more than none, i.e. once; 0 is allowed). */
export const VIDEO_REPEAT_TIMES = { min: 0, max: 100 } as const;
export const QUESTION_DEFAULT_TITLE = 'New Question';
/** Files in one POST /event_manager/upload. */
export const EVENT_UPLOAD_MAX_FILES = 10;

// ---------------------------------------------------------------- shared pieces

const ZTitle = (max: number) =>
  z.string().trim().min(1, rule('name_required')).max(max, rule('maximum_characters', { max }));
const ZText = z.string().max(EVENT_TEXT_MAX, rule('maximum_characters', { max: EVENT_TEXT_MAX }));
/** A media address this server gave (`/media/…`); blank is none. */
export const ZMediaAddress = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v), {
    message: rule('invalid_image_address'),
  });
/** Languages of an event or quiz: at least one, no repeats, in the order LANGUAGES lists them. */
export const ZContentLanguages = z
  .array(ZLanguage)
  .min(1, rule('choose_language'))
  .transform((ls) => LANGUAGES.filter((l) => ls.includes(l)));

// ---------------------------------------------------------------- quizzes

export const QUIZ_PAGE_TYPES = ['onboard', 'correct', 'incorrect', 'ending', 'retry'] as const;
export const ZQuizPageType = z.enum(QUIZ_PAGE_TYPES);
export type QuizPageType = z.infer<typeof ZQuizPageType>;

export const ZQuizButton = z.object({
  text: z
    .string()
    .trim()
    .max(BUTTON_TEXT_MAX, rule('maximum_characters', { max: BUTTON_TEXT_MAX })),
  payload: z
    .string()
    .trim()
    .max(BUTTON_PAYLOAD_MAX, rule('maximum_characters', { max: BUTTON_PAYLOAD_MAX })),
});
export type QuizButton = z.infer<typeof ZQuizButton>;

/** A question in one language. Buttons are padded with empty entries to whole rows (ai.ts `padButtons`). */
export const ZQuestionContent = z.object({
  text: ZText.default(''),
  speech: ZText.default(''),
  buttons: z
    .object({
      num_of_column: z.number().int().min(QUESTION_COLUMNS.min).max(QUESTION_COLUMNS.max).default(1),
      values: z.array(ZQuizButton).max(QUESTION_MAX_BUTTONS).default([]),
    })
    .default({ num_of_column: 1, values: [] }),
  /** Payloads (or, for a button without one, texts) of the buttons that answer right. */
  correct_answers: z.array(z.string().trim().max(BUTTON_PAYLOAD_MAX)).max(QUESTION_MAX_BUTTONS).default([]),
  is_include_image: z.boolean().default(false),
  image_urls: z.array(ZMediaAddress).max(QUESTION_MAX_IMAGES).default([]),
  /** Shown after a wrong answer when the question's show_hints_when_failed is on. */
  hints: ZText.default(''),
});
export type QuestionContent = z.infer<typeof ZQuestionContent>;

/** What a button answers: its payload, or its text when it has none. */
export const buttonAnswer = (b: QuizButton) => (b.payload !== '' ? b.payload : b.text);
/** A button that says nothing (padding). */
export const isBlankButton = (b: QuizButton) => b.text === '' && b.payload === '';

/** Buttons are padded to whole rows of the column count by `padButtons` (ai.ts), as responses are. */

/**
 * Why a question's content in one language cannot be asked, as rules with the path of each field
 * (relative to the content): no text, no answer buttons, no correct answer, a correct answer that no
 * button gives, more correct answers than buttons, images switched on with none.
 */
export function questionContentIssues(c: QuestionContent): { path: (string | number)[]; rule: Rule }[] {
  const issues: { path: (string | number)[]; rule: Rule }[] = [];
  const buttons = c.buttons.values.filter((b) => !isBlankButton(b));
  const answers = new Set(buttons.map(buttonAnswer));
  if (c.text.trim() === '') issues.push({ path: ['text'], rule: makeRule('field_required') });
  if (buttons.length === 0)
    issues.push({ path: ['buttons', 'values'], rule: makeRule('quiz_buttons_required') });
  if (c.correct_answers.length === 0) {
    issues.push({ path: ['correct_answers'], rule: makeRule('quiz_correct_answer_required') });
  } else if (c.correct_answers.length > buttons.length) {
    issues.push({ path: ['correct_answers'], rule: makeRule('quiz_too_many_correct_answers') });
  } else if (c.correct_answers.some((a) => !answers.has(a))) {
    issues.push({ path: ['correct_answers'], rule: makeRule('quiz_answer_not_a_button') });
  }
  if (c.is_include_image && c.image_urls.filter(Boolean).length === 0) {
    issues.push({ path: ['image_urls'], rule: makeRule('field_required') });
  }
  return issues;
}

export const ZQuestionFields = z.object({
  title: ZTitle(QUESTION_TITLE_MAX).default(QUESTION_DEFAULT_TITLE),
  max_attempt: z.number().int().min(QUESTION_ATTEMPTS.min).max(QUESTION_ATTEMPTS.max).default(1),
  show_hints_when_failed: z.boolean().default(false),
  /** Per language of the quiz; a language not of the quiz is 400 language_not_offered. */
  contents: z.partialRecord(ZLanguage, ZQuestionContent).default({}),
});

/** A quiz question. */
export const ZQuizQuestion = z.object({
  id: z.number().int(),
  quiz_id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  max_attempt: z.number().int(),
  show_hints_when_failed: z.boolean(),
  contents: z.partialRecord(ZLanguage, ZQuestionContent),
  /** Languages of the quiz this question can be asked in (complete content). */
  ready_languages: z.array(ZLanguage),
  updated_at: z.string(),
});
export type QuizQuestion = z.infer<typeof ZQuizQuestion>;

/** POST /event_manager/quiz/{quiz_id}/question: a new question, last (every field may be left out). */
export const ZCreateQuestionRequest = ZQuestionFields.partial().extend({ device_id: ZId });
/** PUT /event_manager/quiz/{quiz_id}/question/{question_id}: the whole question. */
export const ZUpdateQuestionRequest = ZQuestionFields.extend({ device_id: ZId });
export type UpdateQuestionRequest = z.input<typeof ZUpdateQuestionRequest>;
export const ZQuestionParams = z.object({ quiz_id: ZId, question_id: ZId });

/** A general page in one language. */
export const ZQuizPageContent = z.object({
  text: ZText.default(''),
  speech: ZText.default(''),
  image_url: ZMediaAddress.default(''),
});
export type QuizPageContent = z.infer<typeof ZQuizPageContent>;

/** A quiz's general page: onboard, correct, incorrect, ending, retry. Off pages are skipped. */
export const ZQuizPage = z.object({
  page_type: ZQuizPageType,
  is_on: z.boolean(),
  contents: z.partialRecord(ZLanguage, ZQuizPageContent),
});
export type QuizPage = z.infer<typeof ZQuizPage>;
export const ZQuizPageParams = z.object({ quiz_id: ZId, page_type: ZQuizPageType });
/** PUT /event_manager/quiz/{quiz_id}/{page_type} */
export const ZUpdateQuizPageRequest = z.object({
  device_id: ZId,
  is_on: z.boolean(),
  contents: z.partialRecord(ZLanguage, ZQuizPageContent).default({}),
});

/** An event that uses a quiz (why the quiz cannot be deleted, or loses a language). */
export const ZEventRef = z.object({ id: z.number().int(), title: z.string() });

/** A quiz in the library list. */
export const ZQuizSummary = z.object({
  quiz_id: z.number().int(),
  quiz_name: z.string(),
  languages: z.array(ZLanguage),
  is_enabled_random_pick: z.boolean(),
  /** With random pick on: questions asked per run (null: all, in a random order). */
  pick_count: z.number().int().nullable(),
  question_count: z.number().int(),
  /** Languages every question of the quiz can be asked in. */
  ready_languages: z.array(ZLanguage),
  used_by: z.array(ZEventRef),
  updated_at: z.string(),
});
export type QuizSummary = z.infer<typeof ZQuizSummary>;

/** A quiz: the quiz with its questions in order and its general pages. */
export const ZQuiz = ZQuizSummary.extend({
  questions: z.array(ZQuizQuestion),
  pages: z.array(ZQuizPage),
});
export type Quiz = z.infer<typeof ZQuiz>;

export const ZQuizParams = z.object({ quiz_id: ZId });
/** POST /event_manager/quiz */
export const ZCreateQuizRequest = z.object({
  device_id: ZId,
  quiz_name: ZTitle(QUIZ_NAME_MAX),
  languages: ZContentLanguages,
});
/**
 * PUT /event_manager/quiz/{quiz_id}: any of the quiz's own fields. `question_ids` is the new order
 * of all its questions (409 conflict when it does not name exactly them). Removing a language an
 * event using the quiz plays is 409 quiz_in_use.
 */
export const ZUpdateQuizRequest = z.object({
  device_id: ZId,
  quiz_name: ZTitle(QUIZ_NAME_MAX).optional(),
  languages: ZContentLanguages.optional(),
  is_enabled_random_pick: z.boolean().optional(),
  pick_count: z.number().int().min(1).max(QUIZ_MAX_QUESTIONS).nullable().optional(),
  question_ids: z.array(ZId).max(QUIZ_MAX_QUESTIONS).optional(),
});
export type UpdateQuizRequest = z.input<typeof ZUpdateQuizRequest>;

// ---------------------------------------------------------------- events

export const ACTIVITY_TYPES = ['video', 'tts', 'quiz', 'nlp'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const VIDEO_REPEAT_OPTIONS = ['once', 'repeat'] as const;

/** A client-made key that stays with an activity through reorders (results are kept per key). */
const ZActivityKey = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/**
 * Activities as saved. Fields may be blank while an operator works; `flowIssues` says what a
 * language's flow still lacks, and an event cannot be current while it lacks anything.
 */
export const ZActivity = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('video'),
    key: ZActivityKey,
    repeat_option: z.enum(VIDEO_REPEAT_OPTIONS).nullable().default(null),
    /** With repeat: plays after the first (0 allowed). */
    repeat_times: z
      .number()
      .int()
      .min(VIDEO_REPEAT_TIMES.min)
      .max(VIDEO_REPEAT_TIMES.max)
      .nullable()
      .default(null),
    url: ZMediaAddress.default(''),
  }),
  z.object({
    type: z.literal('tts'),
    key: ZActivityKey,
    /** Shown on screen. */
    script: ZText.default(''),
    /** Spoken (the device's voice for the flow's language). */
    speech: ZText.default(''),
    is_countdown: z.boolean().default(false),
    countdown: z
      .number()
      .int()
      .min(COUNTDOWN_SECONDS.min)
      .max(COUNTDOWN_SECONDS.max)
      .nullable()
      .default(null),
    image_url: ZMediaAddress.default(''),
  }),
  z.object({
    type: z.literal('quiz'),
    key: ZActivityKey,
    quiz_id: z.number().int().positive().nullable().default(null),
  }),
  z.object({
    type: z.literal('nlp'),
    key: ZActivityKey,
  }),
]);
export type Activity = z.infer<typeof ZActivity>;
export type ActivityInput = z.input<typeof ZActivity>;
export const ZFlows = z.partialRecord(ZLanguage, z.array(ZActivity).max(EVENT_MAX_ACTIVITIES));
export type Flows = z.infer<typeof ZFlows>;

/** What the quiz library says about a quiz, for checking flows that pick it. */
export type QuizFacts = { languages: readonly Language[]; ready_languages: readonly Language[] };

/**
 * The completeness checks of one language's flow: a video needs repeat_option, repeat_times when
 * repeating (0 is allowed) and its upload; tts needs script and speech, and countdown when counting
 * down; a quiz needs a quiz that has a version in that language whose questions are all complete.
 * An empty flow is incomplete too (a kiosk would have nothing to play). Paths are relative to the
 * flow.
 */
export function flowIssues(
  language: Language,
  flow: readonly Activity[],
  quizzes: ReadonlyMap<number, QuizFacts>,
): { path: (string | number)[]; rule: Rule }[] {
  const issues: { path: (string | number)[]; rule: Rule }[] = [];
  const need = (i: number, field: string, r: Rule = makeRule('field_required')) =>
    issues.push({ path: [i, field], rule: r });
  if (flow.length === 0) issues.push({ path: [], rule: makeRule('event_flow_empty') });
  flow.forEach((a, i) => {
    switch (a.type) {
      case 'video':
        if (a.repeat_option === null) need(i, 'repeat_option');
        if (a.repeat_option === 'repeat' && a.repeat_times === null) need(i, 'repeat_times');
        if (a.url === '') need(i, 'url', makeRule('event_video_required'));
        break;
      case 'tts':
        if (a.script.trim() === '') need(i, 'script');
        if (a.speech.trim() === '') need(i, 'speech');
        if (a.is_countdown && a.countdown === null) need(i, 'countdown');
        break;
      case 'quiz': {
        if (a.quiz_id === null) {
          need(i, 'quiz_id');
          break;
        }
        const quiz = quizzes.get(a.quiz_id);
        if (!quiz) need(i, 'quiz_id', makeRule('event_quiz_missing'));
        else if (!quiz.languages.includes(language)) need(i, 'quiz_id', makeRule('event_quiz_language'));
        else if (!quiz.ready_languages.includes(language))
          need(i, 'quiz_id', makeRule('event_quiz_incomplete'));
        break;
      }
      case 'nlp':
        break;
    }
  });
  return issues;
}

/** An event in the list. */
export const ZEventSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  languages: z.array(ZLanguage),
  is_active: z.boolean(),
  /** Every language's flow is complete: the event can be made current. */
  is_complete: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventSummary = z.infer<typeof ZEventSummary>;

/** An event. `version` grows with every save: a PUT naming an older one is 409 event_changed. */
export const ZEvent = ZEventSummary.extend({
  flows: ZFlows,
  version: z.number().int(),
  /** Who saved it last (username), for the "changed meanwhile" notice. */
  updated_by: z.string().nullable(),
});
export type Event = z.infer<typeof ZEvent>;

/** GET /event_manager/overview: the device's events (newest first) and its current one, if any. */
export const ZEventOverview = z.object({
  events: z.array(ZEventSummary),
  active: ZEventSummary.nullable(),
});
export type EventOverview = z.infer<typeof ZEventOverview>;

export const ZEventParams = z.object({ event_id: ZId });
/** POST /event_manager/event: languages must be ones the device offers (400 language_not_offered). */
export const ZCreateEventRequest = z.object({
  device_id: ZId,
  title: ZTitle(EVENT_TITLE_MAX),
  languages: ZContentLanguages,
});
export type CreateEventRequest = z.input<typeof ZCreateEventRequest>;

/**
 * PUT /event_manager/event/{event_id}: any of title, languages, flows, is_active. With `version`
 * (the editor always sends it) a save over someone else's newer one is 409 event_changed and
 * changes nothing. Flows may be incomplete while not current; making an event current (or saving
 * the current one) with an incomplete flow is 400 validation_error listing every field
 * (`flows.<language>.<index>.<field>`). Making one current ends the device's other current event.
 */
export const ZUpdateEventRequest = z.object({
  device_id: ZId,
  version: z.number().int().min(0).optional(),
  title: ZTitle(EVENT_TITLE_MAX).optional(),
  languages: ZContentLanguages.optional(),
  flows: ZFlows.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateEventRequest = z.input<typeof ZUpdateEventRequest>;

/** POST /event_manager/upload (multipart `files`, device_id): what each stored file is. */
export const ZEventUploadQuery = z.object({ device_id: ZId });

// ---------------------------------------------------------------- the kiosk runs it

/** A quiz question as a kiosk asks it in one language (blank buttons dropped, in whole rows). */
export const ZKioskQuestion = z.object({
  id: z.number().int(),
  title: z.string(),
  max_attempt: z.number().int(),
  show_hints_when_failed: z.boolean(),
  text: z.string(),
  speech: z.string(),
  num_of_column: z.number().int(),
  buttons: z.array(ZQuizButton),
  correct_answers: z.array(z.string()),
  image_urls: z.array(z.string()),
  hints: z.string(),
});
export type KioskQuestion = z.infer<typeof ZKioskQuestion>;
export const ZKioskQuizPage = ZQuizPageContent;
export const ZKioskQuiz = z.object({
  quiz_id: z.number().int(),
  name: z.string(),
  is_enabled_random_pick: z.boolean(),
  pick_count: z.number().int().nullable(),
  questions: z.array(ZKioskQuestion),
  /** The general pages that are on, in the flow's language. */
  pages: z.partialRecord(ZQuizPageType, ZKioskQuizPage),
});
export type KioskQuiz = z.infer<typeof ZKioskQuiz>;

export const ZKioskActivity = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('video'),
    key: z.string(),
    /** Times played in all: 1 once, 1 + repeat_times when repeating. */
    plays: z.number().int(),
    url: z.string(),
  }),
  z.object({
    type: z.literal('tts'),
    key: z.string(),
    script: z.string(),
    speech: z.string(),
    /** Seconds to count down, or null. */
    countdown: z.number().int().nullable(),
    image_url: z.string().nullable(),
  }),
  z.object({ type: z.literal('quiz'), key: z.string(), quiz: ZKioskQuiz }),
  z.object({ type: z.literal('nlp'), key: z.string() }),
]);
export type KioskActivity = z.infer<typeof ZKioskActivity>;

/**
 * What a kiosk plays (device config `event`, and the `event:active` socket event): the device's
 * current event, each language's flow resolved (quizzes inside), or null when none is current.
 */
export const ZKioskEvent = z.object({
  event_id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  languages: z.array(ZLanguage),
  flows: z.partialRecord(ZLanguage, z.array(ZKioskActivity)),
});
export type KioskEvent = z.infer<typeof ZKioskEvent>;

export const RUN_OUTCOMES = ['finished', 'left', 'idle', 'stopped'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/** POST /device_api/v1/event_runs: a visitor starts the current event in a language. */
export const ZStartRunRequest = z.object({
  event_id: ZId,
  version: z.number().int().min(0),
  language: ZLanguage,
});
export const ZRunParams = z.object({ run_id: ZId });
export const ZEventRun = z.object({
  run_id: z.number().int(),
  event_id: z.number().int(),
  language: ZLanguage,
  started_at: z.string(),
});
export type EventRun = z.infer<typeof ZEventRun>;

/**
 * POST /device_api/v1/event_runs/{run_id}/progress: the kiosk reached an activity, or a step inside
 * it (`step`: e.g. `playing 2/3`, `countdown`, `question 2/5`, `onboard`). The console's control
 * view shows it live.
 */
export const ZRunProgressRequest = z.object({
  activity_index: z
    .number()
    .int()
    .min(0)
    .max(EVENT_MAX_ACTIVITIES - 1),
  activity_key: z.string().max(40),
  step: z.string().trim().max(100).default(''),
});

/** POST /device_api/v1/event_runs/{run_id}/answers: a button the visitor pressed. The server decides `correct`. */
export const ZRunAnswerRequest = z.object({
  activity_index: z
    .number()
    .int()
    .min(0)
    .max(EVENT_MAX_ACTIVITIES - 1),
  question_id: ZId,
  attempt: z.number().int().min(1).max(QUESTION_ATTEMPTS.max),
  answer: z.string().max(BUTTON_PAYLOAD_MAX),
});
export const ZRunAnswerResponse = z.object({ correct: z.boolean() });

/** POST /device_api/v1/event_runs/{run_id}/end: how the run ended (a second end is ignored). */
export const ZRunEndRequest = z.object({
  outcome: z.enum(RUN_OUTCOMES),
  activity_index: z.number().int().min(0).max(EVENT_MAX_ACTIVITIES),
});

/** server → device (`event:control`): skip the run's current activity, or stop the run. */
export const RUN_CONTROL_ACTIONS = ['skip', 'stop'] as const;
export const ZRunControl = z.object({ run_id: z.number().int(), action: z.enum(RUN_CONTROL_ACTIONS) });
export type RunControl = z.infer<typeof ZRunControl>;

// ---------------------------------------------------------------- control mode and results

/** A run going on now on a kiosk of the device (control mode). */
export const ZLiveRun = z.object({
  run_id: z.number().int(),
  event_id: z.number().int(),
  language: ZLanguage,
  activity_index: z.number().int(),
  activity_type: z.enum(ACTIVITY_TYPES).nullable(),
  step: z.string(),
  started_at: z.string(),
  updated_at: z.string(),
});
export type LiveRun = z.infer<typeof ZLiveRun>;
/** GET /event_manager/event/{event_id}/runs/live */
export const ZLiveRuns = z.array(ZLiveRun);
/** POST /event_manager/event/{event_id}/control */
export const ZControlRunRequest = z.object({
  device_id: ZId,
  run_id: ZId,
  action: z.enum(RUN_CONTROL_ACTIONS),
});

/**
 * GET /event_manager/event/{event_id}/results and …/results/export take `ZDayRangeQuery`
 * (conversations.ts: start_datetime, end_datetime, tz) plus device_id.
 */

export const ZQuestionResult = z.object({
  quiz_id: z.number().int(),
  question_id: z.number().int(),
  title: z.string(),
  language: ZLanguage,
  /** Questions answered (a visitor's last attempt counts). */
  answered: z.number().int(),
  /** Answered right within the allowed attempts. */
  correct: z.number().int(),
  /** correct / answered, 0–1 (null when none answered). */
  correct_rate: z.number().nullable(),
});
export type QuestionResult = z.infer<typeof ZQuestionResult>;

export const ZEventResults = z.object({
  runs_started: z.number().int(),
  runs_finished: z.number().int(),
  by_outcome: z.record(z.enum(RUN_OUTCOMES), z.number().int()),
  /** Per day in the range (in `tz`): runs started and finished. */
  days: z.array(z.object({ date: z.string(), started: z.number().int(), finished: z.number().int() })),
  /**
   * Per language and activity of the current flows: runs that reached the activity and runs that
   * ended there without finishing (drop-off).
   */
  activities: z.array(
    z.object({
      language: ZLanguage,
      index: z.number().int(),
      key: z.string(),
      type: z.enum(ACTIVITY_TYPES),
      reached: z.number().int(),
      dropped: z.number().int(),
    }),
  ),
  questions: z.array(ZQuestionResult),
});
export type EventResults = z.infer<typeof ZEventResults>;

/**
 * GET /event_manager/quiz/{quiz_id}/results: the quiz's questions over every event that used it;
 * …/results/export the same as an xlsx (sheet Questions). Both take the event results' query.
 */
export const ZQuizResults = z.object({ questions: z.array(ZQuestionResult) });
export type QuizResults = z.infer<typeof ZQuizResults>;

/** The console's live event `event_run`: a run started, moved on or ended on a kiosk of `device_id`. */
export const ZEventRunEvent = ZLiveRun.extend({
  name: z.literal('event_run'),
  device_id: z.number().int(),
  ended: z.boolean(),
});
