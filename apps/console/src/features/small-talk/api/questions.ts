import type { Language, SmallTalkItemInput, SmallTalkQuestions } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { smallTalkKeys } from './small-talk-keys';

/** GET /small_talk/questions: one language's entries, in order (the starter set until edited). */
export async function getQuestions(
  deviceId: number,
  language: Language,
  signal?: AbortSignal,
): Promise<SmallTalkQuestions> {
  const { data } = await api.get<SmallTalkQuestions>(
    '/small_talk/questions',
    { device_id: deviceId, language },
    signal,
  );
  return data;
}

export function questionsQueryOptions(deviceId: number | null, language: Language | null) {
  return queryOptions({
    queryKey: smallTalkKeys.questions(deviceId, language),
    queryFn: ({ signal }) => getQuestions(deviceId as number, language as Language, signal),
    enabled: deviceId !== null && language !== null,
  });
}

export function useSmallTalkQuestions(deviceId: number | null, language: Language | null) {
  return useQuery(questionsQueryOptions(deviceId, language));
}

export type SaveQuestionsBody = {
  device_id: number;
  language: Language;
  items: SmallTalkItemInput[];
  reset?: boolean;
};

/** PUT /small_talk/questions: the language's whole list in order, or (`reset`) the starter set again. */
export async function saveQuestions(body: SaveQuestionsBody): Promise<SmallTalkQuestions> {
  const { data } = await api.put<SmallTalkQuestions>('/small_talk/questions', body);
  return data;
}

export function useSaveSmallTalkQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestions,
    onSuccess: (list, body) =>
      queryClient.setQueryData(smallTalkKeys.questions(body.device_id, body.language), list),
  });
}
