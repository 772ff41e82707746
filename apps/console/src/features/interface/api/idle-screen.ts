import type { IdleMediaType, IdleScreen } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { interfaceKeys } from './interface-keys';

/** GET /idle_screen: the device's idle screen, both lists and its settings. */
export async function getIdleScreen(deviceId: number, signal?: AbortSignal): Promise<IdleScreen> {
  const { data } = await api.get<IdleScreen>('/idle_screen', { device_id: deviceId }, signal);
  return data;
}

export function idleScreenQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: interfaceKeys.idleScreen(deviceId),
    queryFn: ({ signal }) => getIdleScreen(deviceId as number, signal),
    enabled: deviceId !== null,
  });
}

export function useIdleScreen(deviceId: number | null) {
  return useQuery(idleScreenQueryOptions(deviceId));
}

/**
 * POST /idle_screen/media: images or videos already uploaded (resumable uploads), by media id.
 * Answers the whole idle screen.
 */
export async function attachIdleMedia(
  deviceId: number,
  mediaType: IdleMediaType,
  mediaIds: number[],
): Promise<IdleScreen> {
  return (
    await api.post<IdleScreen>('/idle_screen/media', {
      device_id: deviceId,
      media_type: mediaType,
      media_ids: mediaIds,
    })
  ).data;
}

export type UpdateIdleScreenBody = {
  device_id: number;
  media_type_selected: IdleMediaType;
  idle_timeout: number;
  images: Array<{ image_id: number; duration: number }>;
  videos: Array<{ video_id: number }>;
};

/** PUT /idle_screen: which type plays, the timeout, both lists in order with each image's duration. */
export function useUpdateIdleScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateIdleScreenBody) => (await api.put<IdleScreen>('/idle_screen', body)).data,
    onSuccess: (screen, body) => queryClient.setQueryData(interfaceKeys.idleScreen(body.device_id), screen),
    // A refused save: back to what the server has.
    onError: (_e, body) =>
      void queryClient.invalidateQueries({ queryKey: interfaceKeys.idleScreen(body.device_id) }),
  });
}

/** DELETE /idle_screen: one image or one video and its file. */
export function useDeleteIdleItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { device_id: number; image_id?: number; video_id?: number }) =>
      (await api.delete<IdleScreen>('/idle_screen', body)).data,
    onSuccess: (screen, body) => queryClient.setQueryData(interfaceKeys.idleScreen(body.device_id), screen),
  });
}
