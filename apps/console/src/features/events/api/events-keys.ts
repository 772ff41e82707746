/** Calendar days in a time zone, as results and their export take them. */
export type DayRangeQuery = { start_datetime: string; end_datetime: string; tz: string };

/**
 * Query keys of the Event Manager. Each starts with `['events', deviceId]`: choosing another device
 * gives new keys, so nothing of one device shows for another.
 */
export const eventsKeys = {
  all: ['events'] as const,
  device: (deviceId: number | null) => [...eventsKeys.all, deviceId] as const,
  overview: (deviceId: number | null) => [...eventsKeys.device(deviceId), 'overview'] as const,
  event: (deviceId: number | null, eventId: number | null) =>
    [...eventsKeys.device(deviceId), 'event', eventId] as const,
  liveRuns: (deviceId: number | null, eventId: number) =>
    [...eventsKeys.device(deviceId), 'live_runs', eventId] as const,
  results: (deviceId: number | null, eventId: number, range: DayRangeQuery) =>
    [...eventsKeys.device(deviceId), 'results', eventId, range] as const,
};
