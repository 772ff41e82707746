import type { Conversation } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { conversationsKeys, type ConversationsPage } from './conversations-keys';

/** GET /conversation/session: the questions of the visit a conversation was asked in, oldest first. */
export async function getConversationSession(id: number, signal?: AbortSignal): Promise<ConversationsPage> {
  const { data } = await api.get<Conversation[]>('/conversation/session', { id }, signal);
  return { rows: data, total: data.length };
}

/** Cached per visit: moving between its questions in the detail panel asks once. */
export function useConversationSession(conversation: Conversation | null) {
  return useQuery({
    queryKey: conversation ? conversationsKeys.session(conversation) : conversationsKeys.sessions(),
    queryFn: ({ signal }) => getConversationSession(conversation!.id, signal),
    enabled: conversation !== null,
    staleTime: 30_000,
  });
}
