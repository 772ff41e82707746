import type { ChatOperator } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys } from './chat-keys';

/** GET /chat/operators: who a chat can be assigned to (the project's users who may use Live Chat). */
export function useChatOperators(enabled = true) {
  return useQuery({
    queryKey: chatKeys.operators(),
    queryFn: async ({ signal }) => (await api.get<ChatOperator[]>('/chat/operators', {}, signal)).data,
    staleTime: 30_000,
    enabled,
  });
}
