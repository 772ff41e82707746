import type { TopicFromGroup, TopicFromGroupRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { conversationsKeys } from './conversations-keys';

/** POST /conversation/fallback_groups/topic: a topic taught the group's questions. */
export async function createTopicFromGroup(body: TopicFromGroupRequest): Promise<TopicFromGroup> {
  const { data } = await api.post<TopicFromGroup>('/conversation/fallback_groups/topic', body);
  return data;
}

export function useCreateTopicFromGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopicFromGroup,
    // The group leaves the list, and its rows in the table now show the topic they were trained into.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsKeys.groups() }),
        queryClient.invalidateQueries({ queryKey: conversationsKeys.lists() }),
      ]),
  });
}
