import { useEffect } from 'react';
import { LIVE_EVENT, type ChatWaitingDevice } from '@ambassador/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useLiveEvent, useLiveStatus } from '@/shared/realtime/live-socket';
import { useMaySeeChats } from '../lib/waiting-store';
import { chatKeys } from './chat-keys';

/** Without the live socket, the waiting chats are asked for this often. */
export const WAITING_POLL_MS = 15_000;

/** GET /chat/waiting: per device of the project, the chats waiting for staff (none left out). */
export async function getWaitingChats(signal?: AbortSignal): Promise<ChatWaitingDevice[]> {
  const { data } = await api.get<ChatWaitingDevice[]>('/chat/waiting', {}, signal);
  return data;
}

export function waitingChatsQueryOptions(enabled: boolean, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: chatKeys.waiting(),
    queryFn: ({ signal }) => getWaitingChats(signal),
    enabled,
    refetchInterval,
    // Changing device empties the cache: the count of the devices' chats stays on screen meanwhile.
    placeholderData: (previous) => previous,
  });
}

/** The chats waiting on every device of the project; empty for a user who may not open Live Chat. */
export function useWaitingChats(): ChatWaitingDevice[] {
  const enabled = useMaySeeChats();
  const live = useLiveStatus();
  const query = useQuery(waitingChatsQueryOptions(enabled, live.connected ? false : WAITING_POLL_MS));
  return enabled ? (query.data ?? []) : [];
}

/**
 * Keeps the waiting chats live, mounted once in the shell (with the chat alerts): any chat change of the project reads
 * them again, and so does every (re)connection of the socket, for what happened while it was away.
 */
export function useWaitingChatsLive(): void {
  const enabled = useMaySeeChats();
  const queryClient = useQueryClient();
  const { connected } = useLiveStatus();
  useLiveEvent(LIVE_EVENT.chatMessage, () => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: chatKeys.waiting() });
  });
  useEffect(() => {
    if (enabled && connected) void queryClient.invalidateQueries({ queryKey: chatKeys.waiting() });
  }, [enabled, connected, queryClient]);
}
