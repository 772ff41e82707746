/** Query keys of the devices feature (Admin Settings → Devices); mutations invalidate `devicesKeys.all`. */
export const devicesKeys = {
  all: ['devices'] as const,
  list: () => [...devicesKeys.all, 'list'] as const,
};
