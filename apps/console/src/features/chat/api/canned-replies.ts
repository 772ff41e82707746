import type { CannedReply, CannedReplyRequest } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { chatKeys } from './chat-keys';

const cannedKey = () => [...chatKeys.all, 'canned'] as const;

/** GET /chat/canned_replies: the project's saved replies, by code. */
export const cannedRepliesQuery = () =>
  queryOptions({
    queryKey: cannedKey(),
    queryFn: async ({ signal }) => (await api.get<CannedReply[]>('/chat/canned_replies', {}, signal)).data,
    staleTime: 60_000,
  });

export function useCannedReplies() {
  return useQuery(cannedRepliesQuery());
}

/** POST (new) or PUT (id) /chat/canned_replies. */
export function useSaveCannedReply(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CannedReplyRequest) =>
      (id === null
        ? await api.post<CannedReply>('/chat/canned_replies', body)
        : await api.put<CannedReply>(`/chat/canned_replies/${id}`, body)
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cannedKey() }),
  });
}

/** DELETE /chat/canned_replies/{id}. */
export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<null>(`/chat/canned_replies/${id}`)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cannedKey() }),
  });
}

/** The reply's text in the chat's language, else its first one. */
export function cannedText(reply: CannedReply, language: string): string {
  const texts = reply.texts as Record<string, string | undefined>;
  return texts[language] ?? Object.values(texts).find(Boolean) ?? '';
}
