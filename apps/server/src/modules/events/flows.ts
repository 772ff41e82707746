import {
  flowIssues,
  type Activity,
  type Flows,
  type Language,
  type QuizFacts,
  type ValidationIssue,
} from '@ambassador/contracts';
import { ruleIssue } from '../../lib/validate.js';

/** An event's flows as stored (each activity written through `ZActivity`). */
export const flowsOf = (row: { flows: Record<string, unknown[]> }) => row.flows as Flows;

/** A language's flow (none saved yet: empty). */
export const flowIn = (flows: Flows, language: Language): readonly Activity[] => flows[language] ?? [];

/**
 * The completeness checks over every language of an event: each field a flow still lacks, at its
 * path from the event (`flows.<language>.<index>.<field>`), as a 400 lists it.
 */
export function eventIssues(
  languages: readonly Language[],
  flows: Flows,
  quizzes: ReadonlyMap<number, QuizFacts>,
): ValidationIssue[] {
  return languages.flatMap((l) =>
    flowIssues(l, flowIn(flows, l), quizzes).map((issue) =>
      ruleIssue(['flows', l, ...issue.path], issue.rule),
    ),
  );
}

/** The languages whose flow is complete: what a kiosk can play. */
export function completeLanguages(
  languages: readonly Language[],
  flows: Flows,
  quizzes: ReadonlyMap<number, QuizFacts>,
) {
  return languages.filter((l) => flowIssues(l, flowIn(flows, l), quizzes).length === 0);
}

/** The quizzes a flow document picks, in any language. */
export function quizzesIn(flows: Flows): Set<number> {
  const ids = new Set<number>();
  for (const flow of Object.values(flows)) {
    for (const a of flow ?? []) if (a.type === 'quiz' && a.quiz_id !== null) ids.add(a.quiz_id);
  }
  return ids;
}
