import { LIVE_EVENT, type Avatar, type AvatarPhoto } from '@ambassador/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadWithProgress } from '@/shared/api/client';
import { useLiveEvent } from '@/shared/realtime/live-socket';
import { avatarKeys } from './avatar-keys';

/** While an avatar is being made, the list is asked again this often (live events come sooner). */
export const PRODUCING_POLL_MS = 2_000;

export const isProducing = (a: Avatar) => a.status === 'queued' || a.status === 'producing';

/** GET /virtual_avatar/video_avatar: the device's avatars, oldest first. */
export async function getAvatars(deviceId: number, signal?: AbortSignal): Promise<Avatar[]> {
  const { data } = await api.get<Avatar[]>('/virtual_avatar/video_avatar', { device_id: deviceId }, signal);
  return data;
}

export function avatarsQueryOptions(deviceId: number | null) {
  return queryOptions({
    queryKey: avatarKeys.list(deviceId),
    queryFn: ({ signal }) => getAvatars(deviceId!, signal),
    enabled: deviceId !== null,
    refetchInterval: (query) => (query.state.data?.some(isProducing) ? PRODUCING_POLL_MS : false),
  });
}

export function useAvatars(deviceId: number | null) {
  const queryClient = useQueryClient();
  // The server's `avatar` live event: production moved on, finished or failed.
  useLiveEvent(LIVE_EVENT.avatar, (event) => {
    if (deviceId !== null && event.device_id === deviceId)
      void queryClient.invalidateQueries({ queryKey: avatarKeys.list(deviceId) });
  });
  return useQuery(avatarsQueryOptions(deviceId));
}

/**
 * POST /virtual_avatar/video_avatar/generate: uploads a portrait (progress shown) and answers the
 * face found; a refusal (no face, two faces, too dark…) is thrown with its code.
 */
export async function checkPhoto(
  deviceId: number,
  file: File,
  { onProgress, signal }: { onProgress: (fraction: number) => void; signal?: AbortSignal },
): Promise<AvatarPhoto> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await uploadWithProgress<AvatarPhoto>(
    `/virtual_avatar/video_avatar/generate?device_id=${deviceId}`,
    form,
    { onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0), ...(signal && { signal }) },
  );
  return data;
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (_data: unknown, body: { device_id: number }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: avatarKeys.device(body.device_id) }),
      queryClient.invalidateQueries({ queryKey: ['avatar-preview', body.device_id] }),
    ]);
}

/** POST /virtual_avatar/video_avatar: made from a checked photo, in the background. */
export function useCreateAvatar() {
  return useMutation({
    mutationFn: async (body: { device_id: number; image_id: number; name: string }) =>
      (await api.post<Avatar>('/virtual_avatar/video_avatar', body)).data,
    onSuccess: useRefresh(),
  });
}

/** PUT /virtual_avatar/video_avatar: a new name, or in use / not in use. */
export function useUpdateAvatar() {
  return useMutation({
    mutationFn: async (body: { device_id: number; avatar_id: number; name?: string; is_in_use?: boolean }) =>
      (await api.put<Avatar>('/virtual_avatar/video_avatar', body)).data,
    onSuccess: useRefresh(),
  });
}

/** DELETE /virtual_avatar/video_avatar: for good. */
export function useDeleteAvatar() {
  return useMutation({
    mutationFn: async (body: { device_id: number; avatar_id: number }) => {
      await api.delete<null>('/virtual_avatar/video_avatar', body);
    },
    onSuccess: useRefresh(),
  });
}
