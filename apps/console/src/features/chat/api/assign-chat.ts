import type { ChatEndUser } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys } from './chat-keys';

/** PUT /chat/endusers/{session_id}/assignee: take the chat (own id), or unassign it (null). */
export function useAssignChat(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number | null) =>
      (
        await api.put<ChatEndUser>(`/chat/endusers/${encodeURIComponent(sessionId)}/assignee`, {
          user_id: userId,
        })
      ).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(chatKeys.endUser(sessionId), saved);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
}
