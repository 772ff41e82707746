import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { smallTalkKeys } from './small-talk-keys';

type Prompt = { prompt: string };

/** GET /small_talk/prompt: the persona prompt a configured language model is given. */
export async function getPrompt(deviceId: number, signal?: AbortSignal): Promise<Prompt> {
  const { data } = await api.get<Prompt>('/small_talk/prompt', { device_id: deviceId }, signal);
  return data;
}

export function promptQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: smallTalkKeys.prompt(deviceId),
    queryFn: ({ signal }) => getPrompt(deviceId as number, signal),
    enabled: deviceId !== null,
  });
}

export function usePrompt(deviceId: number | null, enabled = true) {
  return useQuery({ ...promptQueryOptions(deviceId), enabled: deviceId !== null && enabled });
}

/** PUT /small_talk/prompt. */
export async function savePrompt(body: Prompt & { device_id: number }): Promise<Prompt> {
  const { data } = await api.put<Prompt>('/small_talk/prompt', body);
  return data;
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrompt,
    onSuccess: (saved, body) => queryClient.setQueryData(smallTalkKeys.prompt(body.device_id), saved),
  });
}
