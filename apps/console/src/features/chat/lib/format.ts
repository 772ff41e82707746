import type { ChatEndUser } from '@ambassador/contracts';
import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';

function tagOf(uiLanguage: string): string {
  return isUiLanguage(uiLanguage) ? UI_LANGUAGE_TAGS[uiLanguage] : 'en';
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Today's times as 10:05, older ones with their date: what a chat list and a thread show. */
export function formatChatTime(
  value: string | null | undefined,
  uiLanguage: string,
  now = new Date(),
): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = sameDay(date, now)
    ? { timeStyle: 'short' }
    : date.getFullYear() === now.getFullYear()
      ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
      : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(tagOf(uiLanguage), options).format(date);
}

/** The full date and time, for a tooltip. */
export function formatFullTime(value: string, uiLanguage: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(tagOf(uiLanguage), { dateStyle: 'full', timeStyle: 'medium' }).format(date);
}

/** The first 8 characters of a session id: enough to tell visitors apart, short enough to read. */
export function shortSessionId(sessionId: string): string {
  return sessionId.replace(/-/g, '').slice(0, 8);
}

/** When the chat last moved: its last message, else when it opened. */
export function lastActivity(user: ChatEndUser): string {
  return user.last_message_at ?? user.created_at;
}

/** Newest activity first; the server's order for equal times. */
export function byNewestActivity(users: readonly ChatEndUser[]): ChatEndUser[] {
  return users
    .map((user, index) => ({ user, index, at: Date.parse(lastActivity(user)) || 0 }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .map(({ user }) => user);
}
