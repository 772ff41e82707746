import type { Transfer } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

/** POST /setup/copy_device/undo {id}: restores the destination's data from before the transfer. */
export async function undoTransfer(id: number): Promise<{ transfer: Transfer; message: string }> {
  const { data, message } = await api.post<Transfer>('/setup/copy_device/undo', { id });
  return { transfer: data, message };
}

export function useUndoTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.all }),
  });
}
