import type { ChatEndUser } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys } from './chat-keys';

/** GET /chat/endusers/{session_id}: the visitor of one chat. */
export async function getEndUser(sessionId: string, signal?: AbortSignal): Promise<ChatEndUser> {
  const { data } = await api.get<ChatEndUser>(`/chat/endusers/${encodeURIComponent(sessionId)}`, {}, signal);
  return data;
}

export function endUserQueryOptions(sessionId: string | null, placeholder?: ChatEndUser) {
  return queryOptions({
    queryKey: chatKeys.endUser(sessionId ?? ''),
    queryFn: ({ signal }) => getEndUser(sessionId!, signal),
    enabled: sessionId !== null,
    // The list already knows the visitor: show that while the fresh copy loads.
    placeholderData: placeholder,
  });
}

export function useEndUser(sessionId: string | null, placeholder?: ChatEndUser) {
  return useQuery(endUserQueryOptions(sessionId, placeholder));
}
