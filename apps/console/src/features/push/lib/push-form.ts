import {
  LANGUAGES,
  PUSH_DURATION,
  ZPushRequest,
  type Device,
  type Language,
  type PushRequest,
} from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { translateIssue } from '@/shared/lib/rule-message';

/** The tabs a new message starts with; the other languages can be added. */
export const DEFAULT_PUSH_LANGUAGES: readonly Language[] = ['english', 'cantonese', 'mandarin'];

export type PushForm = {
  device_ids: number[];
  /** Tabs shown, in order. */
  languages: Language[];
  texts: Partial<Record<Language, string>>;
  /** /media/… of the uploaded image, or ''. */
  image_url: string;
  /** As typed, so the box can be cleared while editing. */
  duration: string;
  speak: boolean;
};

export type PushFormErrors = { devices?: string; texts?: string; duration?: string } & Partial<
  Record<`text_${Language}`, string>
>;

export function emptyPushForm(devices: readonly Device[]): PushForm {
  return {
    // A project with one device has nothing to choose.
    device_ids: devices.length === 1 ? [devices[0]!.id] : [],
    languages: [...DEFAULT_PUSH_LANGUAGES],
    texts: {},
    image_url: '',
    duration: String(PUSH_DURATION.default),
    speak: false,
  };
}

/** After a push: the next message starts blank, for the same devices and with the same options. */
export function afterPush(form: PushForm): PushForm {
  return { ...form, texts: {}, image_url: '' };
}

/** Languages that can still be added as tabs. */
export function addableLanguages(form: PushForm): Language[] {
  return LANGUAGES.filter((language) => !form.languages.includes(language));
}

/** The POST body: the texts of the shown tabs that are not blank. */
export function pushRequestOf(form: PushForm): PushRequest {
  const texts: Partial<Record<Language, string>> = {};
  for (const language of form.languages) {
    const text = form.texts[language]?.trim();
    if (text) texts[language] = text;
  }
  return {
    device_ids: form.device_ids,
    texts,
    image_url: form.image_url || null,
    duration_seconds: form.duration.trim() === '' ? Number.NaN : Number(form.duration),
    speak: form.speak,
  };
}

/** The body to send, or what is wrong: checked with the contract's own schema, as the server checks it. */
export function validatePushForm(
  form: PushForm,
  t: TFunction,
): { ok: true; body: PushRequest } | { ok: false; errors: PushFormErrors } {
  const request = pushRequestOf(form);
  const parsed = ZPushRequest.safeParse(request);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: PushFormErrors = {};
  // The schema checks the texts only once every field has the right type: say it at once anyway.
  if (Object.keys(request.texts).length === 0) errors.texts = t('push.rules.text');
  for (const issue of parsed.error.issues) {
    const [field, language] = issue.path;
    if (field === 'device_ids') errors.devices ??= t('push.rules.devices');
    else if (field === 'duration_seconds') {
      errors.duration ??= t('push.rules.duration', { min: PUSH_DURATION.min, max: PUSH_DURATION.max });
    } else if (field === 'texts' && typeof language === 'string') {
      errors[`text_${language as Language}`] ??= translateIssue(t, issue);
    } else if (field === 'texts') errors.texts ??= t('push.rules.text');
  }
  return { ok: false, errors };
}

/** The languages a push was written in: English first, then the tabs' order, then any other. */
export function languagesOf(texts: Partial<Record<Language, string>>): Language[] {
  const order = [...DEFAULT_PUSH_LANGUAGES, ...LANGUAGES.filter((l) => !DEFAULT_PUSH_LANGUAGES.includes(l))];
  return order.filter((language) => Boolean(texts[language]));
}

/** The text a history row previews: that of its first language. */
export function previewText(
  texts: Partial<Record<Language, string>>,
): { language: Language; text: string } | null {
  const language = languagesOf(texts)[0];
  return language ? { language, text: texts[language]! } : null;
}
