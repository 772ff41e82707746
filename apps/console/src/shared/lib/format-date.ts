import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';

/** A date and time in the interface language ('2025-03-04T10:00:00Z' → 'Mar 4, 2025, 10:00 AM'). */
export function formatDateTime(value: string | null | undefined, uiLanguage: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const tag = isUiLanguage(uiLanguage) ? UI_LANGUAGE_TAGS[uiLanguage] : 'en';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
