import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useUndoAction } from '@/shared/api/undo';
import { useSelection, type Selection } from '@/shared/lib/use-selection';
import { BulkBar } from '@/shared/ui/bulk-bar';
import type { useDeleteDialog } from '@/shared/ui/delete-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useBulkDelete, useRefreshEventManager, type BulkTarget } from '../api/bulk-api';

/**
 * Picking events or quizzes and deleting them at once, with Undo in the snackbar: the selection
 * (a new device starts with nothing picked), and the bar above the table. What a rule keeps (the
 * current event, a quiz an event plays) cannot be picked on the page and is `skipped` by the
 * server when "all" takes it; the notice says how many stayed.
 */
export function useBulkDeleteBar({
  target,
  deviceId,
  total,
  pageKeys,
  confirmDelete,
  onDeleted,
}: {
  target: BulkTarget;
  deviceId: number;
  /** Every row of the list, on all pages. */
  total: number;
  /** The page's rows that can be picked. */
  pageKeys: number[];
  confirmDelete: ReturnType<typeof useDeleteDialog>;
  onDeleted?: () => void;
}): { selection: Selection<number>; bar: ReactNode } {
  const { t } = useTranslation();
  const selection = useSelection<number>(String(deviceId));
  const remove = useBulkDelete(target, deviceId);
  const undoAction = useUndoAction();
  const refresh = useRefreshEventManager();

  const askDelete = () =>
    confirmDelete.ask({
      type: target,
      count: selection.count(total),
      run: async () => {
        const result = await notify.run(
          () => remove.mutateAsync(selection.all ? { all: true, filter: {} } : { ids: [...selection.keys] }),
          {
            loading: t('common.deleting'),
            success: (done) => {
              const said = t(`events.bulk.${target}.deleted`, { count: done.count });
              const kept = t(`events.bulk.${target}.skipped`, { count: done.skipped });
              return done.skipped > 0 ? `${said}. ${kept}` : said;
            },
            action: (done) => undoAction(done.undo, refresh),
          },
        );
        if (result.ok) {
          selection.clear();
          onDeleted?.();
        }
        return result.ok;
      },
    });

  const bar = (
    <BulkBar
      selection={selection}
      total={total}
      pageSelected={pageKeys.length > 0 && pageKeys.every((id) => selection.isSelected(id))}
      testId={`${target}-bulk`}
    >
      <Button size="small" color="error" onClick={askDelete} data-testid={`${target}-bulk-delete`}>
        {t('common.delete')}
      </Button>
    </BulkBar>
  );
  return { selection, bar };
}
