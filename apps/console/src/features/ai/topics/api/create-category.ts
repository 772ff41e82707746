import type { Category, CreateCategoryRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

/** POST /ai_config/intents/category: a root category, or a sub-category with parent_id. */
export async function createCategory(body: CreateCategoryRequest): Promise<Category> {
  const { data } = await api.post<Category>('/ai_config/intents/category', body);
  return data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    // Categories show in the category selects, the finder and the topic table.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.all }),
  });
}
