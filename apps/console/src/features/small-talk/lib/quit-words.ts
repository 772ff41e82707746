import type { TFunction } from 'i18next';
import type { QuitWords } from '@/shared/ui/quit-editing-dialog';

/** What Small Talk's editors ask before unsaved changes are dropped. */
export const quitWords = (t: TFunction): QuitWords => ({
  title: t('small_talk.quit.title'),
  body: t('small_talk.quit.body'),
  quitLabel: t('small_talk.quit.quit'),
});
