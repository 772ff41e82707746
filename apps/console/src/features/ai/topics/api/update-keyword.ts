import type { Keyword, ZUpdateKeywordRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { invalidateKeywords } from './create-keyword';

export type UpdateKeywordRequest = z.input<typeof ZUpdateKeywordRequest>;

/** PUT /ai_config/intents/keywords: new text of one keyword or phrase. */
export async function updateKeyword(body: UpdateKeywordRequest): Promise<Keyword> {
  const { data } = await api.put<Keyword>('/ai_config/intents/keywords', body);
  return data;
}

export function useUpdateKeyword() {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: (body: Omit<UpdateKeywordRequest, 'device_id'>) =>
      updateKeyword({ ...body, device_id: deviceId ?? 0 }),
    onSuccess: () => invalidateKeywords(queryClient, deviceId),
  });
}
