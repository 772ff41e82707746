import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/api-error';
import { useDeleteDialog } from '@/shared/ui/delete-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useUpdateCategory } from '../api/update-category';

/**
 * Add, rename and delete categories with the snackbar pattern: the category manager and the
 * column browser share them. Each resolves true when the change was made.
 */
export function useCategoryActions() {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const confirmDelete = useDeleteDialog();

  const add = async (name: string, parentId: number | null): Promise<boolean> => {
    if (deviceId === null) return false;
    const result = await notify.run(
      () => create.mutateAsync({ device_id: deviceId, name: name.trim(), parent_id: parentId }),
      { loading: t('common.adding'), success: t('categories.added') },
    );
    return result.ok;
  };

  const rename = async (id: number, name: string): Promise<boolean> => {
    if (deviceId === null) return false;
    const result = await notify.run(
      () => update.mutateAsync({ device_id: deviceId, id, name: name.trim() }),
      {
        loading: t('common.updating'),
        success: t('categories.renamed'),
      },
    );
    return result.ok;
  };

  /** Asks first (Delete confirm, type category); `onDeleted` runs after a successful delete. */
  const askDelete = (category: { id: number; name: string }, onDeleted?: () => void) =>
    confirmDelete.ask({
      type: 'category',
      item: category.name,
      run: async () => {
        if (deviceId === null) return false;
        const result = await notify.run(() => remove.mutateAsync({ device_id: deviceId, id: category.id }), {
          loading: t('common.deleting'),
          success: t('categories.deleted', { name: category.name }),
        });
        if (result.ok) onDeleted?.();
        // A category still holding topics stays as it is; asking again will not help.
        return result.ok || (result.error instanceof ApiError && result.error.code === 'category_in_use');
      },
    });

  return {
    add,
    rename,
    askDelete,
    deleteDialogProps: confirmDelete.dialogProps,
    pending: create.isPending || update.isPending || remove.isPending,
  };
}
