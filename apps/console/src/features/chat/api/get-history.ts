import type { ChatMessage } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { withPending } from '../lib/messages';
import { chatKeys, cachedHistory } from './chat-keys';

/** GET /chat/history/{session_id}: oldest first. Reading it marks the visitor's messages read. */
export async function getHistory(sessionId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const { data } = await api.get<ChatMessage[]>(`/chat/history/${encodeURIComponent(sessionId)}`, {}, signal);
  return data;
}

export function historyQueryOptions(sessionId: string | null, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: chatKeys.history(sessionId ?? ''),
    queryFn: async ({ signal, client }) => {
      const server = await getHistory(sessionId!, signal);
      // Sends still on their way stay on screen through a refetch (read after the call, so a
      // message sent while it ran is kept too).
      return withPending(server, cachedHistory(client, sessionId!));
    },
    enabled: sessionId !== null,
    // Opening a chat always reads it: that is what marks its messages read on the server.
    staleTime: 0,
    refetchInterval,
  });
}

export function useHistory(sessionId: string | null, refetchInterval: number | false) {
  return useQuery(historyQueryOptions(sessionId, refetchInterval));
}
