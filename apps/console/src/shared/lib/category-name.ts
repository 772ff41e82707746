import { ZCategoryName } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { translateIssue } from '@/shared/lib/rule-message';

/** The contracts' rule for a category name, in the interface language; null when the name is fine. */
export function categoryNameError(t: TFunction, name: string): string | null {
  const result = ZCategoryName.safeParse(name);
  if (result.success) return null;
  return translateIssue(t, result.error.issues[0]!);
}
