/** The device every document call works on: the selected device, or null before one exists. */
export type MrcDeviceId = number | null;

export type MrcListParams = {
  limit: number;
  offset: number;
  search?: string;
  sort_by: 'filename' | 'status' | 'create_datetime' | 'pages' | 'language';
  order: 'asc' | 'desc';
};

/**
 * Query keys of document scanning. Every key starts with `['mrc', deviceId]`: a device change gives
 * new keys, and invalidating `mrcKeys.device(id)` refreshes everything of one device.
 */
export const mrcKeys = {
  all: ['mrc'] as const,
  device: (deviceId: MrcDeviceId) => [...mrcKeys.all, deviceId] as const,
  lists: (deviceId: MrcDeviceId) => [...mrcKeys.device(deviceId), 'list'] as const,
  list: (deviceId: MrcDeviceId, params: MrcListParams) => [...mrcKeys.lists(deviceId), params] as const,
  text: (deviceId: MrcDeviceId, id: number) => [...mrcKeys.device(deviceId), 'text', id] as const,
  project: (deviceId: MrcDeviceId) => [...mrcKeys.device(deviceId), 'project'] as const,
};
