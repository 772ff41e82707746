import type { Language } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { translateIssue, type Issue } from '@/shared/lib/rule-message';

/** Translated problems of a form by the path of their field ("contents.english.text"). */
export type FieldErrors = Readonly<Record<string, string>>;

export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** The first problem of each field, from the form's own check or a server's 400 alike. */
export function fieldErrors(t: TFunction, issues: readonly Issue[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issues) out[pathKey(issue.path)] ??= translateIssue(t, issue);
  return out;
}

/** The first of `languages` with a problem under `<prefix><language>.`, to show its tab. */
export function firstLanguageWithError(
  errors: FieldErrors,
  languages: readonly Language[],
  prefix = 'contents.',
): Language | undefined {
  const keys = Object.keys(errors);
  return languages.find((l) => keys.some((k) => k.startsWith(`${prefix}${l}.`)));
}
