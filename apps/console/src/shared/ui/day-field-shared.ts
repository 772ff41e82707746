import type { UiLanguage } from '@/i18n/languages';

/* What the stand-in field (day-field.tsx) and the real one it loads (day-field-live.tsx) share. */

/** How a day is written in a date field per interface language: 11/17/2026, 2026/11/17. */
export const DAY_FIELD_FORMATS: Record<UiLanguage, string> = {
  en: 'MM/DD/YYYY',
  zhHant: 'YYYY/MM/DD',
  zhHans: 'YYYY/MM/DD',
};
export const DAY_FIELD_WIDTH = 170;

export type DayFieldProps = {
  label: string;
  /** `YYYY-MM-DD`. */
  day: string;
  /** The last day that may be chosen. */
  last: string;
  onCommit: (day: string) => void;
  testId: string;
};

export type LiveDayFieldProps = DayFieldProps & {
  /** Woken by focus: the field takes it (the stand-in it replaces had it). */
  autoFocus: boolean;
  /** Woken by the calendar button: the calendar opens at once. */
  openAtStart: boolean;
};
