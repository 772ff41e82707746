import type { ImportReport } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys } from '@/features/ai/common/api/ai-keys';

export type ImportMode = 'preview' | 'apply';
export type BlankKind = NonNullable<ImportReport['blank_kind']>;
export type ImportTopicsInput = { deviceId: number; file: File; mode: ImportMode; blankKind?: BlankKind };

/**
 * POST /ai_config/intents/import?device_id=&mode=[&blank_kind=]: `preview` reports what the file
 * (xlsx or CSV) would change, `apply` makes the changes (nothing is applied when the file has
 * errors). `blank_kind` says what Keywords rows with a blank Kind are; the server refuses to apply
 * such rows without it.
 */
export async function importTopics({
  deviceId,
  file,
  mode,
  blankKind,
}: ImportTopicsInput): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.upload<ImportReport>('/ai_config/intents/import', form, {
    device_id: deviceId,
    mode,
    ...(blankKind && { blank_kind: blankKind }),
  });
  return data;
}

export function useImportTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTopics,
    onSuccess: (report, input) => {
      if (input.mode === 'apply' && report.applied) {
        // Training… at once, before the refetch says the same.
        if (report.matcher) queryClient.setQueryData(aiKeys.matcherStatus(input.deviceId), report.matcher);
        return queryClient.invalidateQueries({ queryKey: aiKeys.all });
      }
      return undefined;
    },
  });
}
