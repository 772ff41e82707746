import {
  DASHBOARD_MAX_DAYS,
  type EventResults,
  type Language,
  type QuestionResult,
  type QuizResults,
} from '@ambassador/contracts';
import type { Clock } from '../../lib/clock.js';
import { dayRange, daysOf, rethrowUnknownZone, type DayRange } from '../../lib/day-range.js';
import { notFound } from '../../lib/errors.js';
import { writeWorkbook } from '../../lib/spreadsheet/xlsx-write.js';
import type { AnswerCount, KeyCount, ResultsRepo } from './results-repo.js';
import { questionsSheet, resultsSheets } from './results-workbook.js';
import { flowIn, flowsOf, quizzesIn } from './flows.js';
import { abandonedBefore } from './run-flows.js';
import type { RunRepo } from './run-repo.js';

/** start_datetime, end_datetime (days, both included) and tz: ZDayRangeQuery. */
export type ResultsRange = { start_datetime: string; end_datetime: string; tz: string };

const keyOf = (language: string, id: string | number) => `${language}\u0000${id}`;
const countsOf = (rows: KeyCount[]) => new Map(rows.map((c) => [keyOf(c.language, c.key), c.n]));

/** One question's line in one language, from the answers counted (none: zeros, rate null). */
function questionLine(
  question: { id: number; quizId: number; title: string },
  language: Language,
  answers: ReadonlyMap<string, AnswerCount>,
): QuestionResult {
  const n = answers.get(keyOf(language, question.id));
  const answered = n?.answered ?? 0;
  const correct = n?.correct ?? 0;
  return {
    quiz_id: question.quizId,
    question_id: question.id,
    title: question.title,
    language,
    answered,
    correct,
    correct_rate: answered === 0 ? null : correct / answered,
  };
}

/**
 * Results of an event's runs over days in the caller's zone (runs counted by the day they
 * started), and of a quiz over every event of its device; each as an xlsx too. Activities and
 * questions are those of the event's current flows; reached and dropped count by activity key.
 */
export function createResultsService({
  repo,
  runs,
  clock,
}: {
  repo: ResultsRepo;
  runs: Pick<RunRepo, 'event'>;
  clock: Clock;
}) {
  const rangeOf = (q: ResultsRange) => dayRange(q, DASHBOARD_MAX_DAYS);

  async function answersOf(
    scope: Parameters<ResultsRepo['answers']>[0],
    range: DayRange,
    quizId?: number,
  ): Promise<Map<string, AnswerCount>> {
    const rows = await repo.answers(scope, range, quizId).catch(rethrowUnknownZone);
    return new Map(rows.map((a) => [keyOf(a.language, a.question_id), a]));
  }

  async function eventResults(deviceId: number, eventId: number, q: ResultsRange) {
    const range = rangeOf(q);
    const event = await runs.event(eventId, deviceId);
    if (!event) throw notFound('No such event on this device.');
    const scope = { eventId };
    const abandoned = abandonedBefore(clock.now());
    const [totals, days, reached, dropped, answers] = await Promise.all([
      repo.totals(scope, range, abandoned),
      repo.byDay(scope, range),
      repo.reached(scope, range),
      repo.dropped(scope, range, abandoned),
      answersOf(scope, range),
    ]).catch(rethrowUnknownZone);

    const languages = event.languages as Language[];
    const flows = new Map(languages.map((l) => [l, flowIn(flowsOf(event), l)]));
    const quizIdsIn = (language: Language) => [...quizzesIn({ [language]: flows.get(language)! })];
    const quizIds = [...new Set(languages.flatMap(quizIdsIn))];
    const [quizzes, questions] = await Promise.all([
      repo.quizzes(quizIds, deviceId),
      repo.questions(quizIds),
    ]);
    const quizNames = new Map(quizzes.map((z) => [z.id, z.name]));

    const reachedOn = countsOf(reached);
    const droppedOn = countsOf(dropped);
    const dayOf = new Map(days.map((d) => [d.day, d]));
    const results: EventResults = {
      runs_started: totals.started,
      runs_finished: totals.finished,
      by_outcome: {
        finished: totals.finished,
        left: totals.left,
        idle: totals.idle,
        stopped: totals.stopped,
      },
      days: daysOf(range).map((date) => ({
        date,
        started: dayOf.get(date)?.started ?? 0,
        finished: dayOf.get(date)?.finished ?? 0,
      })),
      activities: languages.flatMap((language) =>
        flows.get(language)!.map((a, index) => ({
          language,
          index,
          key: a.key,
          type: a.type,
          reached: reachedOn.get(keyOf(language, a.key)) ?? 0,
          dropped: droppedOn.get(keyOf(language, a.key)) ?? 0,
        })),
      ),
      questions: languages.flatMap((language) =>
        quizIdsIn(language)
          .filter((id) => quizNames.has(id))
          .flatMap((id) =>
            questions.filter((x) => x.quizId === id).map((x) => questionLine(x, language, answers)),
          ),
      ),
    };
    return { event, range, results, quizNames };
  }

  async function quizResults(deviceId: number, quizId: number, q: ResultsRange) {
    const range = rangeOf(q);
    const [quiz] = await repo.quizzes([quizId], deviceId);
    if (!quiz) throw notFound('No such quiz on this device.');
    const [questions, answers] = await Promise.all([
      repo.questions([quizId]),
      answersOf({ deviceId }, range, quizId),
    ]);
    const results: QuizResults = {
      questions: (quiz.languages as Language[]).flatMap((language) =>
        questions.map((x) => questionLine(x, language, answers)),
      ),
    };
    return { quiz, results };
  }

  return {
    async eventResults(deviceId: number, eventId: number, q: ResultsRange): Promise<EventResults> {
      return (await eventResults(deviceId, eventId, q)).results;
    },

    /** The export: the same results as a workbook, named after the event. */
    async exportEventResults(deviceId: number, eventId: number, q: ResultsRange) {
      const { event, range, results, quizNames } = await eventResults(deviceId, eventId, q);
      const content = await writeWorkbook(resultsSheets(event.title, range, results, quizNames));
      return { filename: `${event.title}-results.xlsx`, content };
    },

    /** A quiz's questions in each of its languages, over every run of the device's events. */
    async quizResults(deviceId: number, quizId: number, q: ResultsRange): Promise<QuizResults> {
      return (await quizResults(deviceId, quizId, q)).results;
    },

    /** The quiz's export: its questions as a workbook, named after the quiz. */
    async exportQuizResults(deviceId: number, quizId: number, q: ResultsRange) {
      const { quiz, results } = await quizResults(deviceId, quizId, q);
      const content = await writeWorkbook([questionsSheet(results.questions)]);
      return { filename: `${quiz.name}-results.xlsx`, content };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
