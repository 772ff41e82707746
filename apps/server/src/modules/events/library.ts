import {
  QUIZ_PAGE_TYPES,
  questionContentIssues,
  type Language,
  type QuestionContent,
  type QuizFacts,
  type QuizPage,
  type QuizPageContent,
  type QuizQuestion,
} from '@ambassador/contracts';
import type { PageRow, QuestionRow, QuizRepo, QuizRow } from './quiz-repo.js';

/**
 * A device's quiz library as the Event Manager reads it: which languages each question and quiz
 * can be asked in, and the facts an event's flows are checked against.
 */

/**
 * The contents a row holds in the quiz's languages. Contents in a language taken off the quiz are
 * kept but not shown: the language added back finds them again.
 */
export function contentsIn<T>(contents: Record<string, unknown>, languages: readonly string[]) {
  return Object.fromEntries(
    languages.flatMap((l) => (contents[l] === undefined ? [] : [[l, contents[l] as T]])),
  ) as Partial<Record<Language, T>>;
}

export const languagesOf = (row: { languages: string[] }) => row.languages as Language[];

/** The languages of the quiz a question's content is complete in. */
export function questionReady(
  languages: readonly Language[],
  contents: Partial<Record<Language, QuestionContent>>,
) {
  return languages.filter((l) => {
    const content = contents[l];
    return content !== undefined && questionContentIssues(content).length === 0;
  });
}

export function toQuestion(row: QuestionRow, languages: readonly Language[]): QuizQuestion {
  const contents = contentsIn<QuestionContent>(row.contents, languages);
  return {
    id: row.id,
    quiz_id: row.quizId,
    position: row.position,
    title: row.title,
    max_attempt: row.maxAttempt,
    show_hints_when_failed: row.showHints,
    contents,
    ready_languages: questionReady(languages, contents),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Languages every question can be asked in; a quiz without questions has none to play. */
export function quizReady(languages: readonly Language[], questions: readonly QuizQuestion[]) {
  if (questions.length === 0) return [];
  return languages.filter((l) => questions.every((q) => q.ready_languages.includes(l)));
}

/** All five general pages, in their order: one never saved is off and empty. */
export function pagesOf(rows: readonly PageRow[], languages: readonly Language[]): QuizPage[] {
  return QUIZ_PAGE_TYPES.map((type) => {
    const row = rows.find((r) => r.pageType === type);
    return {
      page_type: type,
      is_on: row?.isOn ?? false,
      contents: row ? contentsIn<QuizPageContent>(row.contents, languages) : {},
    };
  });
}

/** The device's quizzes with their questions (in order) and what flows are checked against. */
export interface Library {
  quizzes: QuizRow[];
  questions: Map<number, QuizQuestion[]>;
  facts: Map<number, QuizFacts>;
}

export async function loadLibrary(repo: QuizRepo, deviceId: number): Promise<Library> {
  const quizzes = await repo.list(deviceId);
  const rows = await repo.questions(quizzes.map((q) => q.id));
  const questions = new Map<number, QuizQuestion[]>();
  const facts = new Map<number, QuizFacts>();
  for (const quiz of quizzes) {
    const languages = languagesOf(quiz);
    const mine = rows.filter((r) => r.quizId === quiz.id).map((r) => toQuestion(r, languages));
    questions.set(quiz.id, mine);
    facts.set(quiz.id, { languages, ready_languages: quizReady(languages, mine) });
  }
  return { quizzes, questions, facts };
}
