import type { ChatEndUser } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys, patchCachedEndUser } from './chat-keys';

/** POST /chat/endusers/{session_id}/end: the operator ends the chat (the kiosk asks for a rating). */
export function useEndChat(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<ChatEndUser>(`/chat/endusers/${encodeURIComponent(sessionId)}/end`)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(chatKeys.endUser(sessionId), saved);
      patchCachedEndUser(queryClient, sessionId, () => saved);
    },
  });
}
