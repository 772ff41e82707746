import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';

/** Shown where a figure does not exist (no session ended, nothing to divide by). */
export const NO_VALUE = '—';

function tagOf(uiLanguage: string | undefined): string {
  return uiLanguage && isUiLanguage(uiLanguage) ? UI_LANGUAGE_TAGS[uiLanguage] : 'en';
}

/** Formatters made once per language and kind: making one costs far more than formatting with it. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** Seconds as a clock reading: 75 → "1:15", 3725 → "1:02:05"; null → "—". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function formatCount(value: number, uiLanguage?: string): string {
  const tag = tagOf(uiLanguage);
  return formatter(`count:${tag}`, () => new Intl.NumberFormat(tag)).format(value);
}

/** part / whole as a percentage with one decimal; "—" when there is no whole. */
export function formatRate(part: number, whole: number, uiLanguage?: string): string {
  if (whole <= 0) return NO_VALUE;
  const tag = tagOf(uiLanguage);
  return formatter(
    `rate:${tag}`,
    () => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }),
  ).format(part / whole);
}

/** A day of the range for axis ticks and tooltips: "Mar 4" (with the year when asked). */
export function formatDay(day: string, uiLanguage?: string, withYear = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const tag = tagOf(uiLanguage);
  return formatter(
    `day:${tag}:${withYear}`,
    () =>
      new Intl.DateTimeFormat(tag, {
        month: 'short',
        day: 'numeric',
        ...(withYear && { year: 'numeric' }),
        timeZone: 'UTC',
      }),
  ).format(date);
}
