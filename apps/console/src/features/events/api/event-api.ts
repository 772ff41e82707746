import {
  LIVE_EVENT,
  type Event,
  type EventOverview,
  type EventResults,
  type Language,
  type LiveRun,
  type UndoTicket,
  type UpdateEventRequest,
} from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/shared/api/client';
import { useLiveEvent } from '@/shared/realtime/live-socket';
import { eventsKeys, type DayRangeQuery } from './events-keys';
import { quizKeys } from './quiz-api';
import { useRangeExport, useRangeResults } from './range-results';

/*
 * The Event Manager's calls (`/event_manager/*`, docs/api.md): the device's events, one event, its
 * live runs and results, and the device's quizzes to pick from. Every call names the device.
 */

const EVENT = '/event_manager/event';
const eventPath = (eventId: number) => `${EVENT}/${eventId}`;

/** Calls on one event that take no other input: the device in the query and in the body alike. */
const onDevice = (deviceId: number) => ({ query: { device_id: deviceId }, body: { device_id: deviceId } });

// ---------------------------------------------------------------- reading

/** GET /event_manager/overview: the device's events, newest first, and its current one. */
export function overviewQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: eventsKeys.overview(deviceId),
    queryFn: async ({ signal }) =>
      (await api.get<EventOverview>('/event_manager/overview', { device_id: deviceId }, signal)).data,
    enabled: deviceId !== null,
  });
}

export function useEventOverview(deviceId: number | null) {
  return useQuery(overviewQueryOptions(deviceId));
}

/** GET /event_manager/event/{id}: the event with its flows and version. */
export function eventQueryOptions(deviceId: number, eventId: number | null) {
  return queryOptions({
    queryKey: eventsKeys.event(deviceId, eventId),
    queryFn: async ({ signal }) =>
      (await api.get<Event>(eventPath(eventId as number), { device_id: deviceId }, signal)).data,
    enabled: eventId !== null,
    // The editor starts from what it read; a refetch in the background must not replace a draft.
    staleTime: Infinity,
  });
}

export function useEvent(deviceId: number, eventId: number | null) {
  return useQuery(eventQueryOptions(deviceId, eventId));
}

// ---------------------------------------------------------------- changing

/**
 * After any change the list (and the kiosk's current event with it) is read again, and the quiz
 * library, which says which events use each quiz.
 */
function useRefreshOverview() {
  const queryClient = useQueryClient();
  return (deviceId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventsKeys.overview(deviceId) }),
      queryClient.invalidateQueries({ queryKey: quizKeys.all }),
    ]);
}

/** POST /event_manager/event: a new event with its title and languages, flows empty. */
export function useCreateEvent() {
  const refresh = useRefreshOverview();
  return useMutation({
    mutationFn: async (body: { device_id: number; title: string; languages: Language[] }) =>
      (await api.post<Event>(EVENT, body)).data,
    onSuccess: (_event, body) => void refresh(body.device_id),
  });
}

export type UpdateEventInput = Omit<UpdateEventRequest, 'device_id'> & {
  device_id: number;
  event_id: number;
};

/**
 * PUT /event_manager/event/{id}: any of title, languages, flows, is_active. A stale `version` is
 * 409 event_changed; incomplete flows of the current event are 400 validation_error.
 */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  const refresh = useRefreshOverview();
  return useMutation({
    mutationFn: async ({ event_id, ...body }: UpdateEventInput) =>
      (await api.put<Event>(eventPath(event_id), body)).data,
    onSuccess: (event, input) => {
      queryClient.setQueryData(eventsKeys.event(input.device_id, event.id), event);
      void refresh(input.device_id);
    },
  });
}

/** POST /event_manager/event/{id}/duplicate: "<title> (copy)", not current. */
export function useDuplicateEvent() {
  const refresh = useRefreshOverview();
  return useMutation({
    mutationFn: async ({ deviceId, eventId }: { deviceId: number; eventId: number }) =>
      (await request<Event>('POST', `${eventPath(eventId)}/duplicate`, onDevice(deviceId))).data,
    onSuccess: (_event, input) => void refresh(input.deviceId),
  });
}

/** DELETE /event_manager/event/{id}. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  const refresh = useRefreshOverview();
  return useMutation({
    mutationFn: async ({ deviceId, eventId }: { deviceId: number; eventId: number }) =>
      (await request<UndoTicket>('DELETE', eventPath(eventId), onDevice(deviceId))).data,
    onSuccess: (_r, input) => {
      queryClient.removeQueries({ queryKey: eventsKeys.event(input.deviceId, input.eventId) });
      void refresh(input.deviceId);
    },
  });
}

// ---------------------------------------------------------------- control mode

/**
 * GET /event_manager/event/{id}/runs/live: the runs of the event going on now on the device's
 * kiosks, read again whenever a kiosk starts, moves on in or ends one (LIVE_EVENT.eventRun).
 */
export function useLiveRuns(deviceId: number, eventId: number) {
  const queryClient = useQueryClient();
  const key = eventsKeys.liveRuns(deviceId, eventId);
  useLiveEvent(LIVE_EVENT.eventRun, (message) => {
    const about = message.event_id;
    const device = message.device_id;
    if ((about === undefined || about === eventId) && (device === undefined || device === deviceId)) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await api.get<LiveRun[]>(`${eventPath(eventId)}/runs/live`, { device_id: deviceId }, signal)).data,
  });
}

/** POST /event_manager/event/{id}/control: skip the run's current activity, or stop the run. */
export function useControlRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      deviceId: number;
      eventId: number;
      runId: number;
      action: 'skip' | 'stop';
    }) => {
      await api.post<null>(`${eventPath(input.eventId)}/control`, {
        device_id: input.deviceId,
        run_id: input.runId,
        action: input.action,
      });
    },
    // A run that ended meanwhile (409 run_ended) leaves the list too.
    onSettled: (_r, _e, input) =>
      void queryClient.invalidateQueries({ queryKey: eventsKeys.liveRuns(input.deviceId, input.eventId) }),
  });
}

// ---------------------------------------------------------------- results

/** GET /event_manager/event/{id}/results: runs, drop-off and answers over calendar days. */
export function useEventResults(deviceId: number, eventId: number, range: DayRangeQuery) {
  return useRangeResults<EventResults>(
    eventsKeys.results(deviceId, eventId, range),
    `${eventPath(eventId)}/results`,
    deviceId,
    range,
  );
}

/**
 * GET /event_manager/event/{id}/results/export: the results as an xlsx file (summary, days,
 * activities, questions), saved by the browser.
 */
export function useExportEventResults(deviceId: number, eventId: number) {
  return useRangeExport(`${eventPath(eventId)}/results/export`, deviceId);
}
