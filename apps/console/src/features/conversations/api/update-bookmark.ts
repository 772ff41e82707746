import type { BookmarkRequest, Conversation } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { conversationsKeys, patchCachedRow } from './conversations-keys';

/** PUT /conversation: bookmarks a conversation or removes its bookmark. */
export async function updateBookmark(body: BookmarkRequest): Promise<Conversation> {
  const { data } = await api.put<Conversation>('/conversation', body);
  return data;
}

export type BookmarkChange = { id: number; device_id: number; bookmarked: boolean };

/**
 * Optimistic: the star changes at once and changes back if the server refuses. The table is not
 * refetched afterwards, so un-starring under "Bookmarked only" does not pull the row away from
 * under the pointer (it can be starred again); the bookmark card is.
 */
export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, device_id, bookmarked }: BookmarkChange) =>
      updateBookmark({ id, device_id, bookmarked }),
    onMutate: async ({ id, bookmarked }) => {
      await queryClient.cancelQueries({ queryKey: conversationsKeys.lists() });
      patchCachedRow(queryClient, id, (row) => ({ ...row, bookmarked }));
    },
    onError: (_error, { id, bookmarked }) => {
      patchCachedRow(queryClient, id, (row) => ({ ...row, bookmarked: !bookmarked }));
    },
    onSuccess: (saved) => {
      if (saved && typeof saved.id === 'number') patchCachedRow(queryClient, saved.id, () => saved);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: conversationsKeys.lists(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: conversationsKeys.bookmarks() });
    },
  });
}
