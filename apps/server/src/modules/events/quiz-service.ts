import {
  QUESTION_ATTEMPTS,
  QUESTION_DEFAULT_TITLE,
  QUIZ_MAX_QUESTIONS,
  QUIZ_MAX_QUIZZES,
  QUIZ_NAME_MAX,
  padButtons,
  questionContentIssues,
  type Language,
  type QuestionContent,
  type Quiz,
  type QuizPage,
  type QuizPageType,
  type QuizQuestion,
  type QuizSummary,
  type RuleKey,
  type ZCreateQuestionRequest,
  type ZCreateQuizRequest,
  type ZUpdateQuestionRequest,
  type ZUpdateQuizPageRequest,
  type ZUpdateQuizRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { invalidInput, ruleIssue } from '../../lib/validate.js';
import { namesExactly } from '../../media/batch.js';
import type { KioskEvents } from './kiosk-event.js';
import { languagesOf, loadLibrary, pagesOf, quizReady, toQuestion } from './library.js';
import type { QuestionWrite, QuizRepo, QuizRow, QuizUse } from './quiz-repo.js';
import { copyName, mustOffer, otherLanguages } from './shared.js';

/** Rules a question's content may not break even as a draft: an answer no button gives. */
const REFUSED: ReadonlySet<RuleKey> = new Set(['quiz_too_many_correct_answers', 'quiz_answer_not_a_button']);

/** The events using a quiz, each once, by id. */
const eventsOf = (uses: readonly QuizUse[]) => [
  ...new Map(uses.map((u) => [u.eventId, { id: u.eventId, title: u.title }])).values(),
];
/** “A” or the events “A”, “B”: who uses a quiz, for a 409's message. */
function named(uses: readonly QuizUse[]) {
  const events = eventsOf(uses);
  const titles = events.map((e) => `“${e.title}”`).join(', ');
  return events.length === 1 ? `the event ${titles}` : `the events ${titles}`;
}

const notInLibrary = () =>
  notFound('This quiz is not in this device’s quiz library (it may have been deleted).');
const noQuestion = () => notFound('This question is not in this quiz (it may have been deleted).');

/**
 * The quiz library of a device (Event Manager → Quiz library): quizzes in some of the device's
 * languages, their questions and general pages. Routes reach this with a device the guard has
 * checked is the caller's project's; a quiz of another device is 404. A change to a quiz the
 * current event plays reaches the device's kiosks at once.
 */
export function createQuizService({
  repo,
  live,
  clock,
}: {
  repo: QuizRepo;
  live: KioskEvents;
  clock: Clock;
}) {
  const mustQuiz = async (deviceId: number, id: number) => {
    const quiz = await repo.one(deviceId, id);
    if (!quiz) throw notInLibrary();
    return quiz;
  };

  function summaryOf(row: QuizRow, questions: QuizQuestion[], uses: QuizUse[]): QuizSummary {
    const languages = languagesOf(row);
    return {
      quiz_id: row.id,
      quiz_name: row.name,
      languages,
      is_enabled_random_pick: row.randomPick,
      pick_count: row.pickCount,
      question_count: questions.length,
      ready_languages: quizReady(languages, questions),
      used_by: eventsOf(uses.filter((u) => u.quizId === row.id)),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function read(deviceId: number, id: number): Promise<Quiz> {
    const row = await mustQuiz(deviceId, id);
    const languages = languagesOf(row);
    const [questions, pages, uses] = await Promise.all([
      repo.questions([id]),
      repo.pages([id]),
      repo.usage(deviceId, id),
    ]);
    const asked = questions.map((q) => toQuestion(q, languages));
    return { ...summaryOf(row, asked, uses), questions: asked, pages: pagesOf(pages, languages) };
  }

  /**
   * A question's contents checked against its quiz: only the quiz's languages (400
   * language_not_offered), buttons padded to whole rows, and no correct answer that no button gives
   * (400 validation_error). Anything else may still be missing: a draft saves.
   */
  function checkedContents(quiz: QuizRow, contents: Partial<Record<Language, QuestionContent>>) {
    const languages = languagesOf(quiz);
    mustOffer(languages, Object.keys(contents), 'This quiz');
    const normalised = Object.fromEntries(
      Object.entries(contents).map(([l, c]) => [
        l,
        { ...c, buttons: { ...c.buttons, values: padButtons(c.buttons.values, c.buttons.num_of_column) } },
      ]),
    ) as Partial<Record<Language, QuestionContent>>;
    const refused = Object.entries(normalised).flatMap(([l, c]) =>
      questionContentIssues(c)
        .filter((issue) => REFUSED.has(issue.rule.key))
        .map((issue) => ruleIssue(['contents', l, ...issue.path], issue.rule)),
    );
    if (refused.length > 0) throw invalidInput(refused);
    return normalised;
  }

  async function page(deviceId: number, quizId: number, type: QuizPageType): Promise<QuizPage> {
    const quiz = await mustQuiz(deviceId, quizId);
    const pages = await repo.pages([quizId]);
    return pagesOf(pages, languagesOf(quiz)).find((p) => p.page_type === type)!;
  }

  async function asQuestion(deviceId: number, quizId: number, questionId: number) {
    const quiz = await mustQuiz(deviceId, quizId);
    const row = await repo.question(quizId, questionId);
    if (!row) throw noQuestion();
    return toQuestion(row, languagesOf(quiz));
  }

  return {
    /** The library, by name, each quiz with the languages it is ready in and the events using it. */
    async list(deviceId: number): Promise<QuizSummary[]> {
      const [library, uses] = await Promise.all([loadLibrary(repo, deviceId), repo.usage(deviceId)]);
      return library.quizzes.map((q) => summaryOf(q, library.questions.get(q.id) ?? [], uses));
    },

    get: read,

    async create(input: z.output<typeof ZCreateQuizRequest>) {
      const deviceId = input.device_id;
      mustOffer(await repo.deviceLanguages(deviceId), input.languages);
      if ((await repo.count(deviceId)) >= QUIZ_MAX_QUIZZES) {
        throw conflict(
          `A device’s quiz library holds at most ${QUIZ_MAX_QUIZZES} quizzes. Delete some before adding more.`,
          'too_many_quizzes',
        );
      }
      const row = await repo.insert(
        deviceId,
        { name: input.quiz_name, languages: input.languages },
        clock.now(),
      );
      return read(deviceId, row.id);
    },

    /**
     * The quiz's own fields and its questions' order. A language an event plays the quiz in cannot
     * be taken off it (409 quiz_in_use, naming the events).
     */
    async update(quizId: number, input: z.output<typeof ZUpdateQuizRequest>) {
      const deviceId = input.device_id;
      const quiz = await mustQuiz(deviceId, quizId);
      if (input.languages) {
        mustOffer(await repo.deviceLanguages(deviceId), input.languages);
        const kept = input.languages as string[];
        const lost = (await repo.usage(deviceId, quizId)).filter((u) => !kept.includes(u.language));
        if (lost.length > 0) {
          const languages = [...new Set(lost.map((u) => u.language))].join(', ');
          throw conflict(
            `This quiz is played in ${languages} by ${named(lost)}. Take it out of those flows first, or keep the language.`,
            'quiz_in_use',
          );
        }
      }
      if (input.question_ids) {
        const known = new Set((await repo.questions([quizId])).map((q) => q.id));
        if (!namesExactly(input.question_ids, known)) {
          throw conflict(
            'The quiz’s questions changed since they were loaded (someone added or deleted one). Reload and try again.',
          );
        }
      }
      await repo.update(
        deviceId,
        quiz.id,
        {
          name: input.quiz_name,
          languages: input.languages,
          randomPick: input.is_enabled_random_pick,
          pickCount: input.pick_count,
        },
        input.question_ids,
        clock.now(),
      );
      await live.quizChanged(deviceId, quizId);
      return read(deviceId, quizId);
    },

    /** A copy named "<name> (copy)" with the same questions and pages, used by no event. */
    async duplicate(deviceId: number, quizId: number) {
      const quiz = await mustQuiz(deviceId, quizId);
      if ((await repo.count(deviceId)) >= QUIZ_MAX_QUIZZES) {
        throw conflict(
          `A device’s quiz library holds at most ${QUIZ_MAX_QUIZZES} quizzes. Delete some before adding more.`,
          'too_many_quizzes',
        );
      }
      const id = await repo.duplicate(deviceId, quizId, copyName(quiz.name, QUIZ_NAME_MAX), clock.now());
      if (id === undefined) throw notInLibrary();
      return read(deviceId, id);
    },

    /** A quiz an event plays cannot be deleted: 409 quiz_in_use, naming the events. */
    async mustBeUnused(deviceId: number, quizId: number) {
      await mustQuiz(deviceId, quizId);
      const uses = await repo.usage(deviceId, quizId);
      if (uses.length > 0) {
        throw conflict(
          `This quiz is used by ${named(uses)}. Take it out of their flows first.`,
          'quiz_in_use',
        );
      }
    },

    page,

    /** One general page, on or off, with its contents in the quiz's languages. */
    async savePage(quizId: number, type: QuizPageType, input: z.output<typeof ZUpdateQuizPageRequest>) {
      const deviceId = input.device_id;
      const quiz = await mustQuiz(deviceId, quizId);
      const languages = languagesOf(quiz);
      mustOffer(languages, Object.keys(input.contents), 'This quiz');
      const before = (await repo.pages([quizId])).find((p) => p.pageType === type);
      const contents: Record<string, unknown> = {
        ...otherLanguages(before?.contents ?? {}, languages),
        ...input.contents,
      };
      await repo.savePage(quizId, type, input.is_on, contents, clock.now());
      await live.quizChanged(deviceId, quizId);
      return pagesOf(
        (await repo.pages([quizId])).filter((p) => p.pageType === type),
        languages,
      ).find((p) => p.page_type === type)!;
    },

    question: asQuestion,

    /** A new question after the quiz's last (title 'New Question' unless given). */
    async createQuestion(quizId: number, input: z.output<typeof ZCreateQuestionRequest>) {
      const deviceId = input.device_id;
      const quiz = await mustQuiz(deviceId, quizId);
      if ((await repo.questionCount(quizId)) >= QUIZ_MAX_QUESTIONS) {
        throw conflict(
          `A quiz holds at most ${QUIZ_MAX_QUESTIONS} questions. Delete some before adding more.`,
          'too_many_questions',
        );
      }
      const write: QuestionWrite = {
        title: input.title ?? QUESTION_DEFAULT_TITLE,
        maxAttempt: input.max_attempt ?? QUESTION_ATTEMPTS.default,
        showHints: input.show_hints_when_failed ?? false,
        contents: checkedContents(quiz, input.contents ?? {}),
      };
      const row = await repo.insertQuestion(quizId, write, clock.now());
      await live.quizChanged(deviceId, quizId);
      return toQuestion(row, languagesOf(quiz));
    },

    /** The whole question: its fields and its contents in the quiz's languages. */
    async updateQuestion(quizId: number, questionId: number, input: z.output<typeof ZUpdateQuestionRequest>) {
      const deviceId = input.device_id;
      const quiz = await mustQuiz(deviceId, quizId);
      const before = await repo.question(quizId, questionId);
      if (!before) throw noQuestion();
      const contents = checkedContents(quiz, input.contents);
      const row = await repo.updateQuestion(
        quizId,
        questionId,
        {
          title: input.title,
          maxAttempt: input.max_attempt,
          showHints: input.show_hints_when_failed,
          contents: { ...otherLanguages(before.contents, languagesOf(quiz)), ...contents },
        },
        clock.now(),
      );
      if (!row) throw noQuestion();
      await live.quizChanged(deviceId, quizId);
      return toQuestion(row, languagesOf(quiz));
    },

    async removeQuestion(deviceId: number, quizId: number, questionId: number) {
      await mustQuiz(deviceId, quizId);
      if (!(await repo.removeQuestion(quizId, questionId, clock.now()))) throw noQuestion();
      await live.quizChanged(deviceId, quizId);
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
