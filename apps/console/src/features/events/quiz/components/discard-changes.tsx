import { useTranslation } from 'react-i18next';
import { useQuitGuard } from '@/shared/ui/quit-editing-dialog';

/**
 * Closing a quiz editor with unsaved changes asks first: `requestClose` closes at once when nothing
 * changed, else opens the question; render `dialog` beside the editor.
 */
export function useDiscardGuard(dirty: boolean, close: () => void) {
  const { t } = useTranslation();
  return useQuitGuard(dirty, close, {
    title: t('events.quiz.discard.title'),
    body: t('events.quiz.discard.body'),
    quitLabel: t('events.quiz.discard.discard'),
    testId: 'quiz-discard-dialog',
    quitTestId: 'quiz-discard-confirm',
  });
}
