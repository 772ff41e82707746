import { ZTopicFilter, makeRule, type TopicFilter } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { translateRule } from '@/shared/api/api-error';
import { fieldErrors, type FieldErrors } from '@/shared/lib/field-errors';

/** A filter's problems by field (`topics`, `speech`, `text`): the contract's rules, and topics need a text. */
export function filterErrors(t: TFunction, filter: TopicFilter): FieldErrors {
  const check = ZTopicFilter.safeParse(filter);
  const errors: Record<string, string> = check.success ? {} : { ...fieldErrors(t, check.error.issues) };
  if (filter.topics.length > 0 && !filter.text.trim()) {
    errors.text ??= translateRule(t, makeRule('field_required'));
  }
  return errors;
}

export const sameFilter = (a: TopicFilter, b: TopicFilter) =>
  JSON.stringify([a.topics, a.speech.trim(), a.text.trim()]) ===
  JSON.stringify([b.topics, b.speech.trim(), b.text.trim()]);
