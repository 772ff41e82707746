import type { CallStatus } from '@ambassador/contracts';

/** What the console sends to GET /video_call/list (ZCallListQuery, with its defaults left out). */
export type CallsQuery = {
  limit: number;
  offset: number;
  status?: CallStatus;
  search?: string;
  device_id?: number;
};

/** Query keys of the calls feature; a live event or a status change invalidates `callsKeys.lists()`. */
export const callsKeys = {
  all: ['calls'] as const,
  lists: () => [...callsKeys.all, 'list'] as const,
  list: (projectId: number | null, query: CallsQuery) => [...callsKeys.lists(), projectId, query] as const,
  offlineHours: (deviceId: number | null) => [...callsKeys.all, 'offline-hours', deviceId] as const,
  notification: (deviceId: number | null) => [...callsKeys.all, 'notification', deviceId] as const,
  iceServers: () => [...callsKeys.all, 'ice-servers'] as const,
  deviceLanguages: () => [...callsKeys.all, 'device-languages'] as const,
};
