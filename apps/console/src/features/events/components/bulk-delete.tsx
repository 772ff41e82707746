import { useTranslation } from 'react-i18next';
import { useBulkDeleteBar } from '@/shared/ui/bulk-delete-bar';
import type { useDeleteDialog } from '@/shared/ui/delete-dialog';
import { useBulkDelete, useRefreshEventManager, type BulkTarget } from '../api/bulk-api';

/**
 * Picking events or quizzes and deleting them at once, with Undo in the snackbar (a new device
 * starts with nothing picked). What a rule keeps (the current event, a quiz an event plays) cannot
 * be picked on the page and is `skipped` by the server when "all" takes it; the notice says so.
 */
export function useEventManagerBulk({
  target,
  deviceId,
  total,
  pageKeys,
  confirmDelete,
}: {
  target: BulkTarget;
  deviceId: number;
  total: number;
  pageKeys: number[];
  confirmDelete: ReturnType<typeof useDeleteDialog>;
}) {
  const { t } = useTranslation();
  const remove = useBulkDelete(target, deviceId);
  const refresh = useRefreshEventManager();
  return useBulkDeleteBar({
    type: target,
    scope: String(deviceId),
    filter: {},
    total,
    pageKeys,
    confirmDelete,
    remove: remove.mutateAsync,
    said: (count) => t(`events.bulk.${target}.deleted`, { count }),
    kept: (count) => t(`events.bulk.${target}.skipped`, { count }),
    refresh,
    testId: `${target}-bulk`,
  });
}
