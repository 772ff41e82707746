import type { InterfaceSection } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { interfaceKeys } from './interface-keys';

/** GET /interface/sections: the device's kiosk sections, each component on or off. */
export async function getSections(deviceId: number, signal?: AbortSignal): Promise<InterfaceSection[]> {
  const { data } = await api.get<InterfaceSection[]>('/interface/sections', { device_id: deviceId }, signal);
  return data;
}

export function sectionsQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: interfaceKeys.sections(deviceId),
    queryFn: ({ signal }) => getSections(deviceId as number, signal),
    enabled: deviceId !== null,
  });
}

export function useSections(deviceId: number | null) {
  return useQuery(sectionsQueryOptions(deviceId));
}
