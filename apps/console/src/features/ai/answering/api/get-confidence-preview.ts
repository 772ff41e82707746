import type { ConfidencePreview } from '@ambassador/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { aiKeys, type AiDeviceId } from '@/features/ai/common/api/ai-keys';

/** GET /ai_config/answer_confidence/preview: what `value` would do to the device's recent questions. */
export async function getConfidencePreview(
  deviceId: number,
  value: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ConfidencePreview> {
  const { data } = await api.get<ConfidencePreview>(
    '/ai_config/answer_confidence/preview',
    { device_id: deviceId, answer_confidence: value, limit },
    signal,
  );
  return data;
}

/**
 * The preview of one value (ask with a debounced value: each call re-asks up to 2,000 questions).
 * The previous value's numbers stay on screen while the next ones load, so they never flash empty.
 */
export function useConfidencePreview(deviceId: AiDeviceId, value: number, limit: number, enabled = true) {
  return useQuery({
    queryKey: aiKeys.confidencePreview(deviceId, value, limit),
    queryFn: ({ signal }) => getConfidencePreview(deviceId!, value, limit, signal),
    enabled: enabled && deviceId !== null,
    placeholderData: keepPreviousData,
  });
}
