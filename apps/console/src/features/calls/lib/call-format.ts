import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';

/** The /live_video route with a call selected (the banner's View call, a click in the list). */
export function liveVideoPath(realSessionId: string): string {
  return `/live_video?call=${encodeURIComponent(realSessionId)}`;
}

/** 75 → '1:15', 3725 → '1:02:05': a call's length, as a clock shows it. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Seconds from an ISO time to `now`, never negative (clocks of server and browser differ a little). */
export function secondsSince(iso: string | null, now: number): number {
  if (!iso) return 0;
  const start = Date.parse(iso);
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

function tagOf(uiLanguage: string): string {
  return isUiLanguage(uiLanguage) ? UI_LANGUAGE_TAGS[uiLanguage] : 'en';
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** In the live list: only the time for today's calls, the date too for older ones. */
export function formatCallTime(iso: string, uiLanguage: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = sameDay(date, now)
    ? { timeStyle: 'short' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(tagOf(uiLanguage), options).format(date);
}
