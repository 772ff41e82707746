import type { InterfaceSection } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { interfaceKeys } from './interface-keys';

export type UpdateSectionBody = { device_id: number; section_id: string; selected_comp_ids: string[] };

/** PUT /interface/sections: one section's switched-on components; answers every section. */
export async function updateSection(body: UpdateSectionBody): Promise<InterfaceSection[]> {
  const { data } = await api.put<InterfaceSection[]>('/interface/sections', body);
  return data;
}

export function useUpdateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSection,
    onSuccess: (sections, body) => queryClient.setQueryData(interfaceKeys.sections(body.device_id), sections),
  });
}
