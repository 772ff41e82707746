import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuitEditingDialog } from '@/shared/ui/quit-editing-dialog';

/**
 * Closing an editor with unsaved changes asks first: `requestClose` closes at once when nothing
 * changed, else opens the question; render `dialog` beside the editor.
 */
export function useDiscardGuard(dirty: boolean, close: () => void) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const dialog = (
    <QuitEditingDialog
      open={asking}
      onKeep={() => setAsking(false)}
      onQuit={() => {
        setAsking(false);
        close();
      }}
      title={t('events.quiz.discard.title')}
      body={t('events.quiz.discard.body')}
      quitLabel={t('events.quiz.discard.discard')}
      testId="quiz-discard-dialog"
      quitTestId="quiz-discard-confirm"
    />
  );
  return { requestClose: () => (dirty ? setAsking(true) : close()), dialog };
}
