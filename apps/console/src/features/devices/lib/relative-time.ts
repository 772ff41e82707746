import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago, in the interface language ('5 minutes ago', '5 分鐘前'); under a minute reads as
 * "now". Empty for a missing or unreadable time.
 */
export function formatRelative(
  value: string | null | undefined,
  uiLanguage: string,
  now = Date.now(),
): string {
  if (!value) return '';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const tag = isUiLanguage(uiLanguage) ? UI_LANGUAGE_TAGS[uiLanguage] : 'en';
  const format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  // A device clock slightly ahead of ours must not read as "in 3 seconds".
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) < 60) return format.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}
