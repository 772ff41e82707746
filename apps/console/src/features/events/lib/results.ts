import { LANGUAGES, type EventResults, type Language, type QuestionResult } from '@ambassador/contracts';
import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';

type ActivityResult = EventResults['activities'][number];

/** Each language's activities in flow order, languages in the contracts' order. */
export function activitiesByLanguage(results: EventResults): [Language, ActivityResult[]][] {
  return LANGUAGES.flatMap((language) => {
    const list = results.activities.filter((a) => a.language === language).sort((a, b) => a.index - b.index);
    return list.length > 0 ? [[language, list] as [Language, ActivityResult[]]] : [];
  });
}

/** A question with its result in each language it was answered in. */
export type QuestionRow = {
  id: string;
  title: string;
  byLanguage: Partial<Record<Language, QuestionResult>>;
};

/** The questions (one row per quiz question, first seen first) and the languages with answers. */
export function questionTable(questions: readonly QuestionResult[]): {
  rows: QuestionRow[];
  languages: Language[];
} {
  const rows = new Map<string, QuestionRow>();
  for (const q of questions) {
    const id = `${q.quiz_id}-${q.question_id}`;
    const row = rows.get(id) ?? { id, title: q.title, byLanguage: {} };
    row.byLanguage[q.language] = q;
    rows.set(id, row);
  }
  const used = new Set(questions.map((q) => q.language));
  return { rows: [...rows.values()], languages: LANGUAGES.filter((l) => used.has(l)) };
}

/** Every question's answers added up: how many, how many right, and the share right (null for none). */
export function answerTotals(questions: readonly QuestionResult[]): {
  answered: number;
  correct: number;
  rate: number | null;
} {
  const answered = questions.reduce((sum, q) => sum + q.answered, 0);
  const correct = questions.reduce((sum, q) => sum + q.correct, 0);
  return { answered, correct, rate: answered > 0 ? correct / answered : null };
}

const tagOf = (uiLanguage: string | undefined) =>
  uiLanguage && isUiLanguage(uiLanguage) ? UI_LANGUAGE_TAGS[uiLanguage] : 'en';

/** A count in the interface language ("1,234"). */
export function countText(n: number, uiLanguage: string | undefined): string {
  return new Intl.NumberFormat(tagOf(uiLanguage)).format(n);
}

/** A share 0–1 as a whole percentage in the interface language ("67%"). */
export function percent(share: number, uiLanguage: string | undefined): string {
  return new Intl.NumberFormat(tagOf(uiLanguage), { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}

/** A calendar day (YYYY-MM-DD) short, for the chart's axis ("Mar 4"). */
export function shortDay(day: string, uiLanguage: string | undefined): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(tagOf(uiLanguage), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
