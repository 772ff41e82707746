/** Query keys of Interface Settings: the sections, the carousel, the idle screen and the directory, by device. */
export const interfaceKeys = {
  all: ['interface'] as const,
  sections: (deviceId: number | null) => [...interfaceKeys.all, 'sections', deviceId] as const,
  carousel: (deviceId: number | null) => [...interfaceKeys.all, 'carousel', deviceId] as const,
  idleScreen: (deviceId: number | null) => [...interfaceKeys.all, 'idle_screen', deviceId] as const,
  directory: (deviceId: number | null) => [...interfaceKeys.all, 'directory', deviceId] as const,
  directoryPage: (deviceId: number | null, search: string, limit: number, offset: number) =>
    [...interfaceKeys.directory(deviceId), { search, limit, offset }] as const,
};
