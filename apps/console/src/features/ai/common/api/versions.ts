import type { AiVersionsResponse, PublishRequest } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, useAiDeviceId, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/versions?device_id=: the live version, the draft's changes since, the versions kept. */
export async function getVersions(deviceId: number, signal?: AbortSignal): Promise<AiVersionsResponse> {
  const { data } = await api.get<AiVersionsResponse>('/ai_config/versions', { device_id: deviceId }, signal);
  return data;
}

export function versionsQueryOptions(deviceId: AiDeviceId) {
  return queryOptions({
    queryKey: aiKeys.versions(deviceId),
    queryFn: ({ signal }) => getVersions(deviceId!, signal),
    enabled: deviceId !== null,
    // Edits are made on other pages: what changed since the publish is read again on every visit.
    staleTime: 0,
  });
}

export function useVersions() {
  return useQuery(versionsQueryOptions(useAiDeviceId()));
}

/** After a publish, restore or stop: every AI query of the device (a restore changes the draft). */
function useVersionMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  const deviceId = useAiDeviceId();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.device(deviceId) }),
  });
}

/** POST /ai_config/versions: the draft goes live as a new version. */
export const usePublish = () =>
  useVersionMutation(async (body: PublishRequest) => {
    const { data, message } = await api.post<{ id: number; number: number }>('/ai_config/versions', body);
    return { ...data, message };
  });

/** POST /ai_config/versions/{id}/restore: the version becomes the draft, and live. */
export const useRestoreVersion = () =>
  useVersionMutation(async ({ deviceId, versionId }: { deviceId: number; versionId: number }) => {
    const { message } = await api.post(`/ai_config/versions/${versionId}/restore`, { device_id: deviceId });
    return { message };
  });

/** DELETE /ai_config/versions/live: no more drafts; edits reach the kiosks at once. */
export const useStopDrafts = () =>
  useVersionMutation(async (deviceId: number) => {
    const { message } = await api.delete(`/ai_config/versions/live?device_id=${deviceId}`);
    return { message };
  });
