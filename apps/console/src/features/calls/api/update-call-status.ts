import type { Call, CallStatusRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { callsKeys } from './calls-keys';

export type CallStatusUpdate = CallStatusRequest & { device_id: number };

/**
 * PUT /video_call/list/{device_id} {real_session_id, status, client_id}: answer or hang up. A call
 * someone else already answered comes back as 409 with the server's message.
 */
export async function updateCallStatus({ device_id, ...body }: CallStatusUpdate): Promise<Call> {
  const { data } = await api.put<Call>(`/video_call/list/${device_id}`, body);
  return data;
}

export function useUpdateCallStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCallStatus,
    // Failed too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsKeys.lists() }),
  });
}
