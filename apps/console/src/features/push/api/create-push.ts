import type { Push, PushRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { pushKeys } from './push-keys';

/** POST /video_call/push: shows the message on the chosen devices now (or when they reconnect). */
export async function createPush(body: PushRequest): Promise<Push> {
  const { data } = await api.post<Push>('/video_call/push', body);
  return data;
}

export function useCreatePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPush,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.lists() }),
  });
}
