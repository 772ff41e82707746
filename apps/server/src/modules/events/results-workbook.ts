import type { EventResults, QuestionResult } from '@ambassador/contracts';
import type { DayRange } from '../../lib/day-range.js';
import type { SheetToWrite } from '../../lib/spreadsheet/xlsx-write.js';

const DAY = 'yyyy-mm-dd';
/** A calendar day as a date cell: its UTC midnight is that day in Excel, whatever the zone. */
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * An event's results as the export's four sheets: Summary (one row), Days, Activities and
 * Questions, with the same numbers GET …/results answers. Days are date cells, rates percentages.
 */
export function resultsSheets(
  title: string,
  range: DayRange,
  results: EventResults,
  quizNames: ReadonlyMap<number, string>,
): SheetToWrite[] {
  const o = results.by_outcome;
  return [
    {
      name: 'Summary',
      columns: [
        ['Event', 30],
        ['From', 12, DAY],
        ['To', 12, DAY],
        ['Time zone', 20],
        ['Runs started', 14],
        ['Runs finished', 14],
        ['Left', 10],
        ['Idle', 10],
        ['Stopped', 10],
      ],
      rows: [
        [
          title,
          dayCell(range.start),
          dayCell(range.end),
          range.tz,
          results.runs_started,
          results.runs_finished,
          o.left,
          o.idle,
          o.stopped,
        ],
      ],
    },
    {
      name: 'Days',
      columns: [
        ['Date', 12, DAY],
        ['Started', 10],
        ['Finished', 10],
      ],
      rows: results.days.map((d) => [dayCell(d.date), d.started, d.finished]),
    },
    {
      name: 'Activities',
      columns: [
        ['Language', 14],
        ['Position', 10],
        ['Activity', 10],
        ['Key', 24],
        ['Reached', 10],
        ['Dropped', 10],
      ],
      rows: results.activities.map((a) => [a.language, a.index + 1, a.type, a.key, a.reached, a.dropped]),
    },
    questionsSheet(results.questions, quizNames),
  ];
}

/**
 * The Questions sheet: each question per language, answered, correct and the correct rate as a
 * percentage. With quiz names (an event's several quizzes) the first column names the quiz.
 */
export function questionsSheet(
  questions: readonly QuestionResult[],
  quizNames?: ReadonlyMap<number, string>,
): SheetToWrite {
  const withQuiz = quizNames !== undefined;
  return {
    name: 'Questions',
    columns: [
      ...(withQuiz ? ([['Quiz', 30]] as const) : []),
      ['Question', 40],
      ['Language', 14],
      ['Answered', 10],
      ['Correct', 10],
      ['Correct rate', 12, '0.0%'],
    ],
    rows: questions.map((q) => [
      ...(withQuiz ? [quizNames.get(q.quiz_id) ?? ''] : []),
      q.title,
      q.language,
      q.answered,
      q.correct,
      q.correct_rate,
    ]),
  };
}
