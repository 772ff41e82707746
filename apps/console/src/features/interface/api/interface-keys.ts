/** Query keys of Interface Settings: the sections and the carousel, by device. */
export const interfaceKeys = {
  all: ['interface'] as const,
  sections: (deviceId: number | null) => [...interfaceKeys.all, 'sections', deviceId] as const,
  carousel: (deviceId: number | null) => [...interfaceKeys.all, 'carousel', deviceId] as const,
};
