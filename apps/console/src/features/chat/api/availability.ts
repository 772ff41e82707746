import type { ChatAvailability } from '@ambassador/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys } from './chat-keys';

/** GET /chat/availability: whether I am Available or Away on Live Chat. */
export function useChatAvailability() {
  return useQuery({
    queryKey: chatKeys.availability(),
    queryFn: async ({ signal }) => (await api.get<ChatAvailability>('/chat/availability', {}, signal)).data,
  });
}

/** PUT /chat/availability: I am Available or Away (the assign picker shows it next to my name). */
export function useSetChatAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (available: boolean) =>
      (await api.put<ChatAvailability>('/chat/availability', { available })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(chatKeys.availability(), saved);
      void queryClient.invalidateQueries({ queryKey: chatKeys.operators() });
    },
  });
}
