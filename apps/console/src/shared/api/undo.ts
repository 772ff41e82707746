import type { UndoResult, UndoTicket } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { api } from '@/shared/api/client';
import { notify, type SnackbarAction } from '@/shared/ui/snackbar/snackbar-store';

/** POST /undo: the change comes back as it was, all of it. */
export async function undoChange(id: number): Promise<UndoResult> {
  return (await api.post<UndoResult>('/undo', { id })).data;
}

/**
 * The Undo button of a delete's or bulk change's notice: it puts the change back, says so, then
 * `afterUndo` refreshes what shows it. None without a ticket.
 */
export function useUndoAction() {
  const { t } = useTranslation();
  return (ticket: UndoTicket | null | undefined, afterUndo: () => unknown): SnackbarAction | null => {
    if (!ticket) return null;
    let started = false;
    return {
      label: t('undo.action'),
      testId: 'snackbar-undo',
      onClick: () => {
        // A double click undoes once.
        if (started) return;
        started = true;
        void notify
          .run(() => undoChange(ticket.id), {
            loading: t('undo.undoing'),
            success: (result) => t('undo.undone', { count: result.count }),
            error: (e) => errorMessage(e, t('undo.failed')),
          })
          .then((result) => (result.ok ? afterUndo() : undefined));
      },
    };
  };
}
