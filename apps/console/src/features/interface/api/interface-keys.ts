/** Query keys of Interface Settings: the sections, by device. */
export const interfaceKeys = {
  all: ['interface'] as const,
  sections: (deviceId: number | null) => [...interfaceKeys.all, 'sections', deviceId] as const,
};
