import { ruleOf } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { translateRule } from '@/shared/api/api-error';

/** An issue a form or the server found, read by its rule, never by its English message. */
export type Issue = Parameters<typeof ruleOf>[0];

/** The rule an issue failed (a form's zod issue, or one of a 400's `issues`) in the interface language. */
export function translateIssue(t: TFunction, issue: Issue): string {
  return translateRule(t, ruleOf(issue));
}
