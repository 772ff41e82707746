import type { Conversation, TrainConversationRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { patchCachedRow } from './conversations-keys';

/** POST /conversation/train: teaches the question to a topic; the row comes back with `trained_intent`. */
export async function trainConversation(body: TrainConversationRequest): Promise<Conversation> {
  const { data } = await api.post<Conversation>('/conversation/train', body);
  return data;
}

export function useTrainConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trainConversation,
    onSuccess: (row) => patchCachedRow(queryClient, row.id, () => row),
  });
}
