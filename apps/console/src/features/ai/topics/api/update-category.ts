import type { Category, UpdateCategoryRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

/** PUT /ai_config/intents/category: rename. */
export async function updateCategory(body: UpdateCategoryRequest): Promise<Category> {
  const { data } = await api.put<Category>('/ai_config/intents/category', body);
  return data;
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    // Topics carry their category's name: refresh everything AI.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.all }),
  });
}
