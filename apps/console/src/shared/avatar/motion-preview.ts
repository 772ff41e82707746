import type { AvatarMotionPreview } from '@ambassador/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/**
 * GET /ai_config/intents/avatar_motion/preview: the player's address (with a short-lived token),
 * the motions it plays and the sentences it speaks, for a topic (`intentId`: its motion too) or
 * an avatar (`avatarId`; default the device's avatar in use). Shared by the avatar screen's motion
 * browser and the topic page's preview.
 */
export async function getMotionPreview(
  deviceId: number,
  opts: { intentId?: number; avatarId?: number },
  signal?: AbortSignal,
): Promise<AvatarMotionPreview> {
  const { data } = await api.get<AvatarMotionPreview>(
    '/ai_config/intents/avatar_motion/preview',
    { device_id: deviceId, intent_id: opts.intentId, avatar_id: opts.avatarId },
    signal,
  );
  return data;
}

export const motionPreviewKey = (deviceId: number | null, opts: { intentId?: number; avatarId?: number }) =>
  ['avatar-preview', deviceId, opts.intentId ?? null, opts.avatarId ?? null] as const;

export function motionPreviewQueryOptions(
  deviceId: number | null,
  opts: { intentId?: number; avatarId?: number },
) {
  return queryOptions({
    queryKey: motionPreviewKey(deviceId, opts),
    queryFn: ({ signal }) => getMotionPreview(deviceId!, opts, signal),
    enabled: deviceId !== null,
    // The token in the player's address lasts 15 minutes: a preview older than 10 is asked again.
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
  });
}

export function useMotionPreview(deviceId: number | null, opts: { intentId?: number; avatarId?: number }) {
  return useQuery(motionPreviewQueryOptions(deviceId, opts));
}
