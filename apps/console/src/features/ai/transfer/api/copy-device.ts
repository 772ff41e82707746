import type { CopyDeviceRequest, TransferDone } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

/** POST /setup/copy_device {source_id, dest_id}: replaces the destination's AI data with the source's. */
export async function copyDevice(
  body: CopyDeviceRequest,
): Promise<{ transfer: TransferDone; message: string }> {
  const { data, message } = await api.post<TransferDone>('/setup/copy_device', body);
  return { transfer: data, message };
}

export function useCopyDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyDevice,
    // The destination's data and every device's transfer history changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.all }),
  });
}
