import type { Category, DeleteByIdRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

/** DELETE /ai_config/intents/category {device_id, id}: 409 category_in_use while topics are filed under it. */
export async function deleteCategory(body: DeleteByIdRequest): Promise<void> {
  await api.delete<null>('/ai_config/intents/category', body);
}

/** The category and its sub-categories (empty sub-categories are deleted with it). */
export function categoryWithDescendants(categories: readonly Category[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories) {
      if (category.parent_id !== null && ids.has(category.parent_id) && !ids.has(category.category_id)) {
        ids.add(category.category_id);
        grew = true;
      }
    }
  }
  return ids;
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_data, body) => {
      const deviceId = Number(body.device_id);
      const categories = queryClient.getQueryData<Category[]>(aiKeys.categories(deviceId)) ?? [];
      const gone = categoryWithDescendants(categories, Number(body.id));
      const column = aiKeys.columnFinder(deviceId, null).slice(0, -1);
      // The columns of deleted categories close; asking for them again would only fail.
      return queryClient.invalidateQueries({
        queryKey: aiKeys.all,
        predicate: (query) => {
          const key = query.queryKey;
          const isColumn = column.every((part, index) => key[index] === part);
          return !(isColumn && gone.has(key[column.length] as number));
        },
      });
    },
  });
}
