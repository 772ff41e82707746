import {
  ZUpdateChatEndUserRequest,
  type ChatEndUser,
  type UpdateChatEndUserRequest,
} from '@ambassador/contracts';
import type { TFunction } from 'i18next';

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

/** The contract's English rule messages, in the interface language. */
function translate(t: TFunction, field: EndUserFormField, message: string): string {
  const maximum = /^Maximum (\d+) characters$/.exec(message);
  if (maximum) return t('chat.rules.maximum', { max: Number(maximum[1]) });
  if (message === 'Use digits, spaces and + - ( ) only') return t('chat.rules.mobile_chars');
  if (field === 'tags') return t('chat.rules.tags', { max: MAX_TAGS });
  return message;
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
    errors[field] ??= translate(t, field, issue.message);
  }
  return { ok: false, errors };
}
