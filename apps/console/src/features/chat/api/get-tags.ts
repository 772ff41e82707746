import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys } from './chat-keys';

/** GET /chat/tags: the tags in use on the selected device's chats, for the list's label filter. */
export function useChatTags(deviceId: number | null) {
  return useQuery({
    queryKey: chatKeys.tags(deviceId),
    queryFn: async ({ signal }) => (await api.get<string[]>('/chat/tags', {}, signal)).data,
    enabled: deviceId !== null,
  });
}
