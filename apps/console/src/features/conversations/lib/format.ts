import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';

function tagOf(uiLanguage: string | undefined): string {
  return uiLanguage && isUiLanguage(uiLanguage) ? UI_LANGUAGE_TAGS[uiLanguage] : 'en';
}

/** Response time: "850 ms" under a second, "1.2 s" from one on. */
export function formatResponseTime(ms: number, uiLanguage?: string): string {
  const tag = tagOf(uiLanguage);
  if (ms < 1000) return `${new Intl.NumberFormat(tag).format(Math.max(0, Math.round(ms)))} ms`;
  return `${new Intl.NumberFormat(tag, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** Match score with at most two decimals; "—" when nothing was matched. */
export function formatScore(score: number | null, uiLanguage?: string): string {
  if (score === null || !Number.isFinite(score)) return '—';
  return new Intl.NumberFormat(tagOf(uiLanguage), { maximumFractionDigits: 2 }).format(score);
}
