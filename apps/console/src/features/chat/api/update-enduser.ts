import type { ChatEndUser, UpdateChatEndUserRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys, patchCachedEndUser } from './chat-keys';

/** PUT /chat/endusers/{session_id}: corrects the visitor's name, mobile and tags. */
export async function updateEndUser(sessionId: string, body: UpdateChatEndUserRequest): Promise<ChatEndUser> {
  const { data } = await api.put<ChatEndUser>(`/chat/endusers/${encodeURIComponent(sessionId)}`, body);
  return data;
}

export function useUpdateEndUser(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChatEndUserRequest) => updateEndUser(sessionId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(chatKeys.endUser(sessionId), saved);
      patchCachedEndUser(queryClient, sessionId, (row) => ({
        ...row,
        name: saved.name,
        mobile: saved.mobile,
        tags: saved.tags,
      }));
      // A search by name or tag may now match differently.
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.tagLists() });
    },
  });
}
