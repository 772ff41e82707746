import type { ZAvatarType } from '@ambassador/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/shared/api/client';
import { avatarKeys } from './avatar-keys';

export type AvatarType = z.infer<typeof ZAvatarType>;

/** GET /virtual_avatar/type: the kind made here, how many a device keeps, how long one takes now. */
export function useAvatarType(deviceId: number | null) {
  return useQuery({
    queryKey: [...avatarKeys.device(deviceId), 'type'],
    queryFn: async ({ signal }) =>
      (await api.get<AvatarType>('/virtual_avatar/type', { device_id: deviceId ?? undefined }, signal)).data,
    enabled: deviceId !== null,
  });
}
