import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { BulkResult } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useUndoAction } from '@/shared/api/undo';
import { useSelection, type Selection } from '@/shared/lib/use-selection';
import { BulkBar } from '@/shared/ui/bulk-bar';
import type { DeleteType } from '@/shared/ui/delete-dialog-text';
import type { useDeleteDialog } from '@/shared/ui/delete-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';

/** What a bulk delete sends: the picked rows, or every row matching the list's filter. */
export type BulkDeleteSelection<F> = { ids: number[] } | { all: true; filter: F };

/**
 * Picking a table's rows and deleting them at once, with Undo in the snackbar: the selection (a
 * new `scope`, a new filter or device, starts with nothing picked) and the bar above the table,
 * whose Delete asks first (the dialog counts them), then says how many went and how many stayed.
 */
export function useBulkDeleteBar<F>({
  type,
  scope,
  filter,
  total,
  pageKeys,
  confirmDelete,
  remove,
  said,
  kept,
  refresh,
  undoable,
  testId,
}: {
  type: DeleteType;
  scope: string;
  /** The list's filter, for "all matching". */
  filter: F;
  /** Rows matching the filter, on every page. */
  total: number;
  /** The page's rows that can be picked. */
  pageKeys: number[];
  confirmDelete: ReturnType<typeof useDeleteDialog>;
  remove: (selection: BulkDeleteSelection<F>) => Promise<BulkResult>;
  /** The notice once done (translated): how many went. */
  said: (count: number) => string;
  /** How many a rule kept (`skipped`), added to the notice when some were. */
  kept?: (count: number) => string;
  /** After an undo: what shows the rows. */
  refresh: () => unknown;
  /** When Undo can take it back unlike a single delete of the type. */
  undoable?: boolean;
  testId: string;
}): { selection: Selection<number>; bar: ReactNode } {
  const { t } = useTranslation();
  const selection = useSelection<number>(scope);
  const undoAction = useUndoAction();

  const askDelete = () =>
    confirmDelete.ask({
      type,
      count: selection.count(total),
      ...(undoable !== undefined && { undoable }),
      run: async () => {
        const result = await notify.run(
          () => remove(selection.all ? { all: true, filter } : { ids: [...selection.keys] }),
          {
            loading: t('common.deleting'),
            success: (done) =>
              done.skipped > 0 && kept ? `${said(done.count)}. ${kept(done.skipped)}` : said(done.count),
            action: (done) => undoAction(done.undo, refresh),
          },
        );
        if (result.ok) selection.clear();
        return result.ok;
      },
    });

  const bar = (
    <BulkBar
      selection={selection}
      total={total}
      pageSelected={pageKeys.length > 0 && pageKeys.every((id) => selection.isSelected(id))}
      testId={testId}
    >
      <Button size="small" color="error" onClick={askDelete} data-testid={`${testId}-delete`}>
        {t('common.delete')}
      </Button>
    </BulkBar>
  );
  return { selection, bar };
}
