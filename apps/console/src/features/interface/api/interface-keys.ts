/** Query keys of Interface Settings: the sections, the carousel and the idle screen, by device. */
export const interfaceKeys = {
  all: ['interface'] as const,
  sections: (deviceId: number | null) => [...interfaceKeys.all, 'sections', deviceId] as const,
  carousel: (deviceId: number | null) => [...interfaceKeys.all, 'carousel', deviceId] as const,
  idleScreen: (deviceId: number | null) => [...interfaceKeys.all, 'idle_screen', deviceId] as const,
};
