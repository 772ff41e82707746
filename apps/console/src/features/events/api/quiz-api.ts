import type {
  Quiz,
  QuizPage,
  QuizPageType,
  QuizQuestion,
  QuizResults,
  QuizSummary,
  UndoTicket,
  UpdateQuestionRequest,
  UpdateQuizRequest,
  ZCreateQuizRequest,
  ZUpdateQuizPageRequest,
} from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/shared/api/client';
import type { DayRangeQuery } from './events-keys';
import { useRangeExport, useRangeResults } from './range-results';

/*
 * The quiz library's calls (/event_manager/quiz…). Every change refreshes everything under
 * `['events']`: a quiz's questions decide which languages it is ready in, and so whether the events
 * that play it are complete.
 */

const QUIZ = '/event_manager/quiz';

/** Query keys of the quiz library, under the Event Manager's `['events']`. */
export const quizKeys = {
  events: ['events'] as const,
  all: ['events', 'quizzes'] as const,
  list: (deviceId: number) => [...quizKeys.all, 'list', deviceId] as const,
  detail: (deviceId: number, quizId: number) => [...quizKeys.all, 'detail', deviceId, quizId] as const,
  /** Under `all`: any change to the library reads the quiz's results again. */
  results: (deviceId: number, quizId: number, range: DayRangeQuery) =>
    [...quizKeys.all, 'results', deviceId, quizId, range] as const,
};

/** A request body as the console sends it: the device by its number. */
type WithDevice<T> = Omit<T, 'device_id'> & { device_id: number };
export type CreateQuizBody = WithDevice<z.input<typeof ZCreateQuizRequest>>;
export type UpdateQuizBody = WithDevice<UpdateQuizRequest>;
export type UpdateQuestionBody = WithDevice<UpdateQuestionRequest>;
export type UpdateQuizPageBody = WithDevice<z.input<typeof ZUpdateQuizPageRequest>>;

/** GET /event_manager/quiz: the device's quizzes. */
export async function getQuizzes(deviceId: number, signal?: AbortSignal): Promise<QuizSummary[]> {
  return (await api.get<QuizSummary[]>(QUIZ, { device_id: deviceId }, signal)).data;
}

export function quizzesQueryOptions(deviceId: number) {
  return queryOptions({
    queryKey: quizKeys.list(deviceId),
    queryFn: ({ signal }) => getQuizzes(deviceId, signal),
  });
}

export function useQuizzes(deviceId: number) {
  return useQuery(quizzesQueryOptions(deviceId));
}

/** GET /event_manager/quiz/{quiz_id}: the quiz with its questions in order and its general pages. */
export async function getQuiz(deviceId: number, quizId: number, signal?: AbortSignal): Promise<Quiz> {
  return (await api.get<Quiz>(`${QUIZ}/${quizId}`, { device_id: deviceId }, signal)).data;
}

export function useQuiz(deviceId: number, quizId: number) {
  return useQuery(
    queryOptions({
      queryKey: quizKeys.detail(deviceId, quizId),
      queryFn: ({ signal }) => getQuiz(deviceId, quizId, signal),
    }),
  );
}

/**
 * GET /event_manager/quiz/{quiz_id}/results: each question's correct rate per language over the
 * range, counting every event of the device that played the quiz.
 */
export function useQuizResults(deviceId: number, quizId: number, range: DayRangeQuery) {
  return useRangeResults<QuizResults>(
    quizKeys.results(deviceId, quizId, range),
    `${QUIZ}/${quizId}/results`,
    deviceId,
    range,
  );
}

/** GET /event_manager/quiz/{quiz_id}/results/export: the questions as an xlsx file, saved by the browser. */
export function useExportQuizResults(deviceId: number, quizId: number) {
  return useRangeExport(`${QUIZ}/${quizId}/results/export`, deviceId);
}

/** After any change: the library, the quiz and the events that may play it. */
function useRefresh() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    refresh: () => queryClient.invalidateQueries({ queryKey: quizKeys.events }),
    /** The quiz as the server answered, shown before the refetch ends. */
    put: (deviceId: number, quiz: Quiz) =>
      queryClient.setQueryData(quizKeys.detail(deviceId, quiz.quiz_id), quiz),
  };
}

/** POST /event_manager/quiz: a new quiz with a name and languages. */
export function useCreateQuiz() {
  const { refresh, put } = useRefresh();
  return useMutation({
    mutationFn: async (body: CreateQuizBody) => (await api.post<Quiz>(QUIZ, body)).data,
    onSuccess: (quiz, body) => {
      put(body.device_id, quiz);
      void refresh();
    },
  });
}

/**
 * PUT /event_manager/quiz/{quiz_id}: name, languages, random pick, pick count or the questions'
 * order. A refused change (removing a language an event plays: 409 quiz_in_use) reloads the quiz.
 */
export function useUpdateQuiz() {
  const { refresh, put } = useRefresh();
  return useMutation({
    mutationFn: async ({ quizId, ...body }: UpdateQuizBody & { quizId: number }) =>
      (await api.put<Quiz>(`${QUIZ}/${quizId}`, body)).data,
    onSuccess: (quiz, body) => {
      put(body.device_id, quiz);
      void refresh();
    },
    onError: () => void refresh(),
  });
}

/** POST /event_manager/quiz/{quiz_id}/duplicate: "<name> (copy)" with its questions and pages. */
export function useDuplicateQuiz() {
  const { refresh, put } = useRefresh();
  return useMutation({
    mutationFn: async ({ deviceId, quizId }: { deviceId: number; quizId: number }) =>
      (await api.post<Quiz>(`${QUIZ}/${quizId}/duplicate`, { device_id: deviceId })).data,
    onSuccess: (quiz, { deviceId }) => {
      put(deviceId, quiz);
      void refresh();
    },
  });
}

/** DELETE /event_manager/quiz/{quiz_id}: 409 quiz_in_use while events play it. The device goes in both query and body. */
export function useDeleteQuiz() {
  const { refresh, queryClient } = useRefresh();
  return useMutation({
    mutationFn: async ({ deviceId, quizId }: { deviceId: number; quizId: number }) =>
      (
        await request<UndoTicket>('DELETE', `${QUIZ}/${quizId}`, {
          query: { device_id: deviceId },
          body: { device_id: deviceId },
        })
      ).data,
    onSuccess: (_r, { deviceId, quizId }) =>
      queryClient.removeQueries({ queryKey: quizKeys.detail(deviceId, quizId) }),
    // Deleted, or refused because events use it (the list then names them): either way, reload.
    onSettled: () => void refresh(),
  });
}

/** POST /event_manager/quiz/{quiz_id}/question: a new last question, titled 'New Question'. */
export function useCreateQuestion() {
  const { refresh } = useRefresh();
  return useMutation({
    mutationFn: async ({ deviceId, quizId }: { deviceId: number; quizId: number }) =>
      (await api.post<QuizQuestion>(`${QUIZ}/${quizId}/question`, { device_id: deviceId })).data,
    onSuccess: () => void refresh(),
  });
}

/** PUT /event_manager/quiz/{quiz_id}/question/{question_id}: the whole question. */
export function useUpdateQuestion() {
  const { refresh } = useRefresh();
  return useMutation({
    mutationFn: async ({
      quizId,
      questionId,
      ...body
    }: UpdateQuestionBody & { quizId: number; questionId: number }) =>
      (await api.put<QuizQuestion>(`${QUIZ}/${quizId}/question/${questionId}`, body)).data,
    onSuccess: () => void refresh(),
  });
}

/** DELETE /event_manager/quiz/{quiz_id}/question/{question_id}. */
export function useDeleteQuestion() {
  const { refresh } = useRefresh();
  return useMutation({
    mutationFn: async ({
      deviceId,
      quizId,
      questionId,
    }: {
      deviceId: number;
      quizId: number;
      questionId: number;
    }) =>
      request<null>('DELETE', `${QUIZ}/${quizId}/question/${questionId}`, {
        query: { device_id: deviceId },
        body: { device_id: deviceId },
      }),
    onSuccess: () => void refresh(),
  });
}

/** PUT /event_manager/quiz/{quiz_id}/{page_type}: one general page, on or off, with its contents. */
export function useUpdateQuizPage() {
  const { refresh } = useRefresh();
  return useMutation({
    mutationFn: async ({
      quizId,
      pageType,
      ...body
    }: UpdateQuizPageBody & { quizId: number; pageType: QuizPageType }) =>
      (await api.put<QuizPage>(`${QUIZ}/${quizId}/${pageType}`, body)).data,
    onSettled: () => void refresh(),
  });
}
