/** Query keys of virtual avatars: every key starts with `['avatars', deviceId]`. */
export const avatarKeys = {
  all: ['avatars'] as const,
  device: (deviceId: number | null) => [...avatarKeys.all, deviceId] as const,
  list: (deviceId: number | null) => [...avatarKeys.device(deviceId), 'list'] as const,
};
