import {
  ZUpdateChatEndUserRequest,
  ruleOf,
  type ChatEndUser,
  type Rule,
  type UpdateChatEndUserRequest,
} from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { translateRule } from '@/shared/api/api-error';

export const MAX_TAGS = 10;

export type EndUserForm = {
  name: string;
  mobile: string;
  tags: string[];
  /** Typed, not yet a chip. */ tagInput: string;
};
export type EndUserFormField = 'name' | 'mobile' | 'tags';
export type EndUserFormErrors = Partial<Record<EndUserFormField, string>>;

export function formOf(user: ChatEndUser): EndUserForm {
  return { name: user.name, mobile: user.mobile, tags: [...user.tags], tagInput: '' };
}

/** Tags as chips, plus whatever is still typed in the box (so it is not lost on Save); no repeats. */
export function tagsOf(form: EndUserForm): string[] {
  const typed = form.tagInput.split(',').map((tag) => tag.trim());
  const seen = new Set<string>();
  return [...form.tags, ...typed]
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '' && !seen.has(tag) && (seen.add(tag), true));
}

/** The contract's rule in the interface language; the tag list's limits said at once. */
function translate(t: TFunction, field: EndUserFormField, rule: Rule): string {
  if (field === 'tags' && rule.key !== 'maximum_characters') return t('chat.rules.tags', { max: MAX_TAGS });
  return translateRule(t, rule);
}

/** The PUT body, or what is wrong with the form, checked with the contract's own schema. */
export function validateEndUserForm(
  form: EndUserForm,
  t: TFunction,
): { ok: true; body: UpdateChatEndUserRequest } | { ok: false; errors: EndUserFormErrors } {
  const body = { name: form.name, mobile: form.mobile, tags: tagsOf(form) };
  const parsed = ZUpdateChatEndUserRequest.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: EndUserFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as EndUserFormField;
    errors[field] ??= translate(t, field, ruleOf(issue));
  }
  return { ok: false, errors };
}
